// Small helpers every command uses: output settings, option parsing, --data, confirmations.
import { readFile } from 'node:fs/promises';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { GlobalOptions, OutputFormat } from '../config/settings.js';
import type { Deps } from '../deps.js';
import { UsageError } from '../errors.js';
import { addExamples, withHint } from '../help/annotations.js';
import { colorEnabled, write } from '../io.js';
import type { OutputSettings, View } from '../output/render.js';
import { tableWidth } from '../output/table.js';

export function outputSettings(deps: Deps, forced?: OutputFormat): OutputSettings {
  const g = deps.globals;
  // --query filters JSON: without -o it prints JSON even on a terminal (as `gh --jq` does).
  const format = forced ?? g.output ?? (g.query !== undefined || !deps.io.isStdoutTTY ? 'json' : 'table');
  if (format === 'vcf') throw new UsageError('-o vcf (vCard) applies to leads list, leads get and leads export only');
  return {
    format,
    fields: g.fields ? parseFieldList(g.fields) : undefined,
    quiet: Boolean(g.quiet),
    query: g.query,
    color: format === 'table' && colorEnabled(deps.env, deps.io.isStdoutTTY, g.color),
    tty: deps.io.isStdoutTTY,
    width: tableWidth(deps.env, deps.io.isStdoutTTY, deps.io.columns),
    now: deps.now(),
  };
}

export function stderrColor(deps: Deps): boolean {
  return colorEnabled(deps.env, deps.io.isStderrTTY, deps.globals.color);
}

export function parseFieldList(raw: string): string[] {
  const fields = raw.split(',').map((f) => f.trim()).filter(Boolean);
  if (!fields.length || fields.some((f) => !/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(f))) {
    throw new UsageError(`invalid --fields "${raw}": expected comma-separated dotted names, e.g. id,name,fields.email`);
  }
  return fields;
}

/** --fields and --query, checked by the root's preAction hook before any command runs (exit 2). */
export async function checkOutputFlags(g: GlobalOptions, action: Command): Promise<void> {
  if (g.query !== undefined) {
    if (g.output !== undefined && g.output !== 'json' && g.output !== 'ndjson') {
      throw new UsageError(`--query filters JSON: use it with -o json or -o ndjson, not -o ${g.output}`, [
        'for a table or CSV of chosen fields use --fields',
      ]);
    }
    if (g.quiet) throw new UsageError('--query and -q do not go together: -q prints only ids');
    const { checkQuery } = await import('../output/query.js');
    checkQuery(g.query);
  }
  if (g.fields === undefined) return;
  const fields = parseFieldList(g.fields);
  // A --dry-run prints the request ({dryRun, method, path, body}), not the resource: names are not checked.
  if ((action.opts() as { dryRun?: boolean }).dryRun) return;
  const path = [action.parent?.parent ? action.parent.name() : undefined, action.name()].filter(Boolean).join(' ');
  const { checkFieldNames } = await import('../output/field-names.js');
  await checkFieldNames(path, fields, g.output);
}

/** Prints a created or changed record; with -q only its id (so `id=$(cardqr cards create ... -q)` works). */
export async function printWritten<T>(deps: Deps, record: T, view: View<T>, id: string): Promise<void> {
  if (deps.globals.quiet) {
    await write(deps.io.stdout, `${id}\n`);
    return;
  }
  const { renderRecord } = await import('../output/render.js');
  await renderRecord(record, view, outputSettings(deps), deps.io);
}

/** --dry-run of a write: the request that would be sent, on stdout (json by default off a terminal); nothing is sent. */
export async function printDryRun(deps: Deps, method: string, path: string, body: unknown): Promise<void> {
  deps.io.stderr.write(`dry run: nothing was sent (${method} ${path} would carry the body below)\n`);
  if (deps.globals.quiet) return;
  const { renderRecord } = await import('../output/render.js');
  await renderRecord({ dryRun: true, method, path, body }, { columns: [] }, outputSettings(deps), deps.io);
}

/** commander argParser: an integer within [min, max]. */
export function intIn(min: number, max: number) {
  return (value: string): number => {
    if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`must be from ${min} to ${max}.`);
    return n;
  };
}

/** commander argParser: a number > 0 (seconds, rates). */
export function positiveNumber(value: string): number {
  const n = Number(value);
  if (!value.trim() || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a number greater than 0.');
  return n;
}

/** Collects a repeatable flag into a list. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** A flag that may be given several times, collected into a list (completion offers it again). */
export function repeatableOption(flags: string, description: string): Option {
  return withHint(new Option(flags, description).argParser(collect), { repeatable: true });
}

/** `--data @file.json`, `--data -` / `@-` (stdin), or inline JSON. Always an object unless `allowAny`. */
export async function readJsonData(spec: string, deps: Deps, what = '--data'): Promise<unknown> {
  let text: string;
  let source: string;
  if (spec === '-' || spec === '@-') {
    text = await deps.readStdin();
    source = 'standard input';
  } else if (spec.startsWith('@')) {
    source = spec.slice(1);
    try {
      text = await readFile(source, 'utf8');
    } catch (e) {
      throw new UsageError(`${what}: cannot read ${source}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  } else {
    text = spec;
    source = 'the argument';
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new UsageError(`${what}: ${source} is not valid JSON (${(e as Error).message})`);
  }
}

export async function readJsonObject(spec: string, deps: Deps, what = '--data'): Promise<Record<string, unknown>> {
  const value = await readJsonData(spec, deps, what);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`${what}: expected a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`);
  }
  return value as Record<string, unknown>;
}

/**
 * Asks before destructive work. --yes skips the question; without a terminal to ask on,
 * it refuses (exit 2) so scripts never delete by accident.
 */
export async function confirm(deps: Deps, question: string): Promise<boolean> {
  if (deps.globals.yes) return true;
  if (!deps.io.isStdinTTY || !deps.io.isStderrTTY) {
    throw new UsageError('refusing to continue without confirmation: no terminal to ask on; pass --yes to confirm');
  }
  const answer = await deps.prompt(`${question} [y/N] `);
  return /^y(es)?$/i.test(answer.trim());
}

/** Example command lines shown in the command's help (data on the tree: help/annotations.ts). */
export function example(cmd: Command, ...lines: string[]): Command {
  return addExamples(cmd, lines);
}

export interface ListFlags {
  limit?: number;
  offset?: number;
  all?: boolean;
}

/** --limit, --offset and --all, shared by every list command. */
export function withListOptions(cmd: Command, defaultLimit = 25): Command {
  return cmd
    .option('--limit <n>', `items per page, 1-100 (default: ${defaultLimit})`, intIn(1, 100))
    .option('--offset <n>', 'items to skip (default: 0)', intIn(0, Number.MAX_SAFE_INTEGER))
    .option('--all', 'follow every page, streaming items as they arrive');
}
