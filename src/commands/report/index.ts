import { defineGroup } from '../model/define.js';
import { reportWeekly } from './weekly.js';

export const report = defineGroup({
  name: 'report',
  summary: 'Reports from the scan history store, sent once per period',
  examples: ['cardqr report weekly --out weekly.txt', 'cardqr report weekly --week 2026-W48 --dry-run'],
  commands: [reportWeekly],
});
