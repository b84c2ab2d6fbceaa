// The leads commands' option builders: --since/--tz (argv → since) and the lead-file kinds (--preset, -o vcf,
// --vcard-version), as tables.
import { describe, expect, test } from 'vitest';
import { Command } from 'commander';
import { leadFileKind, parseSince, withSinceOptions } from '../../../src/commands/leads/options.js';
import { UsageError } from '../../../src/errors.js';

const NOW = new Date('2026-11-23T12:00:00Z');

/** argv → the `since` the API is sent, through the real flag declarations (withSinceOptions). */
function since(argv: string[]): string | undefined {
  const cmd = withSinceOptions(new Command('list'), 'leads from').exitOverride();
  cmd.parse(argv, { from: 'user' });
  return parseSince(NOW, cmd.opts<{ since?: string; tz?: string }>());
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
  ])('%j → %j', (argv, want) => {
    expect(since(argv)).toBe(want);
  });

  test.each([
    [['--since', 'yesterday'], /--since "yesterday": expected/],
    [['--since', '2026-13-01T00:00:00Z'], /--since/],
    [['--since', '2026-02-30'], /--since/],
    [['--since', ''], /--since/],
    [['--since', '2026-05-01', '--tz', 'Mars/Olympus'], /--tz "Mars\/Olympus": unknown time zone/],
  ])('%j is a usage error', (argv, why) => {
    expect(() => since(argv)).toThrow(UsageError);
    expect(() => since(argv)).toThrow(why);
  });
});

describe('leadFileKind', () => {
  test('ordinary formats are no lead file', async () => {
    expect(await leadFileKind({}, {})).toBeUndefined();
    expect(await leadFileKind({}, { output: 'csv', fields: 'id' })).toBeUndefined();
  });

  test('-o vcf is a vCard 4.0 unless 3.0 is asked for', async () => {
    expect(await leadFileKind({}, { output: 'vcf' })).toEqual({ vcard: '4.0' });
    expect(await leadFileKind({ vcardVersion: '3.0' }, { output: 'vcf' })).toEqual({ vcard: '3.0' });
  });

  test('--preset hubspot is a CSV preset', async () => {
    const kind = await leadFileKind({ preset: 'hubspot' }, {});
    expect(kind).toHaveProperty('preset');
    expect(await leadFileKind({ preset: 'hubspot' }, { output: 'csv' })).toHaveProperty('preset');
  });

  test.each<[Parameters<typeof leadFileKind>[0], Parameters<typeof leadFileKind>[1], RegExp]>([
    [{ vcardVersion: '4.0' }, {}, /--vcard-version applies to -o vcf only/],
    [{ vcardVersion: '2.1' }, { output: 'vcf' }, /--vcard-version "2.1": expected 4.0 or 3.0/],
    [{}, { output: 'vcf', fields: 'id' }, /--fields does not apply to -o vcf/],
    [{}, { output: 'vcf', quiet: true }, /-q prints ids only/],
    [{ preset: 'hubspot' }, { output: 'json' }, /--preset writes CSV; drop -o json/],
    [{ preset: 'zoho' }, {}, /unknown --preset "zoho": expected one of .*hubspot/],
  ])('%j with %j is a usage error', async (flags, globals, why) => {
    const err = await leadFileKind(flags, globals).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toMatch(why);
  });

  test('-q is allowed where the command says so', async () => {
    expect(await leadFileKind({}, { output: 'vcf', quiet: true }, { quietAllowed: true })).toEqual({ vcard: '4.0' });
  });
});
