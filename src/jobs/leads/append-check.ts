// Whether an existing --out file may be added to (PRODUCT section 16): its first line AND its last
// complete line must be lines this export writes for that format. "First line starts with `{`" let a
// state file, the profile store or any JSON document be taken for an NDJSON export and grown.
import type { RecordKind } from '../../fs/torn-tail.js';
const { closeSync, openSync, readSync } = process.getBuiltinModule('node:fs');

/** What an existing --out file must hold for this export to be added to it ('never': -o json). */
export type AppendCheck = {
  label: string;
  fits:
    | 'never'
    | {
        first: (line: string) => boolean;
        /** The last complete record (ended by a newline), without its line ending. */
        last: (record: string) => boolean;
        /** CSV: a newline inside quotes does not end a record. */
        quoted?: boolean;
      };
  /** How the file's records end (default: lines), to cut a torn last one before adding (fs/torn-tail.ts). */
  records?: RecordKind;
};

const MAX_RECORD = 1 << 20;

/**
 * The first line (a BOM and CR dropped) and the last complete record of a file: the text between the
 * last two record ends; undefined when no record is complete or it is longer than 1 MiB. One pass,
 * never the whole file in memory.
 */
export function fileEdges(path: string, quoted = false): { first: string; last: string | undefined } {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(1 << 20);
    let head: Buffer | undefined;
    let pos = 0;
    let inQuote = false;
    let start = 0; // where the record being read began
    let last: [number, number] | undefined;
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, pos);
      if (!n) break;
      head ??= Buffer.from(buf.subarray(0, Math.min(n, 64 * 1024)));
      for (let i = 0; i < n; i++) {
        const b = buf[i];
        if (quoted && b === 0x22) inQuote = !inQuote;
        else if (b === 0x0a && !inQuote) {
          last = [start, pos + i];
          start = pos + i + 1;
        }
      }
      pos += n;
    }
    const text = (head ?? Buffer.alloc(0)).toString('utf8').replace(/^\uFEFF/, '');
    const nl = text.indexOf('\n');
    const first = (nl < 0 ? text : text.slice(0, nl)).replace(/\r$/, '');
    if (!last || last[1] - last[0] > MAX_RECORD) return { first, last: undefined };
    const rec = Buffer.alloc(last[1] - last[0]);
    readSync(fd, rec, 0, rec.length, last[0]);
    return {
      first,
      last: rec
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .replace(/\r$/, ''),
    };
  } finally {
    closeSync(fd);
  }
}

/** The cells of one CSV record (quotes respected). */
export function csvCellCount(record: string, delimiter: string): number {
  let n = 1;
  let inQuote = false;
  for (const ch of record) {
    if (ch === '"') inQuote = !inQuote;
    else if (ch === delimiter && !inQuote) n++;
  }
  return n;
}

/** A line `leads export -o ndjson` writes: a lead (id, createdAt), or with --fields an object of those fields. */
export function isLeadLine(line: string, fields?: readonly string[]): boolean {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return false;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  if (typeof o.id === 'string' && typeof o.createdAt === 'string') return true;
  if (!fields) return false;
  const top = new Set(fields.map((f) => f.split('.')[0]));
  const keys = Object.keys(o);
  return keys.length > 0 && keys.every((k) => top.has(k));
}
