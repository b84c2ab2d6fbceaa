// Campaign ingestion objects (api-spec "Campaign ingestion"): loose objects, new fields may appear.
// zod/mini: the same checks as classic zod at a fraction of its start-up cost.
import * as z from 'zod/mini';
import { openText } from './open.js';

export const Campaign = z.looseObject({
  object: z.literal('campaign'),
  id: z.string(),
  name: z.string(),
  status: z.string(),
  apiEnabled: z.boolean(),
  templateId: z.string(),
  createdAt: z.string(),
});
export type Campaign = z.infer<typeof Campaign>;

// The entries of `fields`, `sections` and `blocks` name their keys without types (api-spec.md
// §campaign_schema): any value is accepted and shown as it came (`kind` need not be a string, `max` may be null).
export const SchemaField = z.looseObject({ key: z.unknown(), label: z.unknown(), required: z.unknown() });
export const SchemaSection = z.looseObject({
  key: z.unknown(),
  label: z.unknown(),
  kind: z.optional(z.unknown()),
  max: z.optional(z.unknown()),
  props: z.array(z.looseObject({ prop: z.unknown(), label: z.unknown() })),
});
/** Sections the spec's card fields make lists (api-spec.md §card, Card fields); `address` is an object. */
const LIST_SECTIONS = new Set(['emails', 'phones', 'links']);

/**
 * Whether a schema section's columns are a list (`emails.0.value`), an object (`address.city`) or either
 * (`unknown`: both headers are accepted and the dry run decides). The spec types neither `kind` nor `max`
 * (api-spec.md §campaign_schema): a list when the card fields make it one, when `kind` is `list` or when
 * `max` is a number; `address` is an object; any other section (a `kind` null, absent or unknown and no
 * numeric `max`) is unknown.
 */
export function sectionShape(key: string, kind: unknown, max: unknown): 'list' | 'object' | 'unknown' {
  if (key === 'address') return 'object';
  if (LIST_SECTIONS.has(key) || kind === 'list' || typeof max === 'number') return 'list';
  return 'unknown';
}

export const SchemaBlock = z.looseObject({
  id: z.unknown(),
  type: z.unknown(),
  props: z.array(z.looseObject({ prop: z.unknown(), value: z.unknown() })),
});

export const CampaignSchema = z.looseObject({
  object: z.literal('campaign_schema'),
  campaignId: z.string(),
  templateId: z.string(),
  payloadMode: z.enum(['native', 'mapped']),
  fingerprint: z.string(),
  activatedFingerprint: z.string(),
  stale: z.boolean(),
  fields: z.array(SchemaField),
  sections: z.array(SchemaSection),
  blocks: z.array(SchemaBlock),
  sample: z.record(z.string(), z.unknown()),
});
export type CampaignSchema = z.infer<typeof CampaignSchema>;

const Problem = z.looseObject({
  code: z.optional(z.string()),
  message: z.optional(z.string()),
  field: z.optional(z.string()),
  key: z.optional(z.string()),
  reason: z.optional(z.string()),
});

/** One problem of a dry run as text: `code: field: reason: message` (the parts it has). */
/** Entries are untyped in the spec: a string as it is, an object by its known keys, anything else as JSON. */
export function problemText(p: unknown): string {
  if (typeof p === 'string') return p;
  if (!p || typeof p !== 'object' || Array.isArray(p)) return openText(p);
  const o = p as { code?: unknown; message?: unknown; field?: unknown; key?: unknown; reason?: unknown };
  const parts = [o.code, o.field ?? o.key, o.reason, o.message].filter((x) => x !== undefined && x !== '');
  return parts.length ? parts.map(openText).join(': ') : openText(p);
}

export const DryRun = z.looseObject({
  object: z.literal('dry_run'),
  ok: z.boolean(),
  externalId: z.optional(z.nullable(z.string())),
  resolvedFields: z.record(z.string(), z.unknown()),
  // Entries the spec does not type: a string or a problem object as the emulator sends, anything else as it came.
  unmappedPaths: z.array(z.unknown()),
  shortCode: z.nullable(z.string()),
  warnings: z.array(z.union([z.string(), Problem, z.unknown()])),
  errors: z.array(z.union([z.string(), Problem, z.unknown()])),
});
export type DryRun = z.infer<typeof DryRun>;

/** The card a campaign creates (only what the import reads; the rest passes through). */
export const CampaignCard = z.looseObject({
  object: z.literal('card'),
  id: z.string(),
  shortCode: z.string(),
  url: z.string(),
  externalId: z.nullable(z.string()),
  paused: z.boolean(),
});
export type CampaignCard = z.infer<typeof CampaignCard>;
