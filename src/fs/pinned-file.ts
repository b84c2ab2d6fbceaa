// The import reads its CSV several times (first lines, validation, sending): every pass must read the
// very bytes the first one checked. The file is opened once and every pass reads that descriptor from
// offset 0, so a file renamed over meanwhile (an editor's save, `mv new.csv f.csv`) does not matter: the
// old bytes are still what is read. A file rewritten in place (truncated, appended to, edited) changes
// the size or the modification time of that very inode: checked after every chunk read, before any row
// of it is used, so a row no pass checked is never sent. The reading then stops with a usage error.
import type { BigIntStats } from 'node:fs';
import { Readable } from 'node:stream';
import { UsageError } from '../errors.js';
const { closeSync, constants, fstatSync, openSync, read } = process.getBuiltinModule('node:fs');

export interface PinnedFile {
  /** A new stream of the file's bytes from the start, failing once the file changed since it was pinned. */
  read(highWaterMark?: number): Readable;
  /** The size it had when pinned. */
  readonly size: number;
  /** Throws the FileChangedError a read would fail with, once the file changed since it was pinned. */
  check(): void;
  close(): void;
}

export class FileChangedError extends UsageError {}

/** Opens a regular file for repeated reading; undefined when it cannot be opened (the caller reports it by path). */
export function pinFile(path: string, label = path): PinnedFile | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  const base = fstatSync(fd, { bigint: true });
  const same = (st: BigIntStats) => st.size === base.size && st.mtimeNs === base.mtimeNs;
  let open = true;
  const changed = () =>
    new FileChangedError(`${label} changed while cardqr was reading it: stopped, nothing more is sent`, [
      'rows already sent are recorded in the report; when the file is final, run the same command with --resume',
    ]);
  return {
    size: Number(base.size),
    check() {
      if (open && !same(fstatSync(fd, { bigint: true }))) throw changed();
    },
    // Positional reads of the shared descriptor (a ReadStream given an fd closes it when destroyed).
    read(highWaterMark = 256 * 1024) {
      let pos = 0;
      return new Readable({
        highWaterMark,
        read(size) {
          const buf = Buffer.allocUnsafe(Math.max(size, 64 * 1024));
          read(fd, buf, 0, buf.length, pos, (err, n) => {
            if (err || !open) {
              this.destroy(err ?? undefined);
              return;
            }
            if (!same(fstatSync(fd, { bigint: true }))) {
              this.destroy(changed());
              return;
            }
            pos += n;
            this.push(n ? buf.subarray(0, n) : null);
          });
        },
      });
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}
