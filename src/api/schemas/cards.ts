// Card, wallet_links and card_template objects (api-spec "Resources"): loose, new fields may appear.
import { z } from 'zod';

export const LabeledValue = z.looseObject({ label: z.string(), value: z.string() });
export const CardLink = z.looseObject({ type: z.string(), url: z.string() });

export const CardFields = z.looseObject({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  title: z.string().optional(),
  company: z.string().optional(),
  bio: z.string().optional(),
  photoUrl: z.string().optional(),
  companyLogoUrl: z.string().optional(),
  emails: z.array(LabeledValue).optional(),
  phones: z.array(LabeledValue).optional(),
  links: z.array(CardLink).optional(),
  address: z.record(z.string(), z.unknown()).optional(),
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
  templateId: z.string().nullable(),
  externalId: z.string().nullable().optional(),
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
  apple: z.string().nullable(),
  google: z.string().nullable(),
  installs: z.looseObject({
    apple: z.looseObject({ issued: z.number(), installed: z.number() }),
    google: z.looseObject({ issued: z.number(), installed: z.number() }),
  }),
});
export type WalletLinks = z.infer<typeof WalletLinks>;
