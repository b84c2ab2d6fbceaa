// Column specs for campaigns, campaign schemas and dry runs.
import { problemText, sectionShape } from '../../api/schemas/campaigns.js';
import type { TableContext, View } from '../render.js';
import { safeText } from '../sanitize.js';
import { openText } from '../../api/schemas/open.js';

// Structural shapes (output/ never imports api/; the command joins them).
interface Campaign {
  id: string;
  name: string;
  status: string;
  apiEnabled: boolean;
  templateId: string;
  createdAt: string;
}
interface CampaignSchema {
  campaignId: string;
  templateId: string;
  payloadMode: string;
  fingerprint: string;
  activatedFingerprint: string;
  stale: boolean;
  // Entry values are untyped in the spec (openapi/cardqr-api.yaml): shown as they came.
  fields: Array<{ key?: unknown; label?: unknown; required?: unknown }>;
  sections: Array<{ key?: unknown; label?: unknown; kind?: unknown; max?: unknown; props: Array<{ prop?: unknown }> }>;
  blocks: Array<{ id?: unknown; type?: unknown; props: Array<{ prop?: unknown; value?: unknown }> }>;
  sample: Record<string, unknown>;
}
export interface DryRunProblem {
  code?: string;
  message?: string;
  field?: string;
  key?: string;
  reason?: string;
}
interface DryRun {
  ok: boolean;
  externalId?: string | null;
  resolvedFields: Record<string, unknown>;
  unmappedPaths: unknown[];
  shortCode: string | null;
  /** A string or a DryRunProblem as the service sends them; the spec types neither. */
  warnings: unknown[];
  errors: unknown[];
}

export const campaignView: View<Campaign> = {
  columns: [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name', min: 10 },
    { header: 'status', value: 'status', style: 'status' },
    { header: 'api', value: (c) => (c.apiEnabled ? 'on' : 'off'), priority: 2, whole: true },
    { header: 'template', value: 'templateId', style: 'dim', priority: 3, whole: true },
    { header: 'created', value: 'createdAt', style: 'date', priority: 3 },
  ],
  record: [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name' },
    { header: 'status', value: 'status', style: 'status' },
    { header: 'api switch', value: (c) => (c.apiEnabled ? 'on' : 'off') },
    { header: 'template', value: 'templateId' },
    { header: 'created', value: 'createdAt', style: 'date' },
  ],
  csv: ['id', 'name', 'status', 'apiEnabled', 'templateId', 'createdAt'],
};

export const campaignSchemaView: View<CampaignSchema> = {
  columns: [],
  id: (s) => s.campaignId,
  record: [
    { header: 'campaign', value: 'campaignId' },
    { header: 'template', value: 'templateId' },
    {
      header: 'payload mode',
      value: (s) =>
        s.payloadMode === 'native'
          ? 'native (a card document with top-level externalId)'
          : 'mapped (your own record, mapped by the campaign)',
    },
    // The schema does not say where a mapped record keeps its identifier: the dry run resolves it.
    {
      header: 'identifier',
      value: (s) =>
        s.payloadMode === 'native'
          ? 'externalId'
          : 'not shown by the schema (the dry run resolves it; import --id-column <path> names it)',
    },
    {
      header: 'fingerprint',
      value: (s) =>
        `${s.fingerprint}${s.stale ? ` (activated ${s.activatedFingerprint}: STALE, the template changed since)` : ''}`,
    },
  ],
  extra: (s, ctx) => schemaSections(s, ctx),
};

