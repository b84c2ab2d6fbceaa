// Every noun defined as data, in the root help's groups and order, for the manifest (`npm run
// manifest`): never imported by a run, which reads commands/manifest.ts instead.
import type { Definition } from './model/define.js';
import { analytics } from './analytics/index.js';
import { api } from './api/index.js';
import { campaigns } from './campaigns/index.js';
import { cards } from './cards/index.js';
import { complete, completion, man } from './completion/index.js';
import { emulator } from './emulator/index.js';
import { image } from './image/index.js';
import { leads } from './leads/index.js';
import { mcp } from './mcp/index.js';
import { me } from './me/index.js';
import { plansGroup } from './plans/index.js';
import { print } from './print/index.js';
import { profiles } from './profiles/index.js';
import { qr } from './qr/index.js';
import { report } from './report/index.js';
import { serve } from './serve/index.js';
import { status } from './status/index.js';
import { templates } from './templates/index.js';

export const GROUPS: Array<{ heading: string; nouns: Definition[] }> = [
  { heading: 'Set up:', nouns: [profiles, me, status] },
  { heading: 'Cards and QR codes:', nouns: [cards, qr, templates] },
  { heading: 'Images:', nouns: [image, print] },
  { heading: 'Analytics and leads:', nouns: [analytics, report, leads, serve] },
  { heading: 'Campaigns:', nouns: [campaigns] },
  { heading: 'Agents:', nouns: [mcp, plansGroup] },
  { heading: 'Advanced:', nouns: [api, emulator] },
  { heading: 'Shell:', nouns: [completion, complete, man] },
];
