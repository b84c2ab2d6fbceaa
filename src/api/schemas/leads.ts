import { z } from 'zod';

export const LEAD_SOURCES = ['form', 'exchange', 'scan', 'manual'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

const Contact = z.looseObject({
  name: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  company: z.string().nullish(),
  title: z.string().nullish(),
});

export const Lead = z.looseObject({
  object: z.literal('lead'),
  id: z.string(),
  cardId: z.string(),
  cardName: z.string().optional(),
  source: z.string(),
  trigger: z.string().optional(),
  formName: z.string().optional(),
  createdAt: z.string(),
  read: z.boolean().optional(),
  archived: z.boolean().optional(),
  locked: z.boolean(),
  contact: Contact.nullable(),
  answers: z.array(z.looseObject({ fieldId: z.string().optional(), label: z.string(), type: z.string().optional(), value: z.unknown() })).default([]),
  marketingOptIn: z.boolean().nullable().optional(),
  consentAt: z.string().nullable().optional(),
  country: z.string().optional(),
  city: z.string().optional(),
  hubspot: z
    .looseObject({
      status: z.string(),
      sentAt: z.string().nullable().optional(),
      nextAttemptAt: z.string().nullable().optional(),
      contactUrl: z.string().nullable().optional(),
      error: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type Lead = z.infer<typeof Lead>;
