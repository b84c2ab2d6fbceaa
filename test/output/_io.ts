// An in-memory IO for unit tests of the renderer: what was written to stdout and stderr, as text.
import { Readable, Writable } from 'node:stream';
import type { IO } from '../../src/io.js';

export interface MemoryStream extends Writable {
  text(): string;
}

export function memoryStream(): MemoryStream {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      chunks.push(chunk.toString());
      done();
    },
  }) as MemoryStream;
  stream.text = () => chunks.join('');
  return stream;
}

export function memoryIO(
  opts: { tty?: boolean; columns?: number } = {},
): IO & { stdout: MemoryStream; stderr: MemoryStream } {
  return {
    stdout: memoryStream(),
    stderr: memoryStream(),
    stdin: Readable.from([]),
    isStdoutTTY: opts.tty ?? false,
    isStderrTTY: opts.tty ?? false,
    isStdinTTY: false,
    columns: opts.columns ?? 80,
  };
}
