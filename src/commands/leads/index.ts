import { defineGroup } from '../model/define.js';
import { leadsCrmReport } from './crm-report.js';
import { leadsExport } from './export.js';
import { leadsFollow } from './follow.js';
import { leadsGet } from './get.js';
import { leadsList } from './list.js';
import { leadsReplay } from './replay.js';

export const leads = defineGroup({
  name: 'leads',
  summary:
    'List, show, export and follow leads, and replay deliveries that failed (form submissions, contact exchanges, scanned and typed-in cards)',
  examples: [
    'cardqr leads list --since 2026-05-01T00:00:00Z',
    'cardqr leads export --state leads.state.json --out leads.ndjson',
    'cardqr leads follow --state leads.state.json --exec ./store-lead.sh --dead-letter dead.ndjson',
    'cardqr leads replay dead.ndjson',
  ],
  commands: [leadsList, leadsGet, leadsExport, leadsFollow, leadsReplay, leadsCrmReport],
});
