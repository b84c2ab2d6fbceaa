import { z } from 'zod';

export const ApiKeyContext = z.looseObject({
  object: z.literal('api_key_context'),
  key: z.looseObject({ id: z.string(), name: z.string() }),
  scopes: z.array(z.looseObject({ scope: z.string(), description: z.string().optional() })),
  account: z.looseObject({ id: z.string(), email: z.string(), plan: z.string() }),
  rateLimit: z.looseObject({ requestsPerMinute: z.number().int() }),
  campaignId: z.string().nullable().optional(),
});
export type ApiKeyContext = z.infer<typeof ApiKeyContext>;
