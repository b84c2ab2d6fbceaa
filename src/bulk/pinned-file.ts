// The import reads its CSV several times (first lines, validation, sending): every pass must read the
// very bytes the first one checked. The file is opened once and every pass reads that descriptor from
// offset 0, so a file renamed over meanwhile (an editor's save, `mv new.csv f.csv`) does not matter: the
// old bytes are still what is read. A file rewritten in place (truncated, appended to, edited) changes
// the size or the modification time of that very inode: checked after every chunk read, before any row
// of it is used, so a row no pass checked is never sent. The reading then stops with a usage error.
import { closeSync, constants, createReadStream, fstatSync, openSync, type BigIntStats } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { UsageError } from '../errors.js';

export interface PinnedFile {
  /** A new stream of the file's bytes from the start, failing once the file changed since it was pinned. */
  read(highWaterMark?: number): Readable;
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
  return {
    read(highWaterMark = 256 * 1024) {
      const src = createReadStream('', { fd, start: 0, autoClose: false, highWaterMark });
      const guard = new Transform({
        transform(chunk: Buffer, _enc, done) {
          if (same(fstatSync(fd, { bigint: true }))) return done(null, chunk);
          done(
            new FileChangedError(`${label} changed while cardqr was reading it: stopped, nothing more is sent`, [
              'rows already sent are recorded in the report; when the file is final, run the same command with --resume',
            ]),
          );
        },
      });
      src.on('error', (e) => guard.destroy(e));
      guard.on('close', () => src.destroy());
      return src.pipe(guard);
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}
