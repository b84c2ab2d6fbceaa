import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import {
  KEPT_CELLS,
  keepRecords,
  readRecords,
  RecordBatches,
  type CsvOptions,
  type CsvRecord,
} from '../../src/csv/read-records.js';
import { pinFile } from '../../src/fs/pinned-file.js';
import { writeCsv } from '../jobs/import/_files.js';

async function read(content: string | Buffer, opts: CsvOptions = {}) {
  const file = writeCsv('t.csv', '');
  writeFileSync(file, content);
  const out: Array<[number, string[]]> = [];
  for await (const r of readRecords(file, opts)) out.push([r.line, r.cells]);
  return out;
}

describe('readRecords', () => {
  it('line numbers: where each record starts, across quoted newlines (CRLF counts once) and blank lines', async () => {
    expect(await read('a,b\r\n1,"x\r\ny\r\nz"\r\n\r\n2,q\r\n3,w')).toEqual([
      [1, ['a', 'b']],
      [2, ['1', 'x\r\ny\r\nz']],
      [6, ['2', 'q']],
      [7, ['3', 'w']],
    ]);
    expect(await read('a,b\n1,"x\ny"\n\n\n2,q\n')).toEqual([
      [1, ['a', 'b']],
      [2, ['1', 'x\ny']],
      [6, ['2', 'q']],
    ]);
  });

  it('mixed line endings, a UTF-8 byte-order mark, and a last line without a newline', async () => {
    expect(await read('\uFEFFid,name\r\n1,Zoë\n2,渡辺\r3,Ana')).toEqual([
      [1, ['id', 'name']],
      [2, ['1', 'Zoë']],
      [3, ['2', '渡辺']],
      [4, ['3', 'Ana']],
    ]);
  });

  // The cases of the csv-spectrum suite, written out.
  it('quoting: commas, escaped quotes, JSON in a field, empty fields, a bare quote inside a value', async () => {
    expect(await read('a,b,c\n1,"x, y",3\n')).toEqual([
      [1, ['a', 'b', 'c']],
      [2, ['1', 'x, y', '3']],
    ]);
    expect(await read('a,b\n1,"ha ""ha"" ha"\n')).toEqual([
      [1, ['a', 'b']],
      [2, ['1', 'ha "ha" ha']],
    ]);
    expect(await read('key,val\n1,"{""type"": ""Point"", ""coordinates"": [102.0, 0.5]}"\n')).toEqual([
      [1, ['key', 'val']],
      [2, ['1', '{"type": "Point", "coordinates": [102.0, 0.5]}']],
    ]);
    expect(await read('a,b,c\r\n1,"",""\r\n2,3,4\r\n')).toEqual([
      [1, ['a', 'b', 'c']],
      [2, ['1', '', '']],
      [3, ['2', '3', '4']],
    ]);
    expect(await read('Field A,Field B\n1,6 3" display\n')).toEqual([
      [1, ['Field A', 'Field B']],
      [2, ['1', '6 3" display']],
    ]);
  });

  it('--delimiter and --encoding: latin1, UTF-16 LE by its byte-order mark, an explicit utf-16le', async () => {
    expect(await read('a;b\n1;Müller\n', { delimiter: ';' })).toEqual([
      [1, ['a', 'b']],
      [2, ['1', 'Müller']],
    ]);
    expect(await read(Buffer.from('a,b\n1,Café Ölçer\n', 'latin1'), { encoding: 'latin1' })).toEqual([
      [1, ['a', 'b']],
      [2, ['1', 'Café Ölçer']],
    ]);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\tb\n1\t渡辺 健二\n', 'utf16le')]);
    expect(await read(utf16, { delimiter: '\t' })).toEqual([
      [1, ['a', 'b']],
      [2, ['1', '渡辺 健二']],
    ]);
    expect(await read(utf16, { delimiter: '\t', encoding: 'utf-16le' })).toEqual([
      [1, ['a', 'b']],
      [2, ['1', '渡辺 健二']],
    ]);
  });

  it('short rows stay short (the validator decides); an unclosed quote is an input error naming the line', async () => {
    expect(await read('a,b,c\n1\n')).toEqual([
      [1, ['a', 'b', 'c']],
      [2, ['1']],
    ]);
    await expect(read('a,b\n1,2\n3,"open\n4,5\n')).rejects.toThrow(/not readable as CSV near line 3/);
    await expect(read('a\n', { encoding: 'klingon' })).rejects.toThrow(/unknown encoding/);
    await expect(
      (async () => {
        for await (const _ of readRecords('/nonexistent/x.csv')) void _;
      })(),
    ).rejects.toThrow(/cannot read \/nonexistent\/x.csv: ENOENT/);
  });
});

