// The one module that reads --output (and --fields, --query, -q, the CSV flags): every command asks here
// what to print and how, instead of branching on the flags itself.
import { UsageError } from '../errors.js';
import type { IO } from '../io.js';
import { type CsvSettings, csvSettingsFrom } from './csv-values.js';
import type { FieldsCatalogue } from './field-names.js';
import { colorEnabled } from './paint.js';

export type OutputFormat = 'table' | 'json' | 'ndjson' | 'csv' | 'vcf';
/** `vcf` (vCard) applies to leads only; every other command refuses it (resolveOutput). */
export const OUTPUT_FORMATS: OutputFormat[] = ['table', 'json', 'ndjson', 'csv', 'vcf'];

/** The global flags that shape output (a subset of GlobalOptions). */
export interface OutputFlags {
  output?: OutputFormat;
  fields?: string;
  query?: string;
  quiet?: boolean;
  color?: boolean;
  csvDialect?: string;
  csvDelimiter?: string;
  csvRaw?: boolean;
  raw?: boolean;
}

export interface OutputSettings {
  format: OutputFormat;
  fields?: string[];
  quiet: boolean;
  /** --query: a JMESPath expression over the JSON output (json and ndjson only). */
  query?: string;
  /**
   * Strings unquoted, one per line: `always` with -r; `auto` (a --query on a pipe without -o) when
   * the result is a string or a list of strings; `never` otherwise.
   */
  raw: RawMode;
  color: boolean;
  /** stdout is a terminal: relative dates. */
  tty: boolean;
  /** Columns tables fit into ($COLUMNS or the terminal); undefined: cells are never cut. */
  width?: number;
  now: Date;
  /** CSV dialect, delimiter, raw (default: RFC 4180, comma, formulas neutralised). */
  csv?: CsvSettings;
}

export type { RawMode } from './query.js';
import type { RawMode } from './query.js';

export interface OutputEnvironment {
  io: IO;
  env: Readonly<Record<string, string | undefined>>;
  now: Date;
}

/**
 * What to print: -o, else json when --query is given or stdout is no terminal, else a table.
 * `forced` is a command's own fixed format (e.g. a --dry-run body). `vcf` only where `allowVcf`.
 */
export function resolveOutput(
  flags: OutputFlags,
  { io, env, now }: OutputEnvironment,
  opts: { forced?: OutputFormat; allowVcf?: boolean } = {},
): OutputSettings {
  // --query filters JSON: without -o it prints JSON even on a terminal (as `gh --jq` does).
  const format = opts.forced ?? chosenFormat(flags, io.isStdoutTTY, 'records');
  if (format === 'vcf' && !opts.allowVcf)
    throw new UsageError('-o vcf (vCard) applies to leads list, leads get and leads export only');
  return {
    format,
    fields: flags.fields ? parseFieldList(flags.fields) : undefined,
    quiet: Boolean(flags.quiet),
    query: flags.query,
    raw: flags.raw ? 'always' : flags.query !== undefined && !askedFormat(flags) && !io.isStdoutTTY ? 'auto' : 'never',
    color: format === 'table' && colorEnabled(env, io.isStdoutTTY, flags.color),
    tty: io.isStdoutTTY,
    width: tableWidth(env, io.isStdoutTTY, io.columns),
    now,
    csv: csvSettingsFrom(flags),
  };
}

/** -o as given, or undefined: the one read of the flag; every rule of this module asks here. */
export function askedFormat(flags: OutputFlags): OutputFormat | undefined {
  return flags.output;
}

/**
 * What a command prints on stdout, by the kind of thing it prints: -o when given (and meaningful for
 * that kind), else that kind's default. Every default is here, in one table:
 * - `records` (lists, records): json off a terminal or with --query (as `gh --jq`), else a table;
 * - `summary` (a run: import, qr apply, the emulator's banner): json/ndjson when -o says so, json with
 *   --query, else `text` (words on stderr, nothing on stdout);
 * - `result` (print's file, an API error's body): json/ndjson only when -o says so, else `text`;
 * - `lead-export`: ndjson unless -o says otherwise.
 */
export type OutputKind = 'records' | 'summary' | 'result' | 'lead-export';

export function chosenFormat(flags: OutputFlags, stdoutTTY: boolean, kind: 'records' | 'lead-export'): OutputFormat;
export function chosenFormat(flags: OutputFlags, stdoutTTY: boolean, kind: OutputKind): OutputFormat | 'text';
export function chosenFormat(flags: OutputFlags, stdoutTTY: boolean, kind: OutputKind): OutputFormat | 'text' {
  const asked = askedFormat(flags);
  const json = asked === 'json' || asked === 'ndjson' ? asked : undefined;
  switch (kind) {
    case 'records':
      return asked ?? (flags.query !== undefined || !stdoutTTY ? 'json' : 'table');
    case 'summary':
      return json ?? (flags.query !== undefined ? 'json' : 'text');
    case 'result':
      return json ?? 'text';
    case 'lead-export':
      return asked ?? 'ndjson';
  }
}

/** A run's summary as JSON on stdout (`pretty`: indented, for -o json and --query), or undefined for words. */
export function summaryAsJson(flags: OutputFlags): { pretty: boolean; query?: string } | undefined {
  const format = chosenFormat(flags, false, 'summary');
  return format === 'text' ? undefined : { pretty: format !== 'ndjson', query: flags.query };
}

export function parseFieldList(raw: string): string[] {
  const fields = raw
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (!fields.length || fields.some((f) => !/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(f))) {
    throw new UsageError(`invalid --fields "${raw}": expected comma-separated dotted names, e.g. id,name,fields.email`);
  }
  return fields;
}

/**
 * --fields and --query, checked before any command runs (exit 2). `printed` names the command
 * (`cards list`) and the catalogue of the object it prints, which the field names are checked against;
 * undefined skips that check (a command that declares none, or a --dry-run: it prints the request).
 */
export async function checkOutputFlags(
  flags: OutputFlags,
  printed: { command: string; catalogue: FieldsCatalogue } | undefined,
): Promise<void> {
  const asked = askedFormat(flags);
  if (flags.raw && asked !== undefined && asked !== 'json' && asked !== 'ndjson') {
    throw new UsageError(`-r/--raw prints the strings of JSON output unquoted: use it with --query, not -o ${asked}`);
  }
  if (flags.query !== undefined) {
    if (asked !== undefined && asked !== 'json' && asked !== 'ndjson') {
      throw new UsageError(`--query filters JSON: use it with -o json or -o ndjson, not -o ${asked}`, [
        'for a table or CSV of chosen fields use --fields',
      ]);
    }
    if (flags.quiet) throw new UsageError('--query and -q do not go together: -q prints only ids');
    const { checkQuery } = await import('./query.js');
    checkQuery(flags.query);
  }
  if (flags.fields === undefined) return;
  const fields = parseFieldList(flags.fields);
  if (printed === undefined) return;
  const { checkFieldNames } = await import('./field-names.js');
  await checkFieldNames(printed.command, printed.catalogue, fields, asked);
}

/** The width tables fit: $COLUMNS when set to a number, else the terminal's; none off a terminal. */
export function tableWidth(
  env: Readonly<Record<string, string | undefined>>,
  tty: boolean,
  columns: number,
): number | undefined {
  const fromEnv = /^\d+$/.test(env.COLUMNS?.trim() ?? '') ? Number(env.COLUMNS) : 0;
  if (fromEnv > 0) return fromEnv;
  return tty && columns > 0 ? columns : undefined;
}
