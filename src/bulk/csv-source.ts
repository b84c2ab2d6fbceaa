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

/** Every record of the file, the header first. Memory stays flat: one chunk and one record at a time. */
export async function* readRecords(path: string, opts: CsvOptions = {}): AsyncGenerator<CsvRecord> {
  const input = createReadStream(path, { highWaterMark: 256 * 1024 });
  const parser = parse({
    bom: true,
    delimiter: opts.delimiter ?? ',',
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
  });
  const decoder = decoderFor(opts.encoding);
  (decoder ? input.pipe(decoder) : input).pipe(parser);
  const fail = (e: Error) => parser.destroy(e);
  input.on('error', fail);
  decoder?.on('error', fail);

  let next = 1; // the line the next record starts on, before skipped empty lines
  let empty = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { empty_lines: number } }>) {
      const line = next + (info.empty_lines - empty);
      empty = info.empty_lines;
      next = line + 1 + lineBreaks(record);
      yield { line, cells: record };
    }
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOENT' || err.code === 'EACCES' || err.code === 'EISDIR') {
      throw new UsageError(`cannot read ${path}: ${err.code}`);
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

/** UTF-8 goes straight to the parser; other encodings are decoded to text first. */
function decoderFor(label: string | undefined): Transform | undefined {
  const wanted = label ? checkEncoding(label) : undefined;
  if (wanted === 'utf-8') return undefined;
  let decoder: TextDecoder | undefined = wanted ? new TextDecoder(wanted) : undefined;
  let passthrough = false;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!decoder && !passthrough) {
        // No --encoding: a UTF-16 byte-order mark picks UTF-16, anything else is UTF-8.
        const le = chunk[0] === 0xff && chunk[1] === 0xfe;
        const be = chunk[0] === 0xfe && chunk[1] === 0xff;
        if (le || be) decoder = new TextDecoder(le ? 'utf-16le' : 'utf-16be');
        else passthrough = true;
      }
      if (passthrough) return done(null, chunk);
      const text = decoder!.decode(chunk, { stream: true });
      done(null, text ? Buffer.from(text, 'utf8') : undefined);
    },
    flush(done) {
      const rest = decoder?.decode();
      done(null, rest ? Buffer.from(rest, 'utf8') : undefined);
    },
  });
}
