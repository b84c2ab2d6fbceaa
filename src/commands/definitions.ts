// Every noun defined as data, for the manifest (`npm run manifest`): never imported by a run, which
// reads commands/manifest.ts instead.
import type { Definition } from './model/define.js';
import { analytics } from './analytics/index.js';
import { api } from './api/index.js';
import { complete, completion, man } from './completion/index.js';
import { emulator } from './emulator/index.js';
import { image } from './image/index.js';
import { me } from './me/index.js';
import { profiles } from './profiles/index.js';
import { status } from './status/index.js';
import { templates } from './templates/index.js';

export const NOUNS: Definition[] = [
  profiles,
  me,
  status,
  templates,
  image,
  analytics,
  api,
  emulator,
  completion,
  complete,
  man,
];
