// The one reader of --output: what to print (resolveOutput), and whether a run's summary is JSON on
// stdout (summaryAsJson, jsonRequested), as tables.
import { describe, expect, test } from 'vitest';
import { UsageError } from '../../src/errors.js';
import {
  errorBodyWanted,
  jsonRequested,
  type OutputFlags,
  requestedFormat,
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
  ])('jsonRequested(%j) = %s', (flags, want) => {
    expect(jsonRequested(flags)).toBe(want);
  });

  test('-o json alone prints an error body whole; requestedFormat is -o as given', () => {
    expect([errorBodyWanted({ output: 'json' }), errorBodyWanted({ output: 'ndjson' }), errorBodyWanted({})]).toEqual([
      true,
      false,
      false,
    ]);
    expect([requestedFormat({}), requestedFormat({ output: 'csv' })]).toEqual([undefined, 'csv']);
  });
});
