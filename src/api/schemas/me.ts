import * as z from 'zod/mini';

export const ApiKeyContext = z.looseObject({
  object: z.literal('api_key_context'),
  key: z.looseObject({ id: z.string(), name: z.string() }),
  // `{scope, description}`: the spec gives no types (openapi/cardqr-api.yaml leaves them open).
  scopes: z.array(z.looseObject({ scope: z.unknown(), description: z.optional(z.unknown()) })),
  account: z.looseObject({ id: z.string(), email: z.string(), plan: z.string() }),
  rateLimit: z.looseObject({ requestsPerMinute: z.number() }),
});
export type ApiKeyContext = z.infer<typeof ApiKeyContext>;
