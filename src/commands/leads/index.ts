import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { example } from '../shared.js';
import { leadsExportCommand } from './export.js';
import { leadsGetCommand } from './get.js';
import { leadsListCommand } from './list.js';

export function leadsCommand(deps: Deps): Command {
  const cmd = new Command('leads').description('List, show and export leads (form submissions, contact exchanges, scanned and typed-in cards)');
  cmd.addCommand(leadsListCommand(deps));
  cmd.addCommand(leadsGetCommand(deps));
  cmd.addCommand(leadsExportCommand(deps));
  return example(cmd, 'cardqr leads list --since 2026-05-01T00:00:00Z', 'cardqr leads export --state leads.state.json --out leads.ndjson');
}
