// The leads commands' --since/--tz: argv → since, as a table, through the real parser (the manifest's
// flags, through the seam before run). The lead-file kinds (--preset, -o vcf, --vcard-version) are a
// format decision: test/output/leads/files.test.ts.
import { describe, expect, test } from 'vitest';
import { durationMs, parseSince } from '../../../src/commands/leads/options.js';
import { UsageError } from '../../../src/errors.js';
import { inputOf } from '../../helpers/run-cli.js';

const NOW = new Date('2026-11-23T12:00:00Z');

/** argv → the `since` the API is sent, through `leads list`'s flags. */
async function since(argv: string[]): Promise<string | undefined> {
  const { input, stderr } = await inputOf(['leads', 'list', ...argv]);
  if (!input) throw new Error(`not parsed: ${stderr}`);
  return parseSince(NOW, input, {});
}

describe('leads --since/--tz: argv → since', () => {
  test.each<[string[], string | undefined]>([
    [[], undefined],
    [['--tz', 'Europe/Paris'], undefined],
    [['--since', '2026-05-01T00:00:00Z'], '2026-05-01T00:00:00Z'],
    [['--since', ' 2026-05-01T09:00:00+02:00 '], '2026-05-01T07:00:00Z'],
    [['--since', '2026-05-01'], '2026-05-01T00:00:00Z'],
    [['--since', '2026-05-01', '--tz', 'Europe/Paris'], '2026-04-30T22:00:00Z'],
    [['--since', '24h'], '2026-11-22T12:00:00Z'],
    [['--since', '2w'], '2026-11-09T12:00:00Z'],
  ])('%j → %j', async (argv, want) => {
    expect(await since(argv)).toBe(want);
  });

  test.each([
    [['--since', 'yesterday'], /--since "yesterday": expected/],
    [['--since', '2026-13-01T00:00:00Z'], /--since/],
    [['--since', '2026-02-30'], /--since/],
    [['--since', ''], /--since/],
    [['--since', '2026-05-01', '--tz', 'Mars/Olympus'], /--tz "Mars\/Olympus": unknown time zone/],
  ])('%j is a usage error', async (argv, why) => {
    await expect(since(argv)).rejects.toThrow(UsageError);
    await expect(since(argv)).rejects.toThrow(why);
  });
});

describe('durations (--interval, --delivery-timeout, --locked-window)', () => {
  test.each<[string, number | undefined]>([
    ['30', 30_000],
    ['30s', 30_000],
    ['2m', 120_000],
    ['1h', 3_600_000],
    ['30d', 2_592_000_000],
    ['500ms', 500],
    ['1.5s', 1500],
    [' 2M ', 120_000],
    ['0', undefined],
    ['0s', undefined],
    ['-5s', undefined],
    ['5x', undefined],
    ['', undefined],
    ['soon', undefined],
    ['400d', undefined],
  ])('%j → %j ms', (text, ms) => {
    expect(durationMs(text)).toBe(ms);
  });
});
