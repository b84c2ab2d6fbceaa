// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: '__complete',
  summary: 'Print completion candidates, one per line (called by the completion scripts)',
  hidden: true,
  examples: ['cardqr __complete profiles'],
  args: [
    {
      key: 'kind',
      name: '<kind>',
      help: 'what to list',
      choices: ['profiles'],
    },
  ],
  runs: '__complete',
};

export const loaders: Loaders = {
  __complete: () => import('../completion/index.js').then((m) => m.complete),
};
