// card_template (api-spec "card_template"): policy.fields maps a field key to {mode, value?}.
import { z } from 'zod';

export const FieldRule = z.looseObject({ mode: z.string(), value: z.unknown().optional() });
export type FieldRule = z.infer<typeof FieldRule>;

export const CardTemplate = z.looseObject({
  object: z.literal('card_template'),
  id: z.string(),
  name: z.string(),
  policy: z.looseObject({
    theme: z.string().optional(),
    blocks: z.string().optional(),
    fields: z.record(z.string(), FieldRule),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CardTemplate = z.infer<typeof CardTemplate>;
