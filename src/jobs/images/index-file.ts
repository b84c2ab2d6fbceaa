// Which file each id was saved to in a -d directory (for one format, size and background), so a
// re-run skips ids whose file is still there without downloading them again (the name comes from
// the API's answer, so it cannot be known before asking otherwise). Kept under the config dir,
// `image-index/<hash of the directory's real path>.ndjson`, so the image directory holds images only.
import { createHash } from 'node:crypto';
import { basename, join, resolve } from 'node:path';
import type { ImageQuery } from '../../api/images.js';
import { OWN_NAMES } from '../../fs/own-names.js';
const { appendFileSync, mkdirSync, readFileSync, realpathSync } = process.getBuiltinModule('node:fs');

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

export class ImageIndex {
  private readonly map = new Map<string, string>();
  /** The file may end in a partial line. */
  private torn = false;

  constructor(private readonly path: string) {
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      return;
    }
    this.torn = text !== '' && !text.endsWith('\n');
    for (const line of text.split('\n')) {
      try {
        const e = JSON.parse(line) as Entry;
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
