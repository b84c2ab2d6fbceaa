// `.cardqr-images` in a -d directory: which file each id was saved to (for one format, size and
// background), so a re-run skips ids whose file is still there without downloading them again
// (the name comes from the API's answer, so it cannot be known before asking otherwise).
import { appendFileSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ImageQuery } from '../../api/images.js';

export const INDEX_NAME = '.cardqr-images';

interface Entry { id: string; format: string; size: number; transparent: boolean; file: string }

const key = (id: string, q: ImageQuery) => `${id}\n${q.format}\n${q.size}\n${q.transparent}`;

export class ImageIndex {
  private readonly map = new Map<string, string>();
  constructor(private readonly dir: string) {
    let text = '';
    try {
      text = readFileSync(join(dir, INDEX_NAME), 'utf8');
    } catch {
      return;
    }
    for (const line of text.split('\n')) {
      try {
        const e = JSON.parse(line) as Entry;
        // Only plain names inside the directory are trusted (the file is in a directory others may write).
        if (typeof e.file === 'string' && e.file === basename(e.file) && !e.file.startsWith('.')) {
          this.map.set(key(e.id, { format: e.format as ImageQuery['format'], size: e.size, transparent: e.transparent }), e.file);
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
      appendFileSync(join(this.dir, INDEX_NAME), `${JSON.stringify(entry)}\n`, { mode: 0o644 });
    } catch {
      // The index only saves downloads; failing to write it loses nothing.
    }
  }
}
