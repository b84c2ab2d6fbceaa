// `--data` and the other JSON a command reads: inline, from a file (`@file.json`) or from standard
// input (`-`, `@-`), bounded in nesting before it is parsed; problems are exit 2 before anything is sent.
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { readRegularFile } from '../fs/read-regular.js';

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

/** --data that must be one JSON object (a record's fields). */
export async function readJsonObject(spec: string, ctx: Context, what = '--data'): Promise<Record<string, unknown>> {
  const value = await readJsonData(spec, ctx, what);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(
      `${what}: expected a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`,
    );
  }
  return value as Record<string, unknown>;
}
