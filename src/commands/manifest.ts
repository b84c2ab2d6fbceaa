// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say. The parser, help and completion read this, so a run loads only
// the definition of the command it names.
import type { Loaders } from './model/tree.js';
import type { ManifestNode } from './model/manifest-types.js';

export const MANIFEST: ManifestNode[] = [
  {
    name: 'me',
    summary:
      'Show the key in use: profile and base URL, account, plan, scopes, rate limit, and which commands it may use',
    examples: ['cardqr me', 'cardqr me -o json | jq .rateLimit.requestsPerMinute'],
    fields: {
      open: ['commands'],
      extra: ['profile', 'baseUrl'],
    },
    runs: 'me',
  },
];

export const LOADERS: Loaders = {
  me: () => import('./me/index.js').then((m) => m.me),
};
