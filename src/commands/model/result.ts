// What a command's run returns; the runner (model/run.ts) prints it through output/render, so no
// command writes stdout or looks at -o. Each kind is how one family of commands answers.
import type { Writable } from 'node:stream';
import type { PagedList } from '../../api/pages.js';
import type { View } from '../../output/view.js';

export type Result =
  /** One object (get, me): the view's table or text, json, ndjson, csv; --fields and --query apply. */
  | { kind: 'record'; value: unknown; view?: View }
  /** A created or changed object: as a record, or only its id with -q. */
  | { kind: 'written'; value: unknown; id: string; view?: View }
  /**
   * Many objects: a paged list (its first request leaves before the renderer is loaded) or rows a job
   * found; each a table row, a JSON array's item, an ndjson line, a CSV row.
   */
  | { kind: 'list'; list: PagedList<unknown> | Iterable<unknown> | AsyncIterable<unknown>; view?: View }
  /** The request a --dry-run would have sent (nothing was). */
  | { kind: 'dryRun'; method: string; path: string; body: unknown }
  /**
   * A job's summary or plan: JSON (with --query) under -o json or ndjson; otherwise `lines` on stdout
   * (none: the words went to stderr). `jsonWhenPiped`: the lines are for a terminal, a pipe gets the
   * JSON; `note` is said on stderr when the JSON is printed (the lines said it).
   */
  | {
      kind: 'summary';
      value: unknown;
      lines?: readonly string[];
      pretty?: boolean;
      jsonWhenPiped?: boolean;
      note?: string;
    }
  /** One result line per outcome under text output (a path), its JSON under -o json/ndjson; nothing with -q. */
  | { kind: 'line'; value: unknown; line: string }
  /** Plain lines (paths, names) or text (a script) on stdout, whatever -o says. */
  | { kind: 'text'; text: string }
  /** Bytes as they are (an image, a raw body). */
  | { kind: 'bytes'; bytes: Uint8Array }
  /**
   * Data written as it comes (an export, a follow): the command writes into the stream it is handed, or
   * prints a result early with `print` (what a server prints before it waits to be stopped).
   */
  | { kind: 'stream'; write: (out: StreamOut) => Promise<Result | void> }
  | { kind: 'none' };

export interface StreamOut {
  stream: Writable;
  fd?: number;
  print(result: Result): Promise<void>;
}

/** A result, then a failure to report after it was printed (the exit status a run ends with). */
export type Outcome = Result & { then?: Error };

export const record = (value: unknown, view?: View): Result => ({ kind: 'record', value, view });
export const written = (value: unknown, id: string, view?: View): Result => ({ kind: 'written', value, id, view });
export const list = (l: PagedList<unknown> | Iterable<unknown> | AsyncIterable<unknown>, view?: View): Result => ({
  kind: 'list',
  list: l,
  view,
});
export const dryRun = (method: string, path: string, body: unknown): Result => ({ kind: 'dryRun', method, path, body });
export const summary = (value: unknown, lines?: readonly string[], pretty?: boolean): Result => ({
  kind: 'summary',
  value,
  lines,
  pretty,
});
/** What a server prints once it listens: `lines` on a terminal, else one JSON line and `note` on stderr. */
export const started = (value: unknown, lines: readonly string[], note: string): Result => ({
  kind: 'summary',
  value,
  lines,
  pretty: false,
  jsonWhenPiped: true,
  note,
});
export const line = (value: unknown, text: string): Result => ({ kind: 'line', value, line: text });
export const text = (t: string): Result => ({ kind: 'text', text: t });
export const bytes = (b: Uint8Array): Result => ({ kind: 'bytes', bytes: b });
export const stream = (write: (out: StreamOut) => Promise<Result | void>): Result => ({
  kind: 'stream',
  write,
});
export const none: Result = { kind: 'none' };

/** `result`, with a failure the run ends with once it is printed. */
export function thenFail(result: Result, err: Error): Outcome {
  return { ...result, then: err };
}
