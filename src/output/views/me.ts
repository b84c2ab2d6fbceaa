import { openText } from '../../api/schemas/open.js';
import type { View } from '../render.js';

export interface MeRecord {
  key: { id: string; name: string };
  account: { id: string; email: string; plan: string };
  /** `scope` is untyped in the spec: shown as it came. */
  scopes: Array<{ scope?: unknown }>;
  rateLimit: { requestsPerMinute: number };
  commands: Record<string, string[]>;
  /** The stored profile used, or null when the base URL and key came from flags or the environment. */
  profile?: string | null;
  baseUrl?: string;
}

export const meView: View<MeRecord> = {
  columns: [],
  id: (me) => me.key.id,
  record: [
    { header: 'profile', value: (me) => me.profile ?? 'none (base URL and key from flags or environment)' },
    { header: 'base URL', value: 'baseUrl' },
    { header: 'key', value: (me) => `${me.key.name} (${me.key.id})` },
    { header: 'account', value: (me) => `${me.account.email} (${me.account.id})` },
    { header: 'plan', value: 'account.plan' },
    { header: 'scopes', value: (me) => me.scopes.map((s) => openText(s.scope)).join(', ') },
    // GET /me does not document a campaign field: never claim account-wide or scoped.
    {
      header: 'campaign',
      value: () =>
        'not shown by GET /me (a campaign-scoped key works only on its own campaign; other commands answer 403 key_scoped_to_campaign)',
    },
    { header: 'rate limit', value: (me) => `${me.rateLimit.requestsPerMinute} requests/minute` },
    {
      header: 'scopes allow',
      value: (me) =>
        Object.entries(me.commands)
          .map(([group, verbs]) => `${group}: ${verbs.join(', ')}`)
          .join('\n'),
    },
  ],
};
