// Every noun defined as data, for the manifest (`npm run manifest`): never imported by a run, which
// reads commands/manifest.ts instead.
import type { Definition } from './model/define.js';
import { analytics } from './analytics/index.js';
import { api } from './api/index.js';
import { campaigns } from './campaigns/index.js';
import { cards } from './cards/index.js';
import { complete, completion, man } from './completion/index.js';
import { emulator } from './emulator/index.js';
import { image } from './image/index.js';
import { me } from './me/index.js';
import { print } from './print/index.js';
import { profiles } from './profiles/index.js';
import { qr } from './qr/index.js';
import { status } from './status/index.js';
import { templates } from './templates/index.js';

export const NOUNS: Definition[] = [
  profiles,
  me,
  status,
  cards,
  qr,
  templates,
  image,
  print,
  analytics,
  campaigns,
  api,
  emulator,
  completion,
  complete,
  man,
];
