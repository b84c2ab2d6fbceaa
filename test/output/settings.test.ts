// The one reader of --output: what to print (resolveOutput), and whether a run's summary is JSON on
// stdout (summaryAsJson), and each kind's default (chosenFormat), as tables.
import { describe, expect, test } from 'vitest';
import { UsageError } from '../../src/errors.js';
import {
  askedFormat,
  chosenFormat,
  type OutputFlags,
  type OutputKind,
  resolveOutput,
  summaryAsJson,
} from '../../src/output/settings.js';
import { memoryIO } from './_io.js';

const NOW = new Date('2026-05-01T12:00:00Z');

function resolve(
  flags: OutputFlags,
  tty: boolean,
  opts: Parameters<typeof resolveOutput>[2] = {},
  env: Record<string, string> = {},
) {
  return resolveOutput(flags, { io: memoryIO({ tty, columns: 100 }), env, now: NOW }, opts);
}

describe('resolveOutput', () => {
  test.each<[OutputFlags, boolean, string]>([
    [{}, true, 'table'],
    [{}, false, 'json'],
    [{ query: 'id' }, true, 'json'],
    [{ output: 'csv' }, true, 'csv'],
    [{ output: 'table' }, false, 'table'],
    [{ output: 'ndjson', query: 'id' }, true, 'ndjson'],
  ])('%j on a terminal: %s → %s', (flags, tty, format) => {
    expect(resolve(flags, tty).format).toBe(format);
  });

  test('a command’s forced format wins over -o', () => {
    expect(resolve({ output: 'csv' }, true, { forced: 'json' }).format).toBe('json');
  });

  test('-o vcf only where the command allows it', () => {
    expect(() => resolve({ output: 'vcf' }, false)).toThrow(UsageError);
    expect(() => resolve({ output: 'vcf' }, false)).toThrow(
      /-o vcf \(vCard\) applies to leads list, leads get and leads export only/,
    );
    expect(resolve({ output: 'vcf' }, false, { allowVcf: true }).format).toBe('vcf');
  });

  test('--fields, -q, --query and the CSV flags are carried', () => {
    const s = resolve({ output: 'csv', fields: 'id, fields.email', quiet: true, csvDialect: 'excel-semicolon' }, false);
    expect(s).toMatchObject({
      fields: ['id', 'fields.email'],
      quiet: true,
      tty: false,
      now: NOW,
      csv: { dialect: 'excel', delimiter: ';', raw: false },
    });
    expect(() => resolve({ fields: 'a,,b c' }, false)).toThrow(/invalid --fields "a,,b c"/);
  });

  test('colour only for a table with colour enabled', () => {
    expect(resolve({}, true).color).toBe(true);
    expect(resolve({}, true, {}, { NO_COLOR: '1' }).color).toBe(false);
    expect(resolve({ color: false }, true).color).toBe(false);
    expect(resolve({ output: 'json' }, true).color).toBe(false);
    expect(resolve({ output: 'table' }, false).color).toBe(false);
    expect(resolve({ output: 'table' }, false, {}, { FORCE_COLOR: '1' }).color).toBe(true);
  });
});

describe('a summary as JSON', () => {
  test.each<[OutputFlags, ReturnType<typeof summaryAsJson>]>([
    [{}, undefined],
    [{ output: 'table' }, undefined],
    [{ output: 'csv' }, undefined],
    [{ output: 'json' }, { pretty: true, query: undefined }],
    [{ output: 'ndjson' }, { pretty: false, query: undefined }],
    [{ query: 'rows' }, { pretty: true, query: 'rows' }],
    [
      { output: 'ndjson', query: 'rows' },
      { pretty: false, query: 'rows' },
    ],
  ])('summaryAsJson(%j) = %j', (flags, want) => {
    expect(summaryAsJson(flags)).toEqual(want);
  });

  test.each<[OutputFlags, boolean]>([
    [{}, false],
    [{ query: 'id' }, false],
    [{ output: 'json' }, true],
    [{ output: 'ndjson' }, true],
    [{ output: 'csv' }, false],
    [{ output: 'vcf' }, false],
  ])('a result (print) is JSON for %j: %s', (flags, want) => {
    expect(chosenFormat(flags, false, 'result') !== 'text').toBe(want);
  });

  test('-o json alone prints an error body whole; askedFormat is -o as given', () => {
    const body = (flags: OutputFlags) => chosenFormat(flags, false, 'result') === 'json';
    expect([body({ output: 'json' }), body({ output: 'ndjson' }), body({})]).toEqual([true, false, false]);
    expect([askedFormat({}), askedFormat({ output: 'csv' })]).toEqual([undefined, 'csv']);
  });

  test.each<[OutputFlags, boolean, OutputKind, string]>([
    [{}, true, 'records', 'table'],
    [{}, false, 'records', 'json'],
    [{ query: 'id' }, true, 'records', 'json'],
    [{ output: 'csv' }, false, 'records', 'csv'],
    [{}, false, 'summary', 'text'],
    [{ output: 'csv' }, false, 'summary', 'text'],
    [{ query: 'id' }, true, 'summary', 'json'],
    [{ query: 'id' }, false, 'result', 'text'],
    [{}, true, 'lead-export', 'ndjson'],
    [{ output: 'csv' }, true, 'lead-export', 'csv'],
  ])('chosenFormat(%j, tty %s, %s) = %s: one table of defaults', (flags, tty, kind, want) => {
    expect(chosenFormat(flags, tty, kind)).toBe(want);
  });
});
