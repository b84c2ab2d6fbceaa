// card_template (api-spec "card_template"): policy.fields maps a field key to {mode, value?}.
// zod/mini (cheap to load).
import * as z from 'zod/mini';

export const FieldRule = z.looseObject({ mode: z.string(), value: z.optional(z.unknown()) });
export type FieldRule = z.infer<typeof FieldRule>;

export const CardTemplate = z.looseObject({
  object: z.literal('card_template'),
  id: z.string(),
  name: z.string(),
  policy: z.looseObject({
    theme: z.optional(z.string()),
    blocks: z.optional(z.string()),
    fields: z.record(z.string(), FieldRule),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CardTemplate = z.infer<typeof CardTemplate>;
