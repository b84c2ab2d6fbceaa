// Authentication, plan gate, campaign scoping and scopes: the checks every API route goes through.
import { EmuError } from './http.js';
import type { AccountRecord, ApiKeyRecord, PlanDef } from './model.js';
import type { RouteDef } from './routing.js';
import type { Store } from './store.js';

/** The key from `Authorization: Bearer <key>`, else from `X-API-Key`. */
export function extractSecret(headers: Record<string, string>): string | undefined {
  const auth = headers['authorization'];
  if (auth) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (m) return m[1];
  }
  const x = headers['x-api-key']?.trim();
  return x ? x : undefined;
}

const invalidKey = (): EmuError =>
  new EmuError(401, 'authentication_error', 'invalid_api_key', 'The API key is missing, invalid or revoked.');

/**
 * Missing, mistyped, revoked or expired key, or a closed account → 401 invalid_api_key (api-spec
 * Authentication 4: "all give the same 401").
 */
export function authenticate(
  store: Store,
  headers: Record<string, string>,
): { key: ApiKeyRecord; account: AccountRecord } {
  const secret = extractSecret(headers);
  const key = secret ? store.keyBySecret(secret) : undefined;
  if (!key || key.revoked) throw invalidKey();
  if (key.expiresAt && Date.parse(key.expiresAt) <= store.now()) throw invalidKey();
  const account = store.account(key.accountId);
  if (!account || account.closed) throw invalidKey();
  return { key, account };
}

/** Checked on every request, so a plan change takes effect at once. */
export function checkPlan(store: Store, account: AccountRecord): PlanDef {
  const plan = store.plan(account);
  if (!plan.api) {
    throw new EmuError(
      403,
      'permission_error',
      'upgrade_required_api',
      `The ${plan.name} plan does not include REST API access. Upgrade to Pro or Business card.`,
    );
  }
  return plan;
}

export function checkCampaignScope(def: RouteDef, params: Record<string, string>, key: ApiKeyRecord): void {
  if (!key.campaignId) return;
  const mode = def.campaign ?? 'refuse';
  if (mode === 'allow') return;
  if (mode === 'own' && params.campaignId === key.campaignId) return;
  throw new EmuError(
    403,
    'permission_error',
    'key_scoped_to_campaign',
    `This API key is restricted to campaign ${key.campaignId}.`,
  );
}

export function checkScopes(def: RouteDef, key: ApiKeyRecord): void {
  const need = def.scopes ?? [];
  if (need.length === 0 || need.some((s) => key.scopes.includes(s))) return;
  throw new EmuError(
    403,
    'permission_error',
    'forbidden',
    `This API key lacks the required scope: ${need.join(' or ')}.`,
  );
}
