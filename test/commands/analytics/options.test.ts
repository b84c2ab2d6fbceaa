// argv → options for the analytics flags (--range, --tz): the real parser (the manifest's flags, through
// the seam before run) feeding parseStatsOptions, as a table.
import { describe, expect, test } from 'vitest';
import { parseStatsOptions, type StatsOptions } from '../../../src/commands/analytics/options.js';
import { inputOf } from '../../helpers/run-cli.js';

async function options(argv: string[]): Promise<StatsOptions | string> {
  const { input, stderr } = await inputOf(['analytics', 'overview', ...argv]);
  if (!input) return stderr;
  try {
    return parseStatsOptions(input as { range?: '30d'; tz?: string });
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
  ])('%j', async (argv, want) => {
    expect(await options(argv)).toEqual(want);
  });

  test.each<[string[], RegExp]>([
    [['--range', '1y'], /Allowed choices are 7d, 30d, 90d, 12m/],
    [['--tz', 'Mars/Olympus'], /--tz "Mars\/Olympus": unknown time zone/],
    [['--tz', ''], /unknown time zone/],
    [['--tz', '   '], /unknown time zone/],
  ])('%j is refused', async (argv, why) => {
    expect(await options(argv)).toMatch(why);
  });
});
