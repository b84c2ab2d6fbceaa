// GET /me → api_key_context. No scope; campaign-scoped keys may call it.
import { ok } from '../http.js';
import type { RouteDef } from '../routing.js';
import { serializeKeyContext } from '../serialize.js';

export const routes: RouteDef[] = [
  {
    method: 'GET',
    path: '/me',
    campaign: 'allow',
    handler: (ctx) => ok(serializeKeyContext(ctx.store, ctx.key, ctx.rateLimit)),
  },
];
