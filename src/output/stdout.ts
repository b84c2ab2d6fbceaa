// Standard output carries data only, and only output/ writes it (test/architecture/owners.test.ts):
// records through render.ts, and here the other kinds of data a command prints: lines (saved paths, an
// id under -q, names for completion), text as a whole (help, a completion script, the man page), bytes
// as they came (an image, an API body), a stream an engine writes to (leads export, leads follow), and
// how its failures are watched. Words for people go to stderr through the message channel.
import type { Writable } from 'node:stream';
import { type IO, write } from '../io.js';

/** Lines of data, each ended by a newline (a path, an id, a name). */
export function printLines(io: IO, lines: readonly string[]): Promise<void> | void {
  if (!lines.length) return;
  return write(io.stdout, `${lines.join('\n')}\n`);
}

/** Text printed as it is (help, a completion script, the man page). */
export function printText(io: IO, text: string): Promise<void> | void {
  return write(io.stdout, text);
}

/** Text handed to the stream now, for a caller that cannot wait (commander's help and version): a failure reaches watchStdout. */
export function printTextNow(io: IO, text: string): void {
  io.stdout.write(text);
}

/** Bytes as they came (an image, an answer's body). */
export function printBytes(io: IO, bytes: Uint8Array): Promise<void> | void {
  return write(io.stdout, bytes);
}

/** Standard output for an engine that streams to it itself (the descriptor too, for a file behind `>`). */
export function dataStream(io: IO): { stream: Writable; fd?: number } {
  return { stream: io.stdout, fd: io.stdoutFd };
}

/** What happened to standard output during a run, for the entry point's exit status. */
export interface StdoutWatch {
  /** The reader went away (`| head -1`, EPIPE): their choice, exit 0. */
  closed(): boolean;
  /** Any other failure (`> /dev/full`): the data did not arrive. */
  failure(): NodeJS.ErrnoException | undefined;
}

/**
 * Watches standard output's errors for the whole process. The listener stays after the run: a closed
 * pipe can report its error after main() has returned, and an unhandled 'error' event would crash.
 */
export function watchStdout(io: IO): StdoutWatch {
  let closed = false;
  let failure: NodeJS.ErrnoException | undefined;
  io.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (isClosedPipe(err)) closed = true;
    else failure ??= err;
  });
  return { closed: () => closed, failure: () => failure };
}

/** A write that failed because the reader went away (EPIPE, or a stream already destroyed). */
export function isClosedPipe(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}
