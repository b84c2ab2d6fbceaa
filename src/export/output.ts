// Where the export writes and in which format. A file destination is written to a temporary file
// beside it, flushed, and renamed over the target only when complete; stdout is written with
// back-pressure, and a write error (a closed pipe) surfaces before the state file is touched.
import { access, constants, open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Writable } from 'node:stream';
import { UsageError } from '../errors.js';
import { csvLine, csvPreamble, type CsvSettings } from '../output/csv.js';
import { getPath, pick } from '../output/values.js';
import { LEAD_CSV_COLUMNS, leadCsvRow } from '../output/views/leads.js';
import { tempPathFor } from '../temp-files.js';
import { syncDir } from './state.js';

export type ExportFormat = 'ndjson' | 'csv' | 'json';
export const EXPORT_FORMATS: ExportFormat[] = ['ndjson', 'csv', 'json'];

export interface Sink {
  write(text: string): Promise<void>;
  /** Everything is durably written (file: flushed and renamed into place). */
  commit(): Promise<void>;
  /** Leaves the destination as it was (file: temporary file removed). */
  abort(): Promise<void>;
}

const CHUNK = 64 * 1024;

/** Buffers small writes into ~64 KB chunks. */
abstract class Buffered implements Sink {
  private pending: string[] = [];
  private size = 0;
  async write(text: string): Promise<void> {
    this.pending.push(text);
    this.size += text.length;
    if (this.size >= CHUNK) await this.flush();
  }
  protected async flush(): Promise<void> {
    if (!this.pending.length) return;
    const text = this.pending.join('');
    this.pending = [];
    this.size = 0;
    await this.put(text);
  }
  protected abstract put(text: string): Promise<void>;
  abstract commit(): Promise<void>;
  abstract abort(): Promise<void>;
}

class StreamSink extends Buffered {
  constructor(private readonly stream: Writable) {
    super();
  }
  protected put(text: string): Promise<void> {
    // Resolves when the chunk is handed to the OS; rejects on a write error such as EPIPE.
    return new Promise((resolve, reject) => {
      this.stream.write(text, (err) => (err ? reject(err) : resolve()));
    });
  }
  async commit(): Promise<void> {
    await this.flush();
  }
  async abort(): Promise<void> {}
}

class FileSink extends Buffered {
  private constructor(
    private readonly target: string,
    private readonly tmp: string,
    private readonly fh: FileHandle,
  ) {
    super();
  }
  static async create(target: string): Promise<FileSink> {
    const tmp = tempPathFor(target, false); // holds the pid: the next run removes one left by a killed run
    return new FileSink(target, tmp, await open(tmp, 'wx', 0o666)); // like `>`: the umask applies
  }
  protected async put(text: string): Promise<void> {
    await this.fh.write(text);
  }
  async commit(): Promise<void> {
    await this.flush();
    await this.fh.sync();
    await this.fh.close();
    await rename(this.tmp, this.target);
    await syncDir(dirname(this.target));
  }
  async abort(): Promise<void> {
    await this.fh.close().catch(() => undefined);
    await unlink(this.tmp).catch(() => undefined);
  }
}

/** Fails early (exit 2, before any request) when the --out directory cannot take the file. */
export async function checkOutPath(out: string): Promise<void> {
  try {
    await access(dirname(out), constants.W_OK);
  } catch (e) {
    throw new UsageError(`--out ${out}: cannot write in ${dirname(out)} (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const existing = await stat(out).catch(() => undefined);
  if (existing?.isDirectory()) throw new UsageError(`--out ${out} is a directory; give a file name`);
}

export async function openSink(out: string | undefined, stdout: Writable): Promise<Sink> {
  return out === undefined ? new StreamSink(stdout) : FileSink.create(out);
}

/** Turns spooled lead lines (JSON) into the chosen format. */
export interface Formatter {
  header(): string;
  item(line: string): string;
  footer(): string;
}

export function formatter(format: ExportFormat, fields?: string[], csv: CsvSettings = {}): Formatter {
  let count = 0;
  if (format === 'ndjson') {
    return {
      header: () => '',
      item: (line) => (fields ? JSON.stringify(pick(JSON.parse(line), fields)) : line) + '\n',
      footer: () => '',
    };
  }
  if (format === 'json') {
    return {
      header: () => '[',
      item: (line) => {
        const doc = JSON.stringify(fields ? pick(JSON.parse(line), fields) : JSON.parse(line), null, 2).replace(/^/gm, '  ');
        return (count++ ? ',\n' : '\n') + doc;
      },
      footer: () => (count ? '\n]\n' : ']\n'),
    };
  }
  const columns = fields ?? [...LEAD_CSV_COLUMNS];
  return {
    header: () => csvPreamble(csv) + csvLine(columns, csv),
    item: (line) => {
      const lead = JSON.parse(line) as Record<string, unknown>;
      const row = leadCsvRow(lead);
      return csvLine(columns.map((c) => getPath(row, c) ?? getPath(lead, c)), csv);
    },
    footer: () => '',
  };
}
