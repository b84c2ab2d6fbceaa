// Campaign ingestion objects (api-spec "Campaign ingestion"): loose objects, new fields may appear.
// zod/mini: the same checks as classic zod at a fraction of its start-up cost.
import * as z from 'zod/mini';

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

export const SchemaField = z.looseObject({ key: z.string(), label: z.string(), required: z.boolean() });
export const SchemaSection = z.looseObject({
  key: z.string(),
  label: z.string(),
  kind: z.string(),
  max: z.number(),
  props: z.array(z.looseObject({ prop: z.string(), label: z.string() })),
  /** Emulator extra: at least one entry must be given. */
  required: z.optional(z.boolean()),
});
export const SchemaBlock = z.looseObject({
  id: z.string(),
  type: z.string(),
  props: z.array(z.looseObject({ prop: z.string(), value: z.unknown() })),
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
export function problemText(
  p: string | { code?: string; message?: string; field?: string; key?: string; reason?: string },
): string {
  if (typeof p === 'string') return p;
  const where = p.field ?? p.key;
  return [p.code, where, p.reason, p.message].filter((x) => x !== undefined && x !== '').join(': ');
}

export const DryRun = z.looseObject({
  object: z.literal('dry_run'),
  ok: z.boolean(),
  externalId: z.optional(z.nullable(z.string())),
  resolvedFields: z.record(z.string(), z.unknown()),
  unmappedPaths: z.array(z.string()),
  shortCode: z.nullable(z.string()),
  warnings: z.array(z.union([z.string(), Problem])),
  errors: z.array(z.union([z.string(), Problem])),
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
