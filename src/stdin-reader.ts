// Standard input, read with bounded memory: `yes | cardqr profiles add --api-key-stdin` or an endless
// pipe into `image -` must end with a usage error, not take gigabytes.
import { UsageError } from './errors.js';

export interface StdinLimits {
  /** Only the first line is wanted (a key): reading stops at the first newline. */
  firstLine?: boolean;
  /** Most bytes kept (default STDIN_MAX_BYTES; a first line: KEY_LINE_MAX_BYTES). */
  maxBytes?: number;
  /** Names the input in the error, e.g. "--api-key-stdin". */
  what?: string;
}

export const STDIN_MAX_BYTES = 64 * 1024 * 1024;
export const KEY_LINE_MAX_BYTES = 64 * 1024;

export async function readBounded(stream: NodeJS.ReadableStream, limits: StdinLimits = {}): Promise<string> {
  const max = limits.maxBytes ?? (limits.firstLine ? KEY_LINE_MAX_BYTES : STDIN_MAX_BYTES);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream) {
    const chunk = Buffer.isBuffer(c) ? c : Buffer.from(c as string);
    const nl = limits.firstLine ? chunk.indexOf(0x0a) : -1;
    const part = nl >= 0 ? chunk.subarray(0, nl) : chunk;
    size += part.length;
    if (size > max) {
      stop(stream);
      const what = limits.what ?? 'standard input';
      throw new UsageError(
        limits.firstLine
          ? `${what}: the first line is longer than ${max} bytes (expected one key)`
          : `${what}: more than ${mib(max)} on standard input`,
      );
    }
    chunks.push(part);
    if (nl >= 0) {
      stop(stream);
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

function stop(stream: NodeJS.ReadableStream): void {
  const s = stream as NodeJS.ReadableStream & { destroy?: () => void };
  if (typeof s.destroy === 'function') s.destroy();
  else s.pause();
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