describe('keepRecords (a small file parsed once, its later passes replayed)', () => {
  const all = async (records: AsyncIterable<CsvRecord>) => {
    const out: CsvRecord[] = [];
    for await (const r of records) out.push(r);
    return out;
  };

  it('after a whole pass, later passes replay the same records without reading the file', async () => {
    const file = writeCsv('k.csv', 'a,b\n1,"x\ny"\n\n2,q\n');
    const pinned = pinFile(file)!;
    let reads = 0;
    const source = keepRecords(() => {
      reads++;
      return readRecords(file, { pinned });
    }, pinned);
    // A partial pass (the first lines) keeps nothing.
    const partial = source();
    await partial.next();
    await partial.return(undefined);
    const first = await all(source());
    expect(first.map((r) => [r.line, r.cells])).toEqual([
      [1, ['a', 'b']],
      [2, ['1', 'x\ny']],
      [5, ['2', 'q']],
    ]);
    expect(await all(source())).toEqual(first);
    expect(await all(source())).toEqual(first);
    expect(reads).toBe(2);
    pinned.close();
  });

  it('a replay fails as a read does once the file was rewritten in place', async () => {
    const file = writeCsv('k.csv', 'a,b\n1,2\n');
    const pinned = pinFile(file)!;
    const source = keepRecords(() => readRecords(file, { pinned }), pinned);
    await all(source());
    writeFileSync(file, 'a,b\n3,4,5\n');
    await expect(all(source())).rejects.toThrow(/changed while cardqr was reading it/);
    pinned.close();
  });

  it('a file over the bound is read again on every pass', async () => {
    const file = writeCsv('k.csv', `a\n${'x,'.repeat(KEPT_CELLS)}\n`);
    const pinned = pinFile(file)!;
    let reads = 0;
    const source = keepRecords(() => {
      reads++;
      return readRecords(file, { pinned });
    }, pinned);
    await all(source());
    await all(source());
    expect(reads).toBe(2);
    pinned.close();
  });
});

describe('RecordBatches (lines without a quote split without csv-parse)', () => {
  const options = (delimiter: string, bom: boolean) => ({
    bom,
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: 4 * 1024 * 1024,
  });
  /** The records RecordBatches gives for `bytes` cut into chunks at `cuts`. */
  async function batches(bytes: Buffer, delimiter: string, cuts: number[]): Promise<string[][]> {
    const t = new RecordBatches(delimiter, (bom) => parse(options(delimiter, bom)));
    const out: string[][] = [];
    t.on('data', (batch: string[][]) => out.push(...batch));
    const ended = new Promise((resolve, reject) => {
      t.on('end', resolve);
      t.on('error', reject);
    });
    let at = 0;
    for (const cut of [...cuts, bytes.length]) {
      if (cut > at) t.write(bytes.subarray(at, cut));
      at = Math.max(at, cut);
    }
    t.end();
    await ended;
    return out;
  }

  it('gives what csv-parse gives, for random files cut into random chunks', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    const pieces = ['a', 'bc', ',', ';', '\t', '|', '\r', '\n', '\r\n', 'é', '渡辺', ' ', '\uFEFF', '"', 'x"y', '""'];
    for (let n = 0; n < 400; n++) {
      const delimiter = pick([',', ';', '\t', '|', '||']);
      const withQuotes = n % 3 === 0;
      let text = random() < 0.3 ? '\uFEFF' : '';
      const length = Math.floor(random() * 40);
      for (let i = 0; i < length; i++) {
        const p = pick(pieces);
        if (!withQuotes && p.includes('"')) continue;
        text += p;
      }
      const bytes = Buffer.from(text);
      const cuts = Array.from({ length: Math.floor(random() * 5) }, () => Math.floor(random() * bytes.length)).sort(
        (a, b) => a - b,
      );
      // An error is compared by its message without csv-parse's line (readRecords names the line itself).
      const message = (e: Error) => e.message.replace(/ at line \d+.*$/, '');
      let expected: string[][] | string;
      try {
        expected = parseSync(bytes, options(delimiter, true));
      } catch (e) {
        expected = message(e as Error);
      }
      const got = await batches(bytes, delimiter, cuts).catch(message);
      expect(got, JSON.stringify({ text, delimiter, cuts })).toEqual(expected);
    }
  });
});
