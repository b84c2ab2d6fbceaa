// `cardqr status`: one row per stored profile, as checked now.
import type { View } from '../view.js';

export interface ProfileCheck {
  profile: string;
  default: boolean;
  baseUrl: string;
  /** `ok`, `key refused`, `unreachable`, `no key`, `error`. */
  state: string;
  account: string | null;
  plan: string | null;
  scopes: string[];
  requestsPerMinute: number | null;
  /** Why it failed (an error code and message), null when ok. */
  detail: string | null;
}

export const statusView: View<ProfileCheck> = {
  columns: [
    { header: 'profile', value: (p) => (p.default ? `${p.profile} (default)` : p.profile) },
    { header: 'state', value: 'state', style: 'status' },
    { header: 'account', value: 'account' },
    { header: 'plan', value: 'plan' },
    { header: 'base URL', value: 'baseUrl', style: 'url' },
    { header: 'scopes', value: (p) => p.scopes.join(', ') },
    { header: 'detail', value: 'detail', style: 'dim' },
  ],
  csv: ['profile', 'default', 'baseUrl', 'state', 'account', 'plan', 'scopes', 'requestsPerMinute', 'detail'],
};
