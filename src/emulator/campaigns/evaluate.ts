// Everything a campaign create-card request is checked for, in the order the create meets them.
// The create answers the first problem; the dry run lists them all (creating nothing).
import { checkShortCode } from '../card-factory.js';
import { validateCardFields } from '../card-policy.js';
import type { ErrorDetail, ErrorType } from '../http.js';
import type { AccountRecord, CampaignApiConfig, CampaignRecord, CardFields, TemplateRecord } from '../model.js';
import type { Store } from '../store.js';
import { getPath, leafPaths, mapRecord, resolveShortLink } from './mapping.js';

export const MAX_EXTERNAL_ID = 128;

export interface Problem {
  status: number;
  type: ErrorType;
  code: string;
  message: string;
  details?: ErrorDetail[];
}

export interface Evaluation {
  externalId: string | null;
  /** What goes to the card factory: the native `fields`, or the mapped ones. */
  rawFields: unknown;
  name?: string;
  /** Fields after template rules (locked and prefilled values applied): the dry run's resolvedFields. */
  fields: CardFields;
  /** Custom short code; null = random. */
  shortCode: string | null;
  unmappedPaths: string[];
  warnings: Array<{ code: string; message: string }>;
  problems: Problem[];
}

interface Input {
  store: Store;
  account: AccountRecord;
  campaign: CampaignRecord;
  config: CampaignApiConfig;
  template: TemplateRecord;
  body: Record<string, unknown>;
}

const NATIVE_TOP = new Set(['externalId', 'shortCode', 'name', 'fields', 'blocks']);

export function evaluate({ store, account, campaign, config, template, body }: Input): Evaluation {
  const problems: Problem[] = [];
  const warnings: Evaluation['warnings'] = [];
  const fieldProblems: ErrorDetail[] = [];
  const native = config.payloadMode === 'native';
  let rawFields: unknown;
  let unmappedPaths: string[];
  let name: string | undefined;
  let customCode: unknown;

  if (native) {
    rawFields = body.fields;
    unmappedPaths = undeclaredNative(body, template, fieldProblems);
    if (body.name !== undefined) {
      if (typeof body.name === 'string') name = body.name;
      else fieldProblems.push({ field: 'name', message: 'Expected string', code: 'invalid_type' });
    }
    customCode = body.shortCode;
  } else {
    const mapped = mapRecord(config, body);
    rawFields = mapped.fields;
    unmappedPaths = mapped.unmappedPaths;
    fieldProblems.push(...mapped.problems);
  }
  if (native && 'templateId' in body) {
    fieldProblems.push({
      field: 'templateId',
      message: 'The campaign owns the template; do not send templateId.',
      code: 'unrecognized_keys',
    });
  }

  // 1. The identifier.
  const rawId = native ? body.externalId : config.externalIdPath ? getPath(body, config.externalIdPath) : undefined;
  const where = native ? 'externalId' : (config.externalIdPath ?? '(no identifier path configured)');
  let externalId: string | null = null;
  if (rawId === undefined || rawId === null) {
    problems.push({
      status: 422,
      type: 'invalid_request',
      code: 'missing_external_id',
      message: `No identifier at ${where}.`,
    });
  } else {
    const id = typeof rawId === 'number' && Number.isFinite(rawId) ? String(rawId) : rawId;
    if (typeof id !== 'string' || id.trim() === '' || id.length > MAX_EXTERNAL_ID) {
      problems.push({
        status: 422,
        type: 'invalid_request',
        code: 'invalid_external_id',
        message: `The identifier at ${where} must be a string or number of 1 to ${MAX_EXTERNAL_ID} characters.`,
      });
    } else {
      externalId = id;
      // 2. Unique inside the campaign, Trash included.
      const dup = store.campaignCardByExternalId(campaign.id, id);
      if (dup.live)
        problems.push({
          status: 409,
          type: 'conflict',
          code: 'duplicate_external_id',
          message: `A card with identifier "${id}" already exists in this campaign (${dup.live.id}).`,
        });
      else if (dup.trashed)
        problems.push({
          status: 409,
          type: 'conflict',
          code: 'duplicate_in_trash',
          message: `The identifier "${id}" belongs to a card in Trash; restore or purge it in the dashboard.`,
        });
    }
  }

  // 3. Keys the schema does not declare.
  if (unmappedPaths.length) {
    if (config.strictKeys) {
      problems.push({
        status: 422,
        type: 'invalid_request',
        code: 'invalid_payload',
        message: 'The payload has keys the campaign schema does not declare.',
        details: unmappedPaths.map((field) => ({
          field,
          message: native ? `Undeclared key "${field}"` : `No mapping rule reads "${field}"`,
        })),
      });
    } else {
      warnings.push({
        code: 'unmapped_paths',
        message: `${unmappedPaths.length} path(s) ignored: ${unmappedPaths.join(', ')}`,
      });
    }
  }

  // 4. Card fields and template rules.
  const check = validateCardFields(rawFields, template, { linkTypes: store.rules.linkTypes });
  fieldProblems.push(...check.problems);
  if (name !== undefined && (name.length < 1 || name.length > 200)) {
    fieldProblems.push({
      field: 'name',
      message: 'Name must be 1 to 200 characters',
      code: name ? 'too_big' : 'too_small',
    });
  }
  if (fieldProblems.length) {
    problems.push({
      status: 422,
      type: 'invalid_request',
      code: 'validation_failed',
      message: 'The card is invalid.',
      details: fieldProblems,
    });
  }

  // 5. The short link: the native shortCode, or the campaign's rule.
  if (!native) customCode = resolveShortLink(config, body, check.fields);
  let shortCode: string | null = null;
  if (customCode !== undefined) {
    const code = typeof customCode === 'string' ? customCode : '';
    const p = checkShortCode(store, code);
    if (p === 'invalid' || p === 'reserved') {
      problems.push({
        status: 422,
        type: 'invalid_request',
        code: 'invalid_short_link',
        message: `The short link "${String(customCode)}" is not usable: letters, numbers and hyphens only, 1 to 100 characters, not a reserved word.`,
      });
    } else if (p) {
      problems.push({
        status: 409,
        type: 'conflict',
        code: 'short_link_already_exists',
        message: `The short link "${code}" is already taken.`,
      });
    }
    shortCode = code;
  }

  // 6. The plan's card allowance.
  if (!store.canCreateCard(account.id)) {
    problems.push({
      status: 403,
      type: 'permission_error',
      code: 'limit_exhausted_cards',
      message: 'All cards your plan covers are in use. Nothing was created.',
    });
  }
  if (store.campaignIsStale(campaign)) {
    warnings.push({
      code: 'stale_configuration',
      message: 'The template changed after the API configuration was activated; re-read the schema.',
    });
  }
  return { externalId, rawFields, name, fields: check.fields, shortCode, unmappedPaths, warnings, problems };
}

