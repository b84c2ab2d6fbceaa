// The ledger of print runs: one manifest file per run under `<config dir>/print-runs/`, written
// once (temporary name, fsync, rename) and never changed, so the directory only ever grows. NDJSON:
// a `run` line, one `code` line per placed code, one `file` line per written file. Never the key.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir } from 'node:fs/promises';
import { readRegularFile } from '../../fs/read-regular.js';
import { OWN_NAMES } from '../../fs/own-names.js';
import { join } from 'node:path';
import { UsageError } from '../../errors.js';

export interface RunLine {
  type: 'run';
  version: 1;
  run: string;
  command: 'print' | 'image';
  createdAt: string;
  profile: string | null;
  baseUrl: string;
  layout: string;
  dpi?: number;
  cardqr: string;
}

/** What a run records of each code as it was at print time (also what print fetches). */
export interface PrintedCode {
  id: string;
  kind: 'qr' | 'card';
  name: string;
  url: string;
  shortCode: string;
  /** QR codes of type url: where a scan lands; null for cards and other types. */
  destinationUrl: string | null;
  status: string;
}

export interface CodeLine extends PrintedCode {
  type: 'code';
  format: string;
  /** Physical width of the placed image (quiet zone included), and of one module. */
  widthMm?: number;
  moduleMm?: number;
  version?: number;
  page?: number;
  /** The file this code was saved to (image --ledger) or the source image (print). */
  file?: string;
  sha256: string;
}

export interface FileLine {
  type: 'file';
  path: string;
  sha256: string;
  bytes: number;
  pages?: number;
}

export type LedgerLine = RunLine | CodeLine | FileLine;

export const ledgerDir = (configDir: string) => join(configDir, OWN_NAMES.printRuns);

export function newRunId(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `run_${stamp}_${randomBytes(3).toString('hex')}`;
}

/** Collects the manifest and writes it once, durably (temporary file, fsync, rename). */
export class LedgerWriter {
  private readonly lines: string[] = [];
  private constructor(readonly path: string) {}

  static async create(configDir: string, run: string): Promise<LedgerWriter> {
    const dir = ledgerDir(configDir);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return new LedgerWriter(join(dir, `${run}.ndjson`));
  }

  async add(line: LedgerLine): Promise<void> {
    this.lines.push(JSON.stringify(line));
  }

  async commit(): Promise<void> {
    const { replaceFile } = await import('../../fs/durable.js');
    await replaceFile(this.path, `${this.lines.join('\n')}\n`, { mode: 0o600, what: `the print ledger ${this.path}` });
  }

  async discard(): Promise<void> {
    this.lines.length = 0;
  }
}

export interface Ledger {
  path: string;
  run: RunLine;
  codes: CodeLine[];
  files: FileLine[];
}

/** `last`, a run id, or a path to a manifest. */
/**
 * The last of the sorted run files. Run ids carry the second only, then a random suffix: runs of one
 * second are ordered by their recorded start (ms), then by when the ledger was written.
 */
async function latestRun(dir: string, sorted: string[]): Promise<string> {
  const second = (n: string) => n.replace(/_[0-9a-f]+\.ndjson$/, '');
  const last = sorted[sorted.length - 1];
  const tied = sorted.filter((n) => second(n) === second(last));
  if (tied.length === 1) return join(dir, last);
  const { stat } = await import('node:fs/promises');
  const keyed = await Promise.all(
    tied.map(async (n) => {
      const path = join(dir, n);
      let started = Number.NEGATIVE_INFINITY;
      try {
        const first = (await readRegularFile(path, { what: 'the print ledger' })).split('\n', 1)[0];
        started = Date.parse((JSON.parse(first) as { createdAt?: string }).createdAt ?? '') || started;
      } catch {
        /* unreadable: ordered by its write time only */
      }
      const written = (await stat(path).catch(() => undefined))?.mtimeMs ?? 0;
      return { path, started, written };
    }),
  );
  keyed.sort((a, b) => a.started - b.started || a.written - b.written);
  return keyed[keyed.length - 1].path;
}

export async function readLedger(configDir: string, ref: string): Promise<Ledger> {
  let path: string;
  if (ref === 'last') {
    const names = await readdir(ledgerDir(configDir)).catch(() => [] as string[]);
    const runs = names.filter((n) => /^run_.*\.ndjson$/.test(n)).sort();
    if (!runs.length) throw new UsageError(`no print runs recorded in ${ledgerDir(configDir)}`);
    path = await latestRun(ledgerDir(configDir), runs);
  } else if (/^run_[0-9TZ]+_[0-9a-f]+$/.test(ref)) {
    path = join(ledgerDir(configDir), `${ref}.ndjson`);
  } else {
    path = ref;
  }
  let text: string;
  try {
    text = await readRegularFile(path, { what: 'the print ledger' });
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT'
        ? `no print run ${ref} (looked for ${path})`
        : `cannot read ${path}: ${code ?? (e as Error).message}`,
    );
  }
  const lines = text.split('\n').filter((l) => l.trim());
  const parsed: LedgerLine[] = [];
  for (const l of lines) {
    try {
      parsed.push(JSON.parse(l) as LedgerLine);
    } catch {
      throw new UsageError(`${path} is not a cardqr print ledger (a line is not JSON)`);
    }
  }
  const run = parsed[0];
  if (run?.type !== 'run' || run.version !== 1) throw new UsageError(`${path} is not a cardqr print ledger`);
  return {
    path,
    run,
    codes: parsed.filter((l): l is CodeLine => l.type === 'code'),
    files: parsed.filter((l): l is FileLine => l.type === 'file'),
  };
}
