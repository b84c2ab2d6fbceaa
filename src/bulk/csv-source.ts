// Streams a CSV file as records with the physical line each starts on: BOM, quoted newlines, CRLF,
// mixed line endings, any delimiter, and any encoding TextDecoder knows (decoded as it streams).
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { UsageError } from '../errors.js';

export interface CsvOptions {
  delimiter?: string;
  /** A TextDecoder label (utf8, utf-16le, latin1, windows-1252, shift_jis …); default: UTF-8, or UTF-16 by its BOM. */
  encoding?: string;
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
  const input = createReadStream(path, { highWaterMark: 256 * 1024 });
  const parser = parse({
    bom: true,
    delimiter: opts.delimiter ?? ',',
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    // Blank lines come through as [''] and are skipped below, so line numbers stay exact without
    // csv-parse's per-record `info` objects (which cost a third of the parsing time and memory).
    skip_empty_lines: false,
    // A row past 4 MiB cannot become a campaign record (at most 1 MB): refused before memory runs out.
    max_record_size: MAX_RECORD_CHARS,
  });
  const decoder = decoderFor(opts.encoding, path);
  (decoder ? input.pipe(decoder) : input).pipe(parser);
  const fail = (e: Error) => parser.destroy(e);
  input.on('error', fail);
  decoder?.on('error', fail);

  let next = 1; // the line the next record starts on
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const line = next;
      next = line + 1 + lineBreaks(record);
      if (record.length === 1 && record[0] === '') continue; // a blank line
      yield { line, cells: record };
    }
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOENT' || err.code === 'EACCES' || err.code === 'EISDIR') {
      throw new UsageError(`cannot read ${path}: ${err.code}`);
    }
    if (err.code === 'CSV_MAX_RECORD_SIZE') {
      throw new UsageError(`${path}: the row starting near line ${next} is longer than ${MAX_RECORD_CHARS / (1024 * 1024)} MiB; a campaign record is at most 1 MB`);
    }
    if (typeof err.code === 'string' && err.code.startsWith('CSV_')) {
      throw new UsageError(`${path}: not readable as CSV near line ${next}: ${err.message.replace(/ at line \d+.*$/, '')}`);
    }
    throw e;
  } finally {
    input.destroy();
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
      return new UsageError(`${path}: not UTF-8 text (a NUL byte on line ${line + newlines(chunk, nul)}): a UTF-16 file without a byte-order mark, or not a CSV file`, [
        'if it is UTF-16, pass --encoding utf-16le (or utf-16be); if it is a spreadsheet, export it as CSV (UTF-8)',
      ]);
    }
    try {
      utf8.decode(chunk, { stream: true });
    } catch {
      const at = invalidUtf8At(chunk);
      return new UsageError(`${path}: not valid UTF-8 (line ${line + newlines(chunk, at < 0 ? 0 : at)}): pass the file's encoding, e.g. --encoding latin1 or --encoding windows-1252`);
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
          return done(new UsageError(`${path}: not valid UTF-8 (the last line ends inside a character): pass the file's encoding with --encoding`));
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
  for (let i = 0; i < b.length; ) {
    const c = b[i];
    const more = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (more < 0) return i;
    if (i + more >= b.length) return -1; // cut by the chunk's end; the next chunk completes it
    for (let k = 1; k <= more; k++) if ((b[i + k] & 0xc0) !== 0x80) return i;
    i += more + 1;
  }
  return -1;
}
