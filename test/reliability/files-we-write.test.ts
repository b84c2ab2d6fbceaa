// Files the tool writes (issue 22): nothing that is not a regular file is ever renamed over or unlinked
// (a FIFO, a socket, a symlink to one); a report torn by a full disk is whole JSON lines again after
// --resume; the import sends only rows a pass checked even when its CSV is rewritten mid-run; and a path
// the user names is never one of the tool's own working files (lock, spool, temporary file), nor the reverse.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendImportReport, reportRow } from '../../src/jobs/import/report.js';
import { replaceFile, WriteError } from '../../src/fs/durable.js';
import { partnersCsv, readReportLines, writeCsv } from '../jobs/import/_files.js';
import { ensureFreshBuild, spawnCli } from '../helpers/built-cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { expectNoStack, useCounters } from './_support.js';

const counts = useCounters('files-we-write');
const emu = useEmulator({ rateLimit: 1_000_000 });
beforeAll(() => ensureFreshBuild(), 180_000);

const fifoIn = (dir: string, name = 'pipe') => {
  const p = join(dir, name);
  execFileSync('mkfifo', [p]);
  return p;
};
const isFifo = (p: string) => lstatSync(p).isFIFO();

describe('never replaces what is not a regular file', () => {
  it('image -O <fifo> --force and -O <symlink to a fifo> --force: refused (exit 2), nothing fetched, the FIFO stays', async () => {
    const dir = tempDir();
    const fifo = fifoIn(dir);
    const link = join(dir, 'link.png');
    symlinkSync(fifo, link);
    for (const out of [fifo, link]) {
      const r = await runCli(['image', 'qr_001', '-O', out, '--force', '--format', 'png'], { emu });
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/not a regular file: cardqr never replaces it/);
      expect(isFifo(fifo)).toBe(true);
      expectNoStack(r.stderr);
      counts.files++;
    }
    expect(emu.requests({ method: 'GET' })).toHaveLength(0);
  });

  it('print -O <fifo> --force and -O <socket> --force: refused (exit 2), both stay', async () => {
    const dir = tempDir();
    const fifo = fifoIn(dir, 'sheet.pdf');
    const sock = join(dir, 'sock.pdf');
    const server = createServer();
    await new Promise<void>((r) => server.listen(sock, r));
    try {
      for (const out of [fifo, sock]) {
        const r = await runCli(['print', 'qr_001', '--sheet', 'L7160', '-O', out, '--force'], { emu });
        expect(r.exitCode, r.stderr).toBe(2);
        expect(r.stderr).toMatch(/not a regular file/);
        counts.files++;
      }
      expect(isFifo(fifo)).toBe(true);
      expect(lstatSync(sock).isSocket()).toBe(true);
    } finally {
      server.close();
    }
  });

  it('the one writer refuses too (its last guard): replaceFile over a FIFO is a WriteError, the FIFO stays', async () => {
    const fifo = fifoIn(tempDir());
    await expect(replaceFile(fifo, 'x')).rejects.toThrow(WriteError);
    expect(isFifo(fifo)).toBe(true);
    counts.files++;
  });

  it('campaigns import --report <fifo>: refused, the FIFO stays', async () => {
    const dir = tempDir();
    const file = writeCsv('people.csv', partnersCsv(2), dir);
    const fifo = fifoIn(dir, 'r.ndjson');
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--report', fifo], { emu });
    expect(r.exitCode).toBe(2);
    expect(isFifo(fifo)).toBe(true);
    expect(emu.requests({ method: 'POST' })).toHaveLength(0);
    counts.files++;
  });
});

