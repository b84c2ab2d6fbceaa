// Issue 15 item 8 (non-image): --max-rows with --skip-invalid, a refused --resume leaves the report
// alone, a damaged config.json, a busy emulator port, the --delimiter hint, --validate-only and allowances.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { partnersCsv, readReportLines, writeCsv } from '../jobs/import/_files.js';

const emu = useEmulator();
const dirs: string[] = [];
const track = (file: string) => (dirs.push(dirname(file)), file);
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Six partner rows; line 6 (the 5th row) has no identifier. */
function withInvalidRow(): string {
  const lines = partnersCsv(6).split('\n');
  lines[5] = ',NoId,X,Y,Work,x@y.example';
  return track(writeCsv('p.csv', lines.join('\n')));
}

describe('--max-rows with --skip-invalid', () => {
  it('names the invalid rows it did not reach and says how to go on', async () => {
    const file = withInvalidRow();
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--max-rows', '3', '--skip-invalid'], { emu });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('note: 1 more invalid row after the first 3 (--max-rows): not sent by this run');
    expect(r.stderr).toContain(
      '3 more rows in the file were not sent: this run stopped after the first 3 (--max-rows) (1 of them invalid, skipped by --skip-invalid)',
    );
    const goOn = `to go on with the rest: cardqr campaigns import cmp_native ${file} --resume --skip-invalid`;
    expect(r.stderr).toContain(goOn);
    // The printed command does go on: the two valid rows left are created, the invalid one recorded.
    const next = await runCli(goOn.slice('to go on with the rest: cardqr '.length).split(' '), { emu });
    expect(next.stderr).toContain('created  2');
    expect(next.stderr).toContain('(3 rows already done by an earlier run, not sent again)');
    expect(next.exitCode).toBe(7); // the invalid row is not imported
    expect(emu.store.cards.filter((c) => c.campaignId === 'cmp_native' && c.externalId?.startsWith('P-0')).length).toBe(
      5,
    );
  });

  it('even with -q the skipped rows are named', async () => {
    const file = withInvalidRow();
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--max-rows', '5', '--skip-invalid', '-q'], {
      emu,
    });
    expect(r.stderr).toContain('skipping 1 invalid row');
    expect(r.exitCode).toBe(7);
  });

  it('a dry run with --max-rows prints the real import to run next', async () => {
    const file = track(writeCsv('p.csv', partnersCsv(4)));
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--dry-run', '--max-rows', '1'], { emu });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain(`to go on with a real import: cardqr campaigns import cmp_native ${file}\n`);
  });
});

describe('a refused --resume leaves the report alone', () => {
  it('problems in the file without --skip-invalid: exit 2, the report byte for byte as before', async () => {
    const file = withInvalidRow();
    expect(
      (await runCli(['campaigns', 'import', 'cmp_native', file, '--max-rows', '3', '--skip-invalid'], { emu }))
        .exitCode,
    ).toBe(0);
    const report = `${file}.report.ndjson`;
    const before = readFileSync(report);
    for (let i = 0; i < 2; i++) {
      const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--resume'], { emu });
      expect([r.exitCode, r.stderr]).toEqual([2, expect.stringContaining('1 problem in the file; nothing was sent')]);
      expect(r.stderr).not.toContain('every row problem is in');
    }
    expect(readFileSync(report).equals(before)).toBe(true);
    expect(readReportLines(report).filter((l) => l.outcome === 'invalid')).toHaveLength(1);
  });
});

describe('a ;-separated file', () => {
  it('is read as ;-separated, with a note (its header line holds no comma)', async () => {
    const file = track(writeCsv('semi.csv', partnersCsv(2).replace(/,/g, ';')));
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--validate-only'], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(`note: reading ${file} as ";"-separated`);
    const ok = await runCli(['campaigns', 'import', 'cmp_native', file, '--validate-only', '--delimiter', ';'], {
      emu,
    });
    expect(ok.exitCode).toBe(0);
    const plain = await runCli(
      ['campaigns', 'import', 'cmp_native', track(writeCsv('bad.csv', 'nosuch\nx\n')), '--validate-only'],
      { emu },
    );
    expect(plain.stderr).not.toContain('--delimiter');
  });
});

describe('--validate-only and the plan allowance', () => {
  it('says how many cards an import would create and that the API does not publish what is left', async () => {
    const file = track(writeCsv('p.csv', partnersCsv(40)));
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--validate-only'], { emu });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain(
      'note: an import would create up to 40 cards; the API does not say how many the plan has left',
    );
    expect(emu.requests().map((q) => q.path)).not.toContain('/me');
  });
});

describe('a damaged config.json', () => {
  it.each([
    ['not JSON', '{"profiles": {', 'is not valid JSON'],
    ['JSON of another shape', '["a"]', 'is not a cardqr profile store'],
    ['profiles of another shape', '{"profiles":{"x":5}}', 'is not a cardqr profile store'],
  ])('%s: one line saying what to do, exit 2, the file untouched', async (_name, text, message) => {
    const configDir = tempDir();
    dirs.push(configDir);
    const file = join(configDir, 'config.json');
    writeFileSync(file, text, { mode: 0o600 });
    for (const args of [
      ['cards', 'list'],
      ['profiles', 'list'],
      ['profiles', 'add', 'x', '--base-url', emu.baseUrl, '--api-key-stdin'],
    ]) {
      const r = await runCli(args, { configDir, stdin: `${emu.keys.full}\n` });
      expect([args.join(' '), r.exitCode]).toEqual([args.join(' '), 2]);
      expect(r.stderr).toContain(`error: the profile store ${file} ${message}`);
      expect(r.stderr).toContain(`move it aside (mv ${file} ${file}.bad)`);
      expect(r.stderr).not.toContain('unexpected failure');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

describe('a busy emulator port', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  it('one line saying what to do, exit 2', async () => {
    const server = createServer();
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const r = await runCli(['emulator', '--port', String(port)]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(
      `error: port ${port} on 127.0.0.1 is already in use (another emulator?): pick another with --port <n>, or --port 0 for a free one\n`,
    );
  });
});
