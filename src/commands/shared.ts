// Small helpers every command uses: output settings, option parsing, --data, confirmations.
import { type Command, Option } from 'commander';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { readRegularFile } from '../fs/read-regular.js';
import { addExamples, withHint } from '../help/annotations.js';
import { write } from '../io.js';
import { intIn } from './flags.js';
import type { View } from '../output/render.js';
import { safeLine } from '../output/sanitize.js';

/** Prints a created or changed record; with -q only its id (so `id=$(cardqr cards create ... -q)` works). */
export async function printWritten<T>(ctx: Context, record: T, view: View<T>, id: string): Promise<void> {
  if (ctx.msg.quiet) {
    await write(ctx.io.stdout, `${id}\n`);
    return;
  }
  const { renderRecord } = await import('../output/render.js');
  await renderRecord(record, view, ctx.output(), ctx.io);
}

/** --dry-run of a write: the request that would be sent, on stdout (json by default off a terminal); nothing is sent. */
export async function printDryRun(ctx: Context, method: string, path: string, body: unknown): Promise<void> {
  ctx.msg.say(`dry run: nothing was sent (${method} ${path} would carry the body below)`);
  if (ctx.msg.quiet) return;
  const { renderRecord } = await import('../output/render.js');
  // The body as JSON would carry it (undefined members dropped), not the object in memory.
  const sent: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
  await renderRecord({ dryRun: true, method, path, body: sent }, { columns: [] }, ctx.output(), ctx.io);
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
export async function readJsonData(spec: string, ctx: Context, what = '--data'): Promise<unknown> {
  let text: string;
  let source: string;
  if (spec === '-' || spec === '@-') {
    text = await ctx.readStdin({ what });
    source = 'standard input';
  } else if (spec.startsWith('@')) {
    source = spec.slice(1);
    try {
      text = await readRegularFile(source, { what });
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(
        `${what}: cannot read ${source}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
  } else {
    text = spec;
    source = 'the argument';
  }
  const depth = jsonDepth(text);
  if (depth > MAX_JSON_DEPTH) {
    throw new UsageError(
      `${what}: ${source} nests ${depth > 10_000 ? 'over 10000' : depth} levels deep; at most ${MAX_JSON_DEPTH} are accepted`,
    );
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new UsageError(`${what}: ${source} is not valid JSON (${(e as Error).message})`);
  }
}

/** Deepest nesting of arrays and objects accepted in --data (no API document comes near it). */
export const MAX_JSON_DEPTH = 64;

/** Nesting depth of JSON text, counted without parsing (brackets outside strings); stops past 10,000. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) max = depth;
      if (max > 10_000) return max;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

export async function readJsonObject(spec: string, ctx: Context, what = '--data'): Promise<Record<string, unknown>> {
  const value = await readJsonData(spec, ctx, what);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(
      `${what}: expected a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`,
    );
  }
  return value as Record<string, unknown>;
}

/**
 * Asks before destructive work. --yes skips the question; without a terminal to ask on,
 * it refuses (exit 2) so scripts never delete by accident.
 */
export async function confirm(ctx: Context, question: string): Promise<boolean> {
  if (ctx.globals.yes) return true;
  if (!ctx.io.isStdinTTY || !ctx.io.isStderrTTY) {
    throw new UsageError('refusing to continue without confirmation: no terminal to ask on; pass --yes to confirm');
  }
  const answer = await ctx.prompt(`${safeLine(question)} [y/N] `);
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