describe('a report torn by a full disk', () => {
  const header = { type: 'header', version: 1 } as never;

  it('a torn last line is cut off when the report is continued: every line is JSON again', async () => {
    const path = join(tempDir(), 'r.ndjson');
    const whole = JSON.stringify(reportRow(2, 'P-1', 'created', { cardId: 'crd_1' }));
    writeFileSync(path, `${JSON.stringify(header)}\n${whole}\n${whole.slice(0, 25)}`);
    const w = appendImportReport(path);
    w.write(reportRow(3, 'P-2', 'created', { cardId: 'crd_2' }));
    w.close();
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
    counts.files++;
  });

  it('a last row whose newline alone was lost is kept (it counted as done)', async () => {
    const path = join(tempDir(), 'r.ndjson');
    const whole = JSON.stringify(reportRow(2, 'P-1', 'created', { cardId: 'crd_1' }));
    writeFileSync(path, `${JSON.stringify(header)}\n${whole}`);
    const w = appendImportReport(path);
    w.write(reportRow(3, 'P-2', 'created'));
    w.close();
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    expect(lines.map((l) => JSON.parse(l).line)).toEqual([undefined, 2, 3]);
    counts.files++;
  });

  it('the built CLI under a file size limit (EFBIG mid-line), then --resume: whole lines, every row once', async () => {
    emu.store.account('acc_acme')!.cardAllowance = 1000;
    const dir = tempDir();
    const file = writeCsv('people.csv', partnersCsv(20), dir);
    const env = {
      CARDQR_CONFIG_DIR: tempDir(),
      NO_COLOR: '1',
      CARDQR_BASE_URL: emu.baseUrl,
      CARDQR_API_KEY: emu.keys.full,
    };
    // 2 KiB: the header and a few rows fit, then a write is cut short.
    const full = await spawnCli([], {
      env,
      shell: `ulimit -f 2; $CARDQR campaigns import cmp_native '${file}'`,
      timeoutMs: 60_000,
    }).done;
    expect(full.code).toBe(1);
    expect(full.stderr).toMatch(/EFBIG/);
    const report = `${file}.report.ndjson`;
    expect(readFileSync(report, 'utf8').endsWith('\n')).toBe(false); // torn
    const again = await spawnCli(['campaigns', 'import', 'cmp_native', file, '--resume'], { env, timeoutMs: 60_000 })
      .done;
    expect(again.code, again.stderr).toBe(0);
    const text = readFileSync(report, 'utf8');
    for (const l of text.split('\n').filter(Boolean)) expect(() => JSON.parse(l), l).not.toThrow();
    const ids = emu.store.cards.map((c) => c.externalId).filter((i) => i && /^P-00\d\d$/.test(i));
    expect(new Set(ids).size).toBe(20); // every row, once
    expect(ids).toHaveLength(20);
    counts.files++;
  }, 90_000);
});

describe('a CSV rewritten while campaigns import runs', () => {
  const POSTS = { method: 'POST', path: /\/campaigns\/cmp_native\/cards$/ };
  const sentIds = () => emu.requests(POSTS).map((r) => (r.body as { externalId?: string }).externalId ?? null);
  const hostile = 'externalId,firstName,lastName,company,emails.0.label,emails.0.value\n,No,Id,X,Work,x@x.example\n';
  /** Rows large enough that the file spans several reads. */
  const bigCsv = (n: number) =>
    partnersCsv(n).replace(/Partner (\d+)/g, (_m, id: string) => `Partner ${id} ${'w'.repeat(2000)}`);

  it('rewritten in place during the checks: refused (exit 2), nothing sent', async () => {
    const file = writeCsv('people.csv', partnersCsv(5));
    let done = false;
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--rate', '600'], {
      emu,
      sleep: async () => {
        if (!done) writeFileSync(file, hostile);
        done = true;
      },
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/changed while cardqr was reading it/);
    expect(sentIds()).toHaveLength(0);
    expectNoStack(r.stderr);
    counts.files++;
  });

  // A file streamed again for the send pass (2,000 rows), and a small one whose records are kept after
  // the checks and replayed (~600 KB: under the 4 MiB up to which the send pass does not read it again).
  it.each([
    ['streamed again', 2000],
    ['replayed from the checks', 300],
  ])('rewritten in place mid-send (%s): stops (exit 2), every row sent is one the checks passed', async (_how, n) => {
    emu.store.account('acc_acme')!.cardAllowance = 1000;
    const file = writeCsv('people.csv', bigCsv(n));
    // Once, at the first wait after the second POST: on a busy machine the count may pass 2 between two
    // waits (the emulator's clock runs in real time too), so it is never an exact count.
    let rewritten = false;
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--rate', '6000'], {
      emu,
      sleep: async () => {
        if (rewritten || emu.requests(POSTS).length < 2) return;
        rewritten = true;
        writeFileSync(file, hostile + bigCsv(n).split('\n').slice(1).join('\n'));
      },
    });
    expect(rewritten).toBe(true);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/changed while cardqr was reading it/);
    const ids = sentIds();
    expect(ids.length).toBeGreaterThan(1);
    expect(ids.length).toBeLessThan(n);
    expect(ids.every((id) => typeof id === 'string' && /^P-\d{4}$/.test(id))).toBe(true);
    // What was sent is in the report, which stays whole.
    const created = readReportLines(`${file}.report.ndjson`).filter((l) => l.outcome === 'created');
    expect(created).toHaveLength(ids.length);
    counts.files++;
  });

  it('renamed over mid-send (an editor saving): the run reads the bytes it checked and ends', async () => {
    emu.store.account('acc_acme')!.cardAllowance = 1000;
    const dir = tempDir();
    const file = writeCsv('people.csv', partnersCsv(6), dir);
    const other = writeCsv('new.csv', hostile + partnersCsv(3, 500).split('\n').slice(1).join('\n'), dir);
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--rate', '600'], {
      emu,
      sleep: async () => {
        if (emu.requests(POSTS).length >= 2 && existsSync(other)) renameSync(other, file);
      },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sentIds()).toEqual(['P-0001', 'P-0002', 'P-0003', 'P-0004', 'P-0005', 'P-0006']);
    counts.files++;
  });
});

