// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'status',
  summary:
    'Check every stored profile (and a key in CARDQR_API_KEY) with GET /me: reachable, key valid, account, plan, scopes',
  examples: ['cardqr status', 'cardqr status -o json | jq -r ".[] | select(.state != \\"ok\\") | .profile"'],
  runs: 'status',
};

export const loaders: Loaders = {
  status: () => import('../status/index.js').then((m) => m.status),
};
