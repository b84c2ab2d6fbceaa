// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'me',
  summary:
    'Show the key in use: profile and base URL, account, plan, scopes, rate limit, and which commands it may use',
  examples: ['cardqr me', 'cardqr me -o json | jq .rateLimit.requestsPerMinute'],
  fields: {
    open: ['commands'],
    extra: ['profile', 'baseUrl'],
  },
  runs: 'me',
};

export const loaders: Loaders = {
  me: () => import('../me/index.js').then((m) => m.me),
};
