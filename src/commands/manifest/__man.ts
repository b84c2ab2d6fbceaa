// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: '__man',
  summary: 'Print the man page cardqr(1), written from the command tree',
  hidden: true,
  examples: ['cardqr __man > cardqr.1 && man -l cardqr.1'],
  runs: '__man',
};

export const loaders: Loaders = {
  __man: () => import('../completion/index.js').then((m) => m.man),
};
