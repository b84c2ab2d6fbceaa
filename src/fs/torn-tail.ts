// Append-only files of records (the dead letter, the reports, an --out export that grows): a kill or a
// full disk mid-write leaves the file ending in a partial record. Before the next append that torn tail
// is cut off (the file truncated to just after its last whole record), so a new record never glues onto
// it into one corrupt line; the whole records before it are never touched. A tail that is one whole
// JSON object (only its newline was lost: a reader counted it) is kept and given its newline instead.
// The caller says on stderr how many bytes were cut (`TornTail.cut`).
const { fstatSync, ftruncateSync, readSync, writeSync } = process.getBuiltinModule('node:fs');

export interface TornTail {
  /** Bytes cut off the end (0: the file ended in a whole record, was empty, or only lacked its newline). */
  cut: number;
  /** Only the newline was lost: it was added, nothing cut. */
  mended: boolean;
}

export const NOT_TORN: TornTail = { cut: 0, mended: false };

/**
 * How records end. `lines`: each line (NDJSON). `csv`: a line end outside quotes (RFC 4180: a quoted
 * cell may hold newlines). `vcard`: the line `END:VCARD`.
 */
export type RecordKind = 'lines' | 'csv' | 'vcard';

/**
 * For a file opened read-write with O_APPEND (NDJSON: the dead letter, a report): cuts a last line
 * without its "\n", or adds the "\n" when that line is a whole JSON object. Reads backwards from the end in
 * small blocks, so a long file costs one block.
 */
export function cutTornTail(fd: number): TornTail {
  const size = fstatSync(fd).size;
  if (size === 0) return NOT_TORN;
  const end = lastNewlineEnd(fd, size);
  if (end === size) return NOT_TORN;
  if (wholeJson(fd, end, size)) {
    writeAllSync(fd, '\n');
    return { cut: 0, mended: true };
  }
  ftruncateSync(fd, end);
  return { cut: size - end, mended: false };
}

/** Bytes up to and including the last newline (0 when there is none), read backwards in small blocks. */
function lastNewlineEnd(fd: number, size: number): number {
  const block = Buffer.alloc(64 * 1024);
  for (let end = size; end > 0;) {
    const start = Math.max(0, end - block.length);
    const n = readSync(fd, block, 0, end - start, start);
    const i = block.subarray(0, n).lastIndexOf(0x0a);
    if (i >= 0) return start + i + 1;
    end = start;
  }
  return 0;
}

/** Whether the bytes from `start` to `end` are one whole JSON object or array. */
function wholeJson(fd: number, start: number, end: number): boolean {
  if (end - start > 16 * 1024 * 1024) return false;
  const buf = Buffer.alloc(end - start);
  readSync(fd, buf, 0, buf.length, start);
  return isWholeJson(buf);
}

/** One whole JSON object or array (a record of ours: a cut number or string could parse too). */
export function isWholeJson(buf: Buffer): boolean {
  try {
    const v: unknown = JSON.parse(buf.toString('utf8'));
    return typeof v === 'object' && v !== null;
  } catch {
    return false;
  }
}

function writeAllSync(fd: number, text: string): void {
  const buf = Buffer.from(text, 'utf8');
  for (let done = 0; done < buf.length;) {
    const n = writeSync(fd, buf, done, buf.length - done);
    if (n <= 0) throw Object.assign(new Error('short write'), { code: 'EIO' });
    done += n;
  }
}

/**
 * Follows a file read front to back (chunk by chunk, as it is copied) and knows where its last whole
 * record ends: `complete` bytes; `seen` bytes in all. The tail past `complete` is the torn record.
 */
export class RecordEnds {
  complete = 0;
  seen = 0;
  private quoted = false;
  /** The start of the line being read (vcard), up to 16 bytes. */
  private line = '';

  constructor(private readonly kind: RecordKind) {}

  feed(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (this.kind === 'csv' && b === 0x22) this.quoted = !this.quoted;
      else if (b === 0x0a) {
        const end = this.seen + i + 1;
        if (this.kind === 'lines' || (this.kind === 'csv' && !this.quoted)) this.complete = end;
        else if (this.kind === 'vcard' && /^END:VCARD\r?$/i.test(this.line)) this.complete = end;
        this.line = '';
      } else if (this.kind === 'vcard' && this.line.length < 16) this.line += String.fromCharCode(b);
    }
    this.seen += chunk.length;
  }
}
