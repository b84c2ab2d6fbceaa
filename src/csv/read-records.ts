// Streams a CSV file as records with the physical line each starts on: BOM, quoted newlines, CRLF,
// mixed line endings, any delimiter, and any encoding TextDecoder knows (decoded as it streams).
import { Transform, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import { UsageError } from '../errors.js';
import type { PinnedFile } from '../fs/pinned-file.js';
const { createReadStream } = process.getBuiltinModule('node:fs');

export interface CsvOptions {
  delimiter?: string;
  /** A TextDecoder label (utf8, utf-16le, latin1, windows-1252, shift_jis …); default: UTF-8, or UTF-16 by its BOM. */
  encoding?: string;
  /** How the file is named in messages (default: its path). */
  label?: string;
  /** Read through this descriptor instead of opening the path again (pinned-file.ts). */
  pinned?: PinnedFile;
}

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  cells: string[];
}

/** Throws a UsageError unless TextDecoder knows the label. */
export function checkEncoding(label: string): string {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    throw new UsageError(`--encoding: unknown encoding "${label}" (try utf8, utf-16le, latin1, windows-1252)`);
  }
}

/** The longest CSV row read, in characters (README, Reliability). */
export const MAX_RECORD_CHARS = 4 * 1024 * 1024;

/** Every record of the file, the header first. Memory stays flat: one chunk and one record at a time. */
export async function* readRecords(path: string, opts: CsvOptions = {}): AsyncGenerator<CsvRecord> {
  const name = opts.label ?? path;
  const input = opts.pinned?.read() ?? createReadStream(path, { highWaterMark: 256 * 1024 });
  const delimiter = opts.delimiter ?? ',';
  const options = {
    bom: true,
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    // Blank lines come through as [''] and are skipped below, so line numbers stay exact without
    // csv-parse's per-record `info` objects (which cost a third of the parsing time and memory).
    skip_empty_lines: false,
    // A row past 4 MiB cannot become a campaign record (at most 1 MB): refused before memory runs out.
    max_record_size: MAX_RECORD_CHARS,
  };
  const parser = new RecordBatches(delimiter, (bom) => parse({ ...options, bom }));
  const decoder = decoderFor(opts.encoding, name);
  (decoder ? input.pipe(decoder) : input).pipe(parser);
  const fail = (e: Error) => parser.destroy(e);
  input.on('error', fail);
  decoder?.on('error', fail);

  let next = 1; // the line the next record starts on
  try {
    for await (const batch of parser as AsyncIterable<string[][]>) {
      for (const record of batch) {
        const line = next;
        next = line + 1 + lineBreaks(record);
        if (record.length === 1 && record[0] === '') continue; // a blank line
        yield { line, cells: record };
      }
    }
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOENT' || err.code === 'EACCES' || err.code === 'EISDIR') {
      throw new UsageError(`cannot read ${name}: ${err.code}`);
    }
    if (err.code === 'CSV_MAX_RECORD_SIZE') {
      throw new UsageError(
        `${name}: the row starting near line ${next} is longer than ${MAX_RECORD_CHARS / (1024 * 1024)} MiB; a campaign record is at most 1 MB`,
      );
    }
    if (typeof err.code === 'string' && err.code.startsWith('CSV_')) {
      throw new UsageError(
        `${name}: not readable as CSV near line ${next}: ${err.message.replace(/ at line \d+.*$/, '')}`,
      );
    }
    throw e;
  } finally {
    input.destroy();
  }
}

/** Files up to this size keep their records in memory after a whole pass (keepRecords)… */
export const KEPT_FILE_BYTES = 4 * 1024 * 1024;
/** …as long as they hold at most this many cells (the memory is per cell more than per byte). */
export const KEPT_CELLS = 150_000;
/** While records are replayed, the file is checked for a change after every this many characters. */
const REPLAY_CHECK_CHARS = 64 * 1024;

/**
 * `read` for a file read several times (the import: its checks, then sending, then the rejects): a
 * small pinned file's records are kept after the first whole pass and replayed by the later ones,
 * which thus send the very records the checks passed without parsing the file again. A replay checks
 * the file as a read does (pinned-file.ts), at its start and every 64 KiB, so a file rewritten in place
 * still stops the run with the same error. Other files are read again each time.
 */
