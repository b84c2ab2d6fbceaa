// Streams and terminal facts. Only deps.ts builds the real one from `process`.
import type { Readable, Writable } from 'node:stream';

export interface IO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  isStdoutTTY: boolean;
  isStderrTTY: boolean;
  isStdinTTY: boolean;
  columns: number;
}

export function colorEnabled(
  env: Readonly<Record<string, string | undefined>>,
  isTTY: boolean,
  flag: boolean | undefined,
): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  // FORCE_COLOR=0 (or false) turns colour off even on a terminal, as Node and chalk read it.
  if (env.FORCE_COLOR === '0' || env.FORCE_COLOR === 'false') return false;
  if (env.FORCE_COLOR !== undefined) return true;
  return isTTY;
}

/** Writes to stdout and resolves once flushed; honours back-pressure. */
export function write(stream: Writable, text: string): Promise<void> | void {
  if (stream.write(text)) return;
  return new Promise((resolve) => stream.once('drain', resolve));
}
