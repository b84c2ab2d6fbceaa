import { Command } from 'commander';
import { example } from '../../help/annotations.js';
import { leadsCrmReportCommand } from './crm-report.js';
import { leadsExportCommand } from './export.js';
import { leadsFollowCommand } from './follow.js';
import { leadsGetCommand } from './get.js';
import { leadsListCommand } from './list.js';
import { leadsReplayCommand } from './replay.js';

export function leadsCommand(): Command {
  const cmd = new Command('leads').description(
    'List, show, export and follow leads, and replay deliveries that failed (form submissions, contact exchanges, scanned and typed-in cards)',
  );
  cmd.addCommand(leadsListCommand());
  cmd.addCommand(leadsGetCommand());
  cmd.addCommand(leadsExportCommand());
  cmd.addCommand(leadsFollowCommand());
  cmd.addCommand(leadsReplayCommand());
  cmd.addCommand(leadsCrmReportCommand());
  return example(
    cmd,
    'cardqr leads list --since 2026-05-01T00:00:00Z',
    'cardqr leads export --state leads.state.json --out leads.ndjson',
    'cardqr leads follow --state leads.state.json --exec ./store-lead.sh --dead-letter dead.ndjson',
    'cardqr leads replay dead.ndjson',
  );
}
