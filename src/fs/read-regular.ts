// Reading a file the user names where a regular file is expected (--data @f, print audit <run>, the
// export's state file). Opening a FIFO with no writer blocks a libuv thread (and with it Ctrl-C and
// SIGTERM handling, which need that thread to finish), and a device such as /dev/zero never ends: the
// file is opened with O_NONBLOCK (which never blocks, even on a FIFO), checked with fstat, and read only
// when it is a regular file. Anything else is refused with a NotRegularFile error.
import type { Stats } from 'node:fs';
import { readHandleBounded, type FileLimits } from './bounded.js';
const { constants } = process.getBuiltinModule('node:fs');

export class NotRegularFile extends Error {
  constructor(
    readonly path: string,
    kind: string,
  ) {
    super(`not a regular file (${kind})`);
    this.name = 'NotRegularFile';
  }
}

export function fileKind(st: Stats): string {
  if (st.isFIFO()) return 'a FIFO or pipe';
  if (st.isCharacterDevice()) return 'a terminal or device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  if (st.isDirectory()) return 'a directory';
  return 'not a file';
}

/** Why `st` (of a path about to be replaced) may not be replaced, or undefined: absent, a file or a symlink (replaced itself). */
export function nonRegularProblem(path: string, st: Stats | undefined): string | undefined {
  if (!st || st.isFile() || st.isSymbolicLink()) return undefined;
  return `${path} is ${fileKind(st)}, not a regular file: cardqr never replaces it`;
}

/**
 * The text of a regular file, within the bound of `limits` (fs/bounded.ts); throws NotRegularFile for a
 * FIFO, device, socket or directory, a UsageError past the bound, and errno errors as they are.
 */
export async function readRegularFile(path: string, limits: FileLimits): Promise<string> {
  const fh = await process.getBuiltinModule('node:fs/promises').open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new NotRegularFile(path, fileKind(st));
    return await readHandleBounded(fh, path, limits);
  } finally {
    await fh.close();
  }
}
