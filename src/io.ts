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
  /** The real process's standard output descriptor (1); undefined for in-memory test streams. */
  stdoutFd?: number;
}

/**
 * Writes to stdout and resolves once flushed; honours back-pressure. A stream that fails or closes
 * (EPIPE after `| head -1`) rejects instead of waiting for a 'drain' that never comes.
 */
export function write(stream: Writable, text: string | Uint8Array): Promise<void> | void {
  if (stream.destroyed || stream.writableEnded) return Promise.reject(closedError());
  if (stream.write(text)) return;
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      stream.off('drain', ok).off('error', done).off('close', closed);
      if (err) reject(err);
      else resolve();
    };
    const ok = () => done();
    const closed = () => done(closedError());
    stream.once('drain', ok).once('error', done).once('close', closed);
  });
}

function closedError(): NodeJS.ErrnoException {
  return Object.assign(new Error('standard output is closed'), { code: 'EPIPE' });
}
