import { Command } from 'commander';
import { example } from '../../help/annotations.js';
import { analyticsGetCommand } from './get.js';
import { analyticsOverviewCommand } from './overview.js';

export function analyticsCommand(): Command {
  const cmd = new Command('analytics').description(
    'Read scan analytics: totals, trend, daily timeline, countries and devices',
  );
  cmd.addCommand(analyticsOverviewCommand());
  cmd.addCommand(analyticsGetCommand());
  return example(cmd, 'cardqr analytics overview --range 30d', 'cardqr analytics get qr_123 --tz Europe/Berlin');
}
