import type { ApiClient } from './client.js';
import type { ApiKeyContext } from './schemas/me.js';

/** GET /me, read once per client (`ApiClient.me`): `cardqr me`, a job's account and the pace share it. */
export function getMe(client: ApiClient, signal?: AbortSignal): Promise<ApiKeyContext> {
  return client.me(signal);
}

export type { ApiKeyContext };

/**
 * Which command groups a key's scopes allow (PRODUCT §5, `cardqr me`). GET /me does not say whether a
 * key is campaign-scoped (api_key_context has no such field), so this is what the scopes allow; a
 * campaign-scoped key is further limited to its own campaign, which only the API's 403 can tell.
 */
export function usableCommands(ctx: Pick<ApiKeyContext, 'scopes'>): Record<string, string[]> {
  const has = new Set(ctx.scopes.map((s) => s.scope).filter((s) => typeof s === 'string'));
  const groups: Record<string, string[]> = {};
  const add = (group: string, verbs: string[]) => verbs.length && (groups[group] = verbs);
  add('cards', [
    ...(has.has('cards:read') ? ['list', 'get', 'wallet'] : []),
    ...(has.has('cards:write') ? ['create', 'update', 'delete'] : []),
  ]);
  add('qr', [
    ...(has.has('qr:read') ? ['list', 'get'] : []),
    ...(has.has('qr:write') ? ['create', 'update', 'delete'] : []),
  ]);
  add('templates', has.has('templates:read') ? ['list', 'get'] : []);
  add('image', has.has('qr:read') || has.has('cards:read') ? ['<id>...'] : []);
  add('analytics', has.has('analytics:read') ? ['overview', 'get'] : []);
  add('leads', has.has('leads:read') ? ['list', 'get', 'export', 'follow', 'crm-report'] : []);
  add('campaigns', [
    ...(has.has('cards:read') ? ['list', 'get', 'schema'] : []),
    ...(has.has('cards:write') ? ['test', 'create-card', 'import'] : []),
  ]);
  return groups;
}
