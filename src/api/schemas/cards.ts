// Card, wallet_links and card_template objects (api-spec "Resources"): loose, new fields may appear.
// zod/mini: the same checks as classic zod at a fraction of its start-up cost (`cards list` loads this).
import * as z from 'zod/mini';

export const LabeledValue = z.looseObject({ label: z.string(), value: z.string() });
export const CardLink = z.looseObject({ type: z.string(), url: z.string() });

export const CardFields = z.looseObject({
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  title: z.optional(z.string()),
  company: z.optional(z.string()),
  bio: z.optional(z.string()),
  photoUrl: z.optional(z.string()),
  companyLogoUrl: z.optional(z.string()),
  emails: z.optional(z.array(LabeledValue)),
  phones: z.optional(z.array(LabeledValue)),
  links: z.optional(z.array(CardLink)),
  address: z.optional(z.record(z.string(), z.unknown())),
});
export type CardFields = z.infer<typeof CardFields>;

export const Card = z.looseObject({
  object: z.literal('card'),
  id: z.string(),
  name: z.string(),
  shortCode: z.string(),
  status: z.string(),
  url: z.string(),
  vcardUrl: z.string(),
  templateId: z.nullable(z.string()),
  externalId: z.optional(z.nullable(z.string())),
  paused: z.boolean(),
  fields: CardFields,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Card = z.infer<typeof Card>;

export const WalletLinks = z.looseObject({
  object: z.literal('wallet_links'),
  cardId: z.string(),
  enabled: z.boolean(),
  apple: z.nullable(z.string()),
  google: z.nullable(z.string()),
  installs: z.looseObject({
    apple: z.looseObject({ issued: z.number(), installed: z.number() }),
    google: z.looseObject({ issued: z.number(), installed: z.number() }),
  }),
});
export type WalletLinks = z.infer<typeof WalletLinks>;
