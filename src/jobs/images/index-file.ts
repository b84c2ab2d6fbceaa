// Which file each id was saved to in a -d directory (for one format, size and background), so a
// re-run skips ids whose file is still there without downloading them again (the name comes from
// the API's answer, so it cannot be known before asking otherwise). Kept under the config dir,
// `image-index/<hash of the directory's real path>.ndjson`, so the image directory holds images only.
import { createHash } from 'node:crypto';
import { basename, join, resolve } from 'node:path';
import type { ImageQuery } from '../../api/images.js';
import { OWN_NAMES } from '../../fs/own-names.js';
const { appendFileSync, closeSync, mkdirSync, openSync, readSync, realpathSync } = process.getBuiltinModule('node:fs');

export function imageIndexPath(configDir: string, dir: string): string {
  let real: string;
  try {
    real = realpathSync(dir);
  } catch {
    real = resolve(dir);
  }
  return join(
    configDir,
    OWN_NAMES.imageIndex,
    `${createHash('sha256').update(real).digest('hex').slice(0, 32)}.ndjson`,
  );
}

interface Entry {
  id: string;
  format: string;
  size: number;
  transparent: boolean;
  file: string;
}

const key = (id: string, q: ImageQuery) => `${id}\n${q.format}\n${q.size}\n${q.transparent}`;

/** Longest index line read (a real entry is a few hundred bytes); a longer one is skipped whole. */
const MAX_LINE = 64 * 1024;
const CHUNK = 64 * 1024;

export class ImageIndex {
  private readonly map = new Map<string, string>();
  /** The file may end in a partial line. */
  private torn = false;

  /**
   * Reads the index line by line in fixed chunks, so memory stays bounded however large the file grew:
   * with `ids`, only the entries of those ids are kept (a run asks about its own ids only).
   */
  constructor(
    private readonly path: string,
    ids?: Iterable<string>,
  ) {
    const want = ids ? new Set(ids) : undefined;
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return;
    }
    try {
      const chunk = Buffer.alloc(CHUNK);
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let overlong = false;
      let lastByte = -1;
      for (;;) {
        const n = readSync(fd, chunk, 0, CHUNK, null);
        if (n === 0) break;
        const view = chunk.subarray(0, n);
        lastByte = view[n - 1];
        let start = 0;
        for (let nl = view.indexOf(10, start); nl !== -1; nl = view.indexOf(10, start)) {
          const piece = view.subarray(start, nl);
          if (!overlong && pendingBytes + piece.length <= MAX_LINE)
            this.read(pending.length ? Buffer.concat([...pending, piece]) : piece, want);
          pending = [];
          pendingBytes = 0;
          overlong = false;
          start = nl + 1;
        }
        const rest = view.subarray(start);
        if (rest.length && !overlong) {
          if (pendingBytes + rest.length > MAX_LINE) {
            overlong = true;
            pending = [];
            pendingBytes = 0;
          } else {
            pending.push(Buffer.from(rest));
            pendingBytes += rest.length;
          }
        }
      }
      // A last line without its newline was cut short by a kill or a full disk: ignored (and marked).
      this.torn = lastByte !== -1 && lastByte !== 10;
    } catch {
      // an unreadable index only costs downloads
    } finally {
      closeSync(fd);
    }
  }

  private read(line: Buffer, want: ReadonlySet<string> | undefined): void {
    if (!line.length) return;
    try {
      const e = JSON.parse(line.toString('utf8')) as Entry;
      if (want && !want.has(e.id)) return;
      // Only plain names inside the directory are trusted.
      if (typeof e.file === 'string' && e.file === basename(e.file) && !e.file.startsWith('.')) {
        this.map.set(
          key(e.id, { format: e.format as ImageQuery['format'], size: e.size, transparent: e.transparent }),
          e.file,
        );
      }
    } catch {
      // a line cut short by a kill, or not ours: ignored
    }
  }

  get(id: string, q: ImageQuery): string | undefined {
    return this.map.get(key(id, q));
  }

  add(id: string, q: ImageQuery, path: string): void {
    const file = basename(path);
    if (this.map.get(key(id, q)) === file) return;
    this.map.set(key(id, q), file);
    const entry: Entry = { id, format: q.format, size: q.size, transparent: q.transparent, file };
    try {
      mkdirSync(join(this.path, '..'), { recursive: true, mode: 0o700 });
      // After a line cut short (a full disk, a kill), start on a new line so this entry is not lost with it.
      appendFileSync(this.path, `${this.torn ? '\n' : ''}${JSON.stringify(entry)}\n`, { mode: 0o600 });
      this.torn = false;
    } catch {
      this.torn = true;
      // The index only saves downloads; failing to write it loses nothing.
    }
  }
}
