// lead (api-spec "Leads"). zod/mini (cheap to load).
import * as z from 'zod/mini';

export const LEAD_SOURCES = ['form', 'exchange', 'scan', 'manual'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

const Contact = z.looseObject({
  name: z.nullish(z.string()),
  email: z.nullish(z.string()),
  phone: z.nullish(z.string()),
  company: z.nullish(z.string()),
  title: z.nullish(z.string()),
});

export const Lead = z.looseObject({
  object: z.literal('lead'),
  id: z.string(),
  cardId: z.string(),
  cardName: z.optional(z.string()),
  source: z.string(),
  trigger: z.optional(z.string()),
  formName: z.optional(z.string()),
  createdAt: z.string(),
  read: z.optional(z.boolean()),
  archived: z.optional(z.boolean()),
  locked: z.boolean(),
  contact: z.nullable(Contact),
  answers: z._default(
    z.array(
      z.looseObject({
        fieldId: z.optional(z.string()),
        label: z.string(),
        type: z.optional(z.string()),
        value: z.unknown(),
      }),
    ),
    [],
  ),
  marketingOptIn: z.optional(z.nullable(z.boolean())),
  consentAt: z.optional(z.nullable(z.string())),
  country: z.optional(z.string()),
  city: z.optional(z.string()),
  hubspot: z.optional(
    z.nullable(
      z.looseObject({
        status: z.string(),
        sentAt: z.optional(z.nullable(z.string())),
        nextAttemptAt: z.optional(z.nullable(z.string())),
        contactUrl: z.optional(z.nullable(z.string())),
        error: z.optional(z.nullable(z.string())),
      }),
    ),
  ),
});
export type Lead = z.infer<typeof Lead>;
