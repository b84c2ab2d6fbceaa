// The file an import reads, made readable more than once: a regular file pinned in place, a pipe or
// FIFO copied to a private temporary file first (readRecords then reads either).
import { mkdtemp, rm, stat, type FileHandle } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InterruptedError, UsageError } from '../errors.js';
import { createExclusive, writeAll, WriteError } from '../fs/durable.js';
import { pinFile, type PinnedFile } from '../fs/pinned-file.js';
const { constants, open: openFd } = process.getBuiltinModule('node:fs');

export interface Input {
  /** The path to read (the file itself, or a private copy of a pipe). */
  path: string;
  /** The file opened once, for every pass (a regular file; a pipe's private copy needs none). */
  pinned?: PinnedFile;
  dispose(): Promise<void>;
}

/**
 * The import reads its file more than once (first lines, validation, sending). A regular file is read
 * in place. A pipe (`<(cat f)`, /dev/stdin, a FIFO) can be read only once: it is copied first to a
 * private temporary file (a 0700 directory under the temp dir, removed afterwards). A FIFO is opened
 * without blocking (O_NONBLOCK) and waited for in the event loop, so Ctrl-C/SIGTERM still work while
 * no writer has come. A terminal, socket or other device is refused.
 */
/** Whether `path` is a pipe or FIFO (`<(cat f)`, /dev/stdin from a pipe); stat never blocks. */
export async function isPipe(path: string): Promise<boolean> {
  return Boolean((await stat(path).catch(() => undefined))?.isFIFO());
}

export async function prepareInput(path: string, signal?: AbortSignal): Promise<Input> {
  const st = await stat(path).catch(() => undefined); // stat never blocks, even on a FIFO
  if (st?.isFile()) {
    const pinned = pinFile(path);
    return { path, pinned, dispose: async () => pinned?.close() };
  }
  if (!st || st.isDirectory()) return { path, dispose: async () => undefined }; // readRecords reports ENOENT/EISDIR/EACCES
  if (!st.isFIFO()) {
    throw new UsageError(
      `${path} is ${st.isCharacterDevice() ? 'a terminal or device' : 'not a regular file or a pipe'}: give a CSV file (or a pipe such as <(command))`,
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'cardqr-input-'));
  const copy = join(dir, 'input.csv');
  const input: Input = { path: copy, dispose: () => rm(dir, { recursive: true, force: true }) };
  try {
    const out = await createExclusive(copy);
    try {
      await copyPipe(path, out, signal);
      await out.sync();
    } catch (e) {
      throw e instanceof UsageError || e instanceof InterruptedError
        ? e
        : new WriteError(`a private copy of ${path} (in ${tmpdir()})`, e);
    } finally {
      await out.close();
    }
    return input;
  } catch (e) {
    await input.dispose();
    throw e;
  }
}

async function copyPipe(path: string, out: FileHandle, signal?: AbortSignal): Promise<void> {
  let fd: number;
  try {
    fd = await new Promise<number>((resolve, reject) =>
      openFd(path, constants.O_RDONLY | constants.O_NONBLOCK, (err, n) => (err ? reject(err) : resolve(n))),
    );
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const sock = new Socket({ fd, readable: true, writable: false }); // owns fd from here on
  const onAbort = () => sock.destroy(new InterruptedError('interrupted while reading the input; nothing was sent'));
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort(); // a stop asked before this point is not an event any more
  try {
    for await (const chunk of sock) await writeAll(out, chunk as Buffer);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    sock.destroy();
  }
}