export function keepRecords(
  read: () => AsyncGenerator<CsvRecord>,
  pinned: PinnedFile | undefined,
): () => AsyncGenerator<CsvRecord> {
  if (!pinned || pinned.size > KEPT_FILE_BYTES) return read;
  let kept: CsvRecord[] | undefined;
  async function* collect(): AsyncGenerator<CsvRecord> {
    let out: CsvRecord[] | undefined = [];
    let cells = 0;
    for await (const rec of read()) {
      if (out) {
        cells += rec.cells.length;
        if (cells > KEPT_CELLS) out = undefined;
        else out.push(rec);
      }
      yield rec;
    }
    kept ??= out; // only a pass that reached the end
  }
  return () => (kept ? replay(kept, pinned) : collect());
}

async function* replay(records: CsvRecord[], pinned: PinnedFile): AsyncGenerator<CsvRecord> {
  pinned.check();
  let chars = 0;
  for (const rec of records) {
    for (const c of rec.cells) chars += c.length + 1;
    if (chars >= REPLAY_CHECK_CHARS) {
      chars = 0;
      pinned.check();
    }
    yield rec;
  }
}

/** A line longer than this goes to csv-parse, which applies MAX_RECORD_CHARS as it always did. */
const FAST_LINE_BYTES = 1024 * 1024;

/**
 * The file's records, a batch at a time. Lines without a quote character are split here: for them
 * csv-parse's rules (delimiters, `\r\n` `\n` `\r` ends, a leading UTF-8 byte-order mark, blank lines as
 * [''], a last line without an end) come down to splitting on the delimiter, and csv-parse's byte
 * loop, still cold in a run of a few thousand rows, cost the import's checks ~20 us a row. From the
 * first quote character (or a line over 1 MiB) to the end of the file, csv-parse reads the rest,
 * starting at the beginning of that record; a file whose delimiter is not a single ASCII character,
 * or that starts with a UTF-16 byte-order mark, goes to csv-parse whole.
 */
export class RecordBatches extends Transform {
  private pending: Buffer | undefined; // an incomplete line, from the start of its record
  private parser: Transform | undefined; // csv-parse, once it reads the rest
  private started = false;
  private readonly delim: number;

  constructor(
    private readonly delimiter: string,
    private readonly csvParse: (bom: boolean) => Transform,
  ) {
    // One batch (a chunk's records) waiting at most: csv-parse, too, held one chunk's records.
    super({ readableObjectMode: true, readableHighWaterMark: 1 });
    this.delim = delimiter.length === 1 && delimiter.charCodeAt(0) < 0x80 ? delimiter.charCodeAt(0) : -1;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.parser) return this.toParser(chunk, done);
    let buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    if (!this.started) {
      if (buf.length < 3) {
        this.pending = buf; // csv-parse, too, waits for 3 bytes to look for a byte-order mark
        return done();
      }
      this.started = true;
      if (this.delim < 0 || (buf[0] === 0xff && buf[1] === 0xfe)) return this.useParser(buf, true, done);
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
    }
    this.split(buf, false, done);
  }

  override _flush(done: TransformCallback): void {
    if (this.parser) {
      this.parser.once('end', () => done());
      this.parser.end();
      return;
    }
    const rest = this.pending;
    this.pending = undefined;
    if (!rest) return done();
    if (!this.started && this.delim < 0) return this.useParser(rest, true, () => this._flush(done));
    this.split(rest, true, done);
  }

  /** Splits the whole lines of `buf` (all of it at the end of the file); keeps an incomplete last one. */
  private split(buf: Buffer, end: boolean, done: TransformCallback): void {
    if (buf.indexOf(0x22) >= 0) return this.useParser(buf, false, done);
    const batch: string[][] = [];
    const delimiter = this.delimiter;
    let start = 0;
    let lf = buf.indexOf(0x0a);
    let cr = buf.indexOf(0x0d);
    while (start < buf.length) {
      if (lf >= 0 && lf < start) lf = buf.indexOf(0x0a, start);
      if (cr >= 0 && cr < start) cr = buf.indexOf(0x0d, start);
      const at = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
      let after: number;
      if (at < 0) {
        if (!end) break;
        after = buf.length; // the last line, without an end
      } else if (at === cr) {
        if (at + 1 >= buf.length && !end) break; // a `\r` whose `\n` may come with the next chunk
        after = buf[at + 1] === 0x0a ? at + 2 : at + 1;
      } else after = at + 1;
      const stop = at < 0 ? buf.length : at;
      if (stop - start > FAST_LINE_BYTES) break;
      batch.push(buf.toString('utf8', start, stop).split(delimiter));
      start = after;
    }
    if (batch.length) this.push(batch);
    if (start >= buf.length) return done();
    const rest = buf.subarray(start);
    // An incomplete line, unless it is long enough to be csv-parse's to judge.
    if (!end && rest.length <= FAST_LINE_BYTES) {
      this.pending = rest;
      return done();
    }
    this.useParser(rest, false, end ? () => this._flush(done) : done);
  }

  /** csv-parse reads from `buf` (the start of a record) to the end of the file. */
  private useParser(buf: Buffer, bom: boolean, done: TransformCallback): void {
    const parser = this.csvParse(bom);
    this.parser = parser;
    parser.on('data', (record: string[]) => this.push([record]));
    parser.on('error', (e: Error) => this.destroy(e));
    this.toParser(buf, done);
  }

  private toParser(buf: Buffer, done: TransformCallback): void {
    this.parser!.write(buf, (e) => (e ? this.destroy(e) : done()));
  }
}