/** Native paths the schema does not declare: top-level keys, field keys, item props, block props. */
function undeclaredNative(body: Record<string, unknown>, template: TemplateRecord, problems: ErrorDetail[]): string[] {
  const out: string[] = [];
  for (const key of Object.keys(body)) if (!NATIVE_TOP.has(key) && key !== 'templateId') out.push(key);
  const fields = body.fields;
  if (fields && typeof fields === 'object' && !Array.isArray(fields)) {
    const declared = new Set([...Object.keys(template.policy.fields), ...template.sections.map((s) => s.key)]);
    for (const [key, value] of Object.entries(fields)) {
      if (!declared.has(key)) {
        out.push(`fields.${key}`);
        continue;
      }
      const section = template.sections.find((s) => s.key === key);
      if (!section || !value || typeof value !== 'object') continue;
      const props = new Set(section.props.map((p) => p.prop));
      const items = Array.isArray(value) ? value : [value];
      items.forEach((item, i) => {
        if (!item || typeof item !== 'object') return;
        const at = Array.isArray(value) ? `fields.${key}.${i}` : `fields.${key}`;
        for (const prop of Object.keys(item)) if (!props.has(prop)) out.push(`${at}.${prop}`);
      });
    }
  }
  const blocks = body.blocks;
  if (blocks !== undefined) {
    if (!blocks || typeof blocks !== 'object' || Array.isArray(blocks)) {
      problems.push({
        field: 'blocks',
        message: 'Expected an object of block id → {prop: value}',
        code: 'invalid_type',
      });
    } else {
      for (const [id, props] of Object.entries(blocks)) {
        const block = template.blocks.find((b) => b.id === id);
        if (!block) {
          out.push(`blocks.${id}`);
          continue;
        }
        const declared = new Set(block.props.map((p) => p.prop));
        for (const prop of Object.keys(props && typeof props === 'object' ? props : {}))
          if (!declared.has(prop)) out.push(`blocks.${id}.${prop}`);
      }
    }
  }
  return out;
}

/** Card fields as dotted path → value (the dry run's resolvedFields). */
export function dottedFields(fields: CardFields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of leafPaths(fields)) out[path] = getPath(fields, path);
  return out;
}