// Keys, labels and values come from the server: every line is escaped (sanitize.ts), the painted titles are ours.
function schemaSections(s: CampaignSchema, { paint }: TableContext): string {
  const out: string[] = [];
  const keyOf = (f: { key?: unknown }) => openText(f.key);
  const width = Math.max(5, ...s.fields.map((f) => keyOf(f).length));
  out.push('', paint('dim', s.payloadMode === 'mapped' ? 'Record paths' : 'Fields'));
  if (!s.fields.length) out.push('  (none)');
  for (const f of s.fields) {
    const need = f.required === true ? 'required' : f.required === false ? 'optional' : openText(f.required);
    out.push(safeText(`  ${keyOf(f).padEnd(width)}  ${need}  ${openText(f.label)}`));
  }
  if (s.sections.length) {
    out.push('', paint('dim', 'Sections'));
    const w = Math.max(...s.sections.map((sec) => keyOf(sec).length));
    for (const sec of s.sections) {
      const key = keyOf(sec);
      const props = sec.props.map((p) => openText(p.prop)).join(', ');
      const listed = `${key}.<n>.{${props}}${typeof sec.max === 'number' ? `, up to ${sec.max}` : ''}`;
      const kind = sectionShape(key, sec.kind, sec.max);
      const shape =
        kind === 'list' ? listed : kind === 'object' ? `${key}.{${props}}` : `${key}.{${props}} or ${listed}`;
      // A kind other than "list" or "object", or a max that is not a number, is shown as it came.
      const odd = [
        sec.kind !== 'list' && sec.kind !== 'object' ? `kind ${openText(sec.kind) || 'null'}` : '',
        sec.kind === 'list' && typeof sec.max !== 'number' ? `max ${openText(sec.max) || 'null'}` : '',
      ].filter(Boolean);
      out.push(
        safeText(`  ${key.padEnd(w)}  ${openText(sec.label)}: ${shape}${odd.length ? ` (${odd.join(', ')})` : ''}`),
      );
    }
  }
  if (s.blocks.length) {
    out.push('', paint('dim', 'Blocks'));
    for (const b of s.blocks)
      out.push(
        safeText(
          `  ${openText(b.id)} (${openText(b.type)}): ${b.props.map((p) => `${openText(p.prop)}=${JSON.stringify(p.value) ?? ''}`).join(', ')}`,
        ),
      );
  }
  out.push('', paint('dim', 'Sample (ready to post)'), safeText(JSON.stringify(s.sample, null, 2)));
  out.push('', paint('dim', 'CSV header for `cardqr campaigns import`'), safeText(csvColumns(s).join(',')), '');
  return out.join('\n');
}

/** The sample's leaves as import columns (native card fields by name: `fields.` is implied). */
function csvColumns(s: CampaignSchema): string[] {
  const out: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
    } else if (path) out.push(s.payloadMode === 'native' ? path.replace(/^fields\./, '') : path);
  };
  walk(s.sample, '');
  return out;
}

export const dryRunView: View<DryRun> = {
  columns: [],
  id: (d) => String(d.externalId ?? ''),
  record: [
    { header: 'ok', value: (d) => (d.ok ? 'yes: the card would be created' : 'no: the card would be refused') },
    { header: 'externalId', value: 'externalId' },
    { header: 'shortCode', value: (d) => d.shortCode ?? '(random)' },
    {
      header: 'fields',
      value: (d) =>
        Object.entries(d.resolvedFields)
          .map(([k, v]) => `${k} = ${typeof v === 'string' ? v : JSON.stringify(v)}`)
          .join('\n'),
    },
    { header: 'unmapped', value: (d) => d.unmappedPaths.map(openText).join('\n') },
    { header: 'warnings', value: (d) => d.warnings.map(problemText).join('\n') },
    { header: 'errors', value: (d) => d.errors.map(problemText).join('\n') },
  ],
};

/** One line for a dry-run warning or error, whatever its shape. */
// The report of `campaigns import` words a refused row the same way (jobs/ do not import output/).
export { problemText };

interface CampaignCard {
  id: string;
  name?: string;
  externalId: string | null;
  shortCode: string;
  url: string;
  status?: string;
  paused: boolean;
}

export const campaignCardView: View<CampaignCard> = {
  columns: [],
  record: [
    { header: 'id', value: 'id' },
    { header: 'externalId', value: 'externalId' },
    { header: 'name', value: 'name' },
    { header: 'status', value: 'status', style: 'status' },
    { header: 'shortCode', value: 'shortCode' },
    { header: 'url', value: 'url', style: 'url' },
    { header: 'paused', value: 'paused', style: 'bool' },
  ],
};
