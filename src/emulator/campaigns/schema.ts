// GET /campaigns/:id/schema: the payload shape derived from the template and the API configuration.
// Native mode: `fields` are the card fields a caller may send. Mapped mode: `fields` are the record
// paths the configuration reads (identifier and short-link source included), so a caller knows its
// own record's shape. Only the fields of the spec's campaign_schema table: which path holds the
// identifier is not among them (a caller learns it from the dry run's `externalId`).
import { SECTION_KEYS } from '../card-policy.js';
import type { CampaignApiConfig, CampaignRecord, SchemaSection, TemplateRecord } from '../model.js';
import type { Store } from '../store.js';
import { getPath } from './mapping.js';

const LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  title: 'Job title',
  company: 'Company',
  bio: 'Bio',
  photoUrl: 'Photo URL',
  companyLogoUrl: 'Company logo URL',
  emails: 'Email addresses',
  phones: 'Phone numbers',
  links: 'Links',
  address: 'Address',
};

const SAMPLE: Record<string, unknown> = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'Engineer',
  company: 'Example Ltd',
  bio: 'Builds analytical engines.',
  photoUrl: 'https://example.com/ada.jpg',
  companyLogoUrl: 'https://example.com/logo.png',
  emails: [{ label: 'Work', value: 'ada@example.com' }],
  phones: [{ label: 'Mobile', value: '+44 20 7946 0000' }],
  links: [{ type: 'linkedin', url: 'linkedin.com/in/ada' }],
  address: { city: 'London', country: 'GB' },
  street: '1 Example Street',
  city: 'London',
  region: 'Greater London',
  postalCode: 'N1 9GU',
  country: 'GB',
};

const sendable = (mode: string | undefined) => mode !== 'locked' && mode !== 'hidden';
const isScalar = (key: string, tpl: TemplateRecord) =>
  !(SECTION_KEYS as readonly string[]).includes(key) && !tpl.sections.some((s) => s.key === key);

export function buildSchema(store: Store, campaign: CampaignRecord, config: CampaignApiConfig, tpl: TemplateRecord) {
  const policy = tpl.policy.fields;
  const sections = tpl.sections.filter((s) => sendable(policy[s.key]?.mode)).map((s) => structuredClone(s));
  const base = {
    object: 'campaign_schema' as const,
    campaignId: campaign.id,
    templateId: tpl.id,
    payloadMode: config.payloadMode,
    fingerprint: store.templateFingerprint(tpl),
    activatedFingerprint: config.activatedFingerprint,
    stale: store.campaignIsStale(campaign),
    sections,
    blocks: structuredClone(tpl.blocks),
  };
  if (config.payloadMode === 'native') {
    const fields = Object.entries(policy)
      .filter(([key, rule]) => isScalar(key, tpl) && sendable(rule.mode))
      .map(([key, rule]) => ({ key, label: pick(LABELS, key) ?? key, required: rule.mode === 'required' }));
    return {
      ...base,
      fields,
      sample: nativeSample(
        fields.map((f) => f.key),
        sections,
      ),
    };
  }
  return { ...base, fields: mappedFields(config, tpl), sample: mappedSample(config) };
}

function nativeSample(keys: string[], sections: SchemaSection[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of keys) fields[key] = pick(SAMPLE, key) ?? `Example ${key}`;
  for (const s of sections) {
    fields[s.key] =
      pick(SAMPLE, s.key) !== undefined
        ? structuredClone(pick(SAMPLE, s.key))
        : [Object.fromEntries(s.props.map((p) => [p.prop, `Example ${p.label.toLowerCase()}`]))];
  }
  return { externalId: 'ext-0001', fields };
}

/** One entry per record path; required when it is the only source of a required card field. */
function mappedFields(config: CampaignApiConfig, tpl: TemplateRecord) {
  const target = (to: string) => to.split('.')[0];
  const sources = new Map<string, number>();
  for (const r of config.rules) sources.set(target(r.to), (sources.get(target(r.to)) ?? 0) + 1);
  const out = config.externalIdPath
    ? [{ key: config.externalIdPath, label: 'Identifier (externalId)', required: true }]
    : [];
  for (const r of config.rules) {
    const t = target(r.to);
    const required = tpl.policy.fields[t]?.mode === 'required' && sources.get(t) === 1;
    const what = r.to.startsWith('address.') ? `Address: ${r.to.slice(8)}` : (pick(LABELS, r.to) ?? r.to);
    out.push({
      key: r.from,
      label: `${what}${r.label ? ` (${r.label})` : r.type ? ` (${r.type})` : ''} → ${r.to}`,
      required,
    });
  }
  if (config.shortLink?.from) out.push({ key: config.shortLink.from, label: 'Short code', required: false });
  return out;
}

function mappedSample(config: CampaignApiConfig): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  if (config.externalIdPath) setPath(record, config.externalIdPath, 'ID-0001');
  for (const r of config.rules) {
    if (getPath(record, r.from) !== undefined) continue;
    const key = r.to.startsWith('address.') ? r.to.slice(8) : r.to;
    const v = pick(SAMPLE, key);
    const value =
      r.to === 'emails'
        ? 'ada@example.com'
        : r.to === 'phones'
          ? '+44 20 7946 0000'
          : r.to === 'links'
            ? 'linkedin.com/in/ada'
            : typeof v === 'string'
              ? v
              : `Example ${key}`;
    setPath(record, r.from, value);
  }
  if (config.shortLink?.from) setPath(record, config.shortLink.from, 'ada-lovelace');
  return record;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Record<string, unknown> = target;
  parts.forEach((p, i) => {
    if (i === parts.length - 1) cur[p] = value;
    else {
      const nextIsIndex = /^\d+$/.test(parts[i + 1]);
      cur[p] ??= nextIsIndex ? [] : {};
      cur = cur[p] as Record<string, unknown>;
    }
  });
}

/** A table entry for a key from a template or a rule (data: `constructor` is not Object.prototype's). */
function pick<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