describe('a path the user names is never one of the tool working files', () => {
  const cases: Array<[string, (d: string) => string[], RegExp]> = [
    [
      'export --out is the state spool',
      (d) => ['leads', 'export', '--state', `${d}/s.json`, '--out', `${d}/s.json.spool`],
      /spool file of --state/,
    ],
    [
      'export --out is the state lock',
      (d) => ['leads', 'export', '--state', `${d}/s.json`, '--out', `${d}/s.json.lock`],
      /lock file of --state/,
    ],
    [
      'export --out is the state file',
      (d) => ['leads', 'export', '--state', `${d}/s.json`, '--out', `${d}/s.json`],
      /same file/,
    ],
    [
      'export --state is the out lock',
      (d) => ['leads', 'export', '--state', `${d}/o.csv.lock`, '--out', `${d}/o.csv`],
      /lock file of --out/,
    ],
    [
      'export --out is a temporary file of the state',
      (d) => ['leads', 'export', '--state', `${d}/s.json`, '--out', `${d}/.s.json.cardqr-123-0123456789abcdef.tmp`],
      /temporary files of --state|is a temporary file of cardqr/, // any such name is one of cardqr's own files
    ],
    [
      'import --report is the CSV',
      (d) => ['campaigns', 'import', 'cmp_native', `${d}/people.csv`, '--report', `${d}/people.csv`],
      /same file/,
    ],
    [
      'import: the CSV is the report lock',
      (d) => ['campaigns', 'import', 'cmp_native', `${d}/r.lock`, '--report', `${d}/r`],
      /lock file of --report/,
    ],
    [
      'import --rejects is the report lock',
      (d) => [
        'campaigns',
        'import',
        'cmp_native',
        `${d}/people.csv`,
        '--report',
        `${d}/r.ndjson`,
        '--rejects',
        `${d}/r.ndjson.lock`,
      ],
      /lock file of --report/,
    ],
    [
      'print -O is the --from-report',
      (d) => ['print', '--from-report', `${d}/report.pdf`, '--sheet', 'L7160', '-O', `${d}/report.pdf`, '--force'],
      /same file/,
    ],
  ];

  it.each(cases)('%s: refused (exit 2), nothing sent, nothing removed', async (_name, args, re) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'people.csv'), partnersCsv(2));
    writeFileSync(join(dir, 'r.lock'), partnersCsv(2));
    const before = readFileSync(join(dir, 'people.csv'), 'utf8');
    const r = await runCli(args(dir), { emu });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toMatch(re);
    expect(readFileSync(join(dir, 'people.csv'), 'utf8')).toBe(before);
    expect(existsSync(join(dir, 'r.lock'))).toBe(true);
    expect(emu.requests({ method: 'POST' })).toHaveLength(0);
    expectNoStack(r.stderr);
    counts.files++;
  });
});
