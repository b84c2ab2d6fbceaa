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
      // `{fieldId, label, type, value}` without types (api-spec.md §lead): shown as they came.
      z.looseObject({
        fieldId: z.optional(z.unknown()),
        label: z.unknown(),
        type: z.optional(z.unknown()),
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
      // Keys listed without types (api-spec.md §lead), the status set may grow: an error object, a
      // number for sentAt or a later status are shown as they came.
      z.looseObject({
        status: z.unknown(),
        sentAt: z.optional(z.unknown()),
        nextAttemptAt: z.optional(z.unknown()),
        contactUrl: z.optional(z.unknown()),
        error: z.optional(z.unknown()),
      }),
    ),
  ),
});
export type Lead = z.infer<typeof Lead>;
