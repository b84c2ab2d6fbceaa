// The lead-file kinds of the leads commands (--preset, -o vcf, --vcard-version), checked before anything
// is sent, as a table (moved from test/commands/leads/options.test.ts with the code).
import { describe, expect, test } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { leadFileKind } from '../../../src/output/leads/files.js';

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
