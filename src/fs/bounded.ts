// Files read whole into memory, with a bound: `--data @/dev/urandom`, a config or state file grown
// by accident, or a FIFO that never ends must stop with a usage error, not take gigabytes. A regular
// file is judged by its size before a byte is read (a sparse 1 TB file costs nothing); anything else
// (a device, a FIFO) is read until one byte past the bound.
import { open, type FileHandle } from 'node:fs/promises';
import { UsageError } from '../errors.js';
const { closeSync, fstatSync, openSync, readSync } = process.getBuiltinModule('node:fs');

/** What `--data -` accepts on standard input, and so every `@file` too. */
export const FILE_MAX_BYTES = 64 * 1024 * 1024;

export interface FileLimits {
  /** Most bytes accepted (default FILE_MAX_BYTES). */
  maxBytes?: number;
  /** Names the input in the error, e.g. "--data" or "the state file". */
  what: string;
}

const CHUNK = 1024 * 1024;

function tooLarge(path: string, max: number, what: string): UsageError {
  const size = max >= 1024 * 1024 ? `${max / (1024 * 1024)} MiB` : `${max} bytes`;
  return new UsageError(`${what}: ${path} is larger than ${size}, the most cardqr reads from it; nothing was sent`);
}

/** The whole file as UTF-8, or a UsageError past the bound. File-system errors are thrown as they are. */
export async function readFileBounded(path: string, limits: FileLimits): Promise<string> {
  const fh = await open(path, 'r');
  try {
    return await readHandleBounded(fh, path, limits);
  } finally {
    await fh.close();
  }
}

/** The rest of an open file as UTF-8, or a UsageError past the bound (the caller closes it). */
export async function readHandleBounded(fh: FileHandle, path: string, limits: FileLimits): Promise<string> {
  const max = limits.maxBytes ?? FILE_MAX_BYTES;
  {
    const st = await fh.stat();
    if (st.isFile() && st.size > max) throw tooLarge(path, max, limits.what);
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, max + 1 - size));
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (!bytesRead) break;
      size += bytesRead;
      if (size > max) throw tooLarge(path, max, limits.what);
      chunks.push(buf.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}

/** The same, synchronously (for readers that run before the event loop matters: the config store). */
export function readFileBoundedSync(path: string, limits: FileLimits): string {
  const max = limits.maxBytes ?? FILE_MAX_BYTES;
  const fd = openSync(path, 'r');
  try {
    const st = fstatSync(fd);
    if (st.isFile() && st.size > max) throw tooLarge(path, max, limits.what);
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, max + 1 - size));
      const n = readSync(fd, buf, 0, buf.length, null);
      if (!n) break;
      size += n;
      if (size > max) throw tooLarge(path, max, limits.what);
      chunks.push(buf.subarray(0, n));
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Longest line accepted in a line-by-line file cardqr wrote (an import report): 8 MiB. */
export const LINE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The lines of a UTF-8 stream (`\n` or `\r\n`), refusing a line past `maxChars` characters instead of
 * holding it whole (readline would keep a 2 GiB line without a newline in memory).
 */
export async function* boundedLines(
  input: AsyncIterable<string | Buffer>,
  what: string,
  maxChars = LINE_MAX_BYTES,
): AsyncGenerator<string> {
  let carry = '';
  const tooLong = () =>
    new UsageError(`${what}: a line is longer than ${maxChars / (1024 * 1024)} MiB; not a file cardqr wrote`);
  for await (const chunk of input) {
    const parts = (carry + String(chunk)).split('\n');
    carry = parts.pop() ?? '';
    for (const p of parts) {
      if (p.length > maxChars) throw tooLong();
      yield p.endsWith('\r') ? p.slice(0, -1) : p;
    }
    if (carry.length > maxChars) throw tooLong();
  }
  if (carry) yield carry.endsWith('\r') ? carry.slice(0, -1) : carry;
}
