// argv → options for the analytics flags (--range, --tz): commander's declarations from
// withStatsOptions feeding parseStatsOptions, as a table.
import { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import {
  parseStatsOptions,
  withStatsOptions,
  type StatsFlags,
  type StatsOptions,
} from '../../../src/commands/analytics/options.js';

function options(argv: string[]): StatsOptions | string {
  const cmd = withStatsOptions(new Command('overview'))
    .exitOverride()
    .configureOutput({ writeErr: () => undefined });
  try {
    cmd.parse(argv, { from: 'user' });
    return parseStatsOptions(cmd.opts<StatsFlags>());
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

describe('analytics: argv → options', () => {
  test.each<[string[], StatsOptions]>([
    [[], { range: '30d', timeZone: 'UTC' }],
    [['--range', '7d'], { range: '7d', timeZone: 'UTC' }],
    [['--range', '12m', '--tz', 'Europe/Paris'], { range: '12m', timeZone: 'Europe/Paris' }],
    [['--tz', '  America/Los_Angeles '], { range: '30d', timeZone: 'America/Los_Angeles' }],
    [['--tz', 'local'], { range: '30d', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }],
  ])('%j', (argv, want) => {
    expect(options(argv)).toEqual(want);
  });

  test.each<[string[], RegExp]>([
    [['--range', '1y'], /Allowed choices are 7d, 30d, 90d, 12m/],
    [['--tz', 'Mars/Olympus'], /--tz "Mars\/Olympus": unknown time zone/],
    [['--tz', ''], /unknown time zone/],
    [['--tz', '   '], /unknown time zone/],
  ])('%j is refused', (argv, why) => {
    expect(options(argv)).toMatch(why);
  });
});