/** Line breaks inside quoted values (CRLF counts once). */
function lineBreaks(cells: string[]): number {
  let n = 0;
  for (const c of cells) {
    if (c.indexOf('\n') < 0 && c.indexOf('\r') < 0) continue;
    for (let i = 0; i < c.length; i++) {
      const ch = c.charCodeAt(i);
      if (ch === 10 || (ch === 13 && c.charCodeAt(i + 1) !== 10)) n++;
    }
  }
  return n;
}

/**
 * UTF-8 goes straight to the parser; other encodings are decoded to text first. Without --encoding the
 * bytes must be UTF-8 text: NUL bytes (UTF-16 without a byte-order mark, or a binary file) and invalid
 * UTF-8 (latin1, windows-1252 …) stop the read with a message saying which --encoding to pass, instead of
 * cards with garbled names.
 */
function decoderFor(label: string | undefined, path: string): Transform | undefined {
  const wanted = label ? checkEncoding(label) : undefined;
  if (wanted === 'utf-8') return undefined;
  let decoder: TextDecoder | undefined = wanted ? new TextDecoder(wanted) : undefined;
  let passthrough = false;
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  const notUtf8 = (chunk: Buffer): UsageError | undefined => {
    const nul = chunk.indexOf(0);
    if (nul >= 0) {
      return new UsageError(
        `${path}: not UTF-8 text (a NUL byte on line ${line + newlines(chunk, nul)}): a UTF-16 file without a byte-order mark, or not a CSV file`,
        ['if it is UTF-16, pass --encoding utf-16le (or utf-16be); if it is a spreadsheet, export it as CSV (UTF-8)'],
      );
    }
    try {
      utf8.decode(chunk, { stream: true });
    } catch {
      const at = invalidUtf8At(chunk);
      return new UsageError(
        `${path}: not valid UTF-8 (line ${line + newlines(chunk, at < 0 ? 0 : at)}): pass the file's encoding, e.g. --encoding latin1 or --encoding windows-1252`,
      );
    }
    line += newlines(chunk, chunk.length);
    return undefined;
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!decoder && !passthrough) {
        // No --encoding: a UTF-16 byte-order mark picks UTF-16, anything else is UTF-8.
        const le = chunk[0] === 0xff && chunk[1] === 0xfe;
        const be = chunk[0] === 0xfe && chunk[1] === 0xff;
        if (le || be) decoder = new TextDecoder(le ? 'utf-16le' : 'utf-16be');
        else passthrough = true;
      }
      if (passthrough) {
        const problem = notUtf8(chunk);
        return problem ? done(problem) : done(null, chunk);
      }
      const text = decoder!.decode(chunk, { stream: true });
      done(null, text ? Buffer.from(text, 'utf8') : undefined);
    },
    flush(done) {
      if (passthrough) {
        try {
          utf8.decode(); // a sequence cut off by the end of the file
        } catch {
          return done(
            new UsageError(
              `${path}: not valid UTF-8 (the last line ends inside a character): pass the file's encoding with --encoding`,
            ),
          );
        }
      }
      const rest = decoder?.decode();
      done(null, rest ? Buffer.from(rest, 'utf8') : undefined);
    },
  });
}

function newlines(chunk: Buffer, end: number): number {
  let n = 0;
  for (let i = chunk.indexOf(10); i >= 0 && i < end; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}

/** Index of the first byte that starts no valid UTF-8 sequence (-1: none found, e.g. only a strictness issue). */
function invalidUtf8At(b: Buffer): number {
  for (let i = 0; i < b.length;) {
    const c = b[i];
    const more =
      c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (more < 0) return i;
    if (i + more >= b.length) return -1; // cut by the chunk's end; the next chunk completes it
    for (let k = 1; k <= more; k++) if ((b[i + k] & 0xc0) !== 0x80) return i;
    i += more + 1;
  }
  return -1;
}
