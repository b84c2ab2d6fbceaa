// Every noun defined as data, for the manifest (`npm run manifest`): never imported by a run, which
// reads commands/manifest.ts instead.
import type { Definition } from './model/define.js';
import { analytics } from './analytics/index.js';
import { campaigns } from './campaigns/index.js';
import { cards } from './cards/index.js';
import { leads } from './leads/index.js';
import { me } from './me/index.js';
import { print } from './print/index.js';
import { qr } from './qr/index.js';
import { templates } from './templates/index.js';

export const NOUNS: Definition[] = [me, cards, qr, templates, print, analytics, leads, campaigns];
