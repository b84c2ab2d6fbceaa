// The `report weekly` cases (PRODUCT §18), run against a SQLite file (weekly.test.ts) and a real
// PostgreSQL server (weekly-postgres.test.ts): waits for a snapshot after the week, goes out once (run
// twice: once), missed weeks oldest first, --dry-run records nothing, --week --resend, counts only; a
// kill between delivering and recording sends it once more with the same delivery id.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../../src/emulator/index.js';
import { ensureFreshBuild, spawnCli } from '../../helpers/built-cli.js';
import { runCli as run, tempDir, type RunOptions } from '../../helpers/run-cli.js';
import { DAY, scan } from '../analytics/_history-cases.js';

const SECRET = 'whsec_weekly_test';

export function weeklyCases(
  emu: Emulator,
  newStore: () => Promise<string>,
  storeEnv: () => Record<string, string> = () => ({}),
): void {
  let server: Server;
  let url = '';
  let got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const runCli = (args: string[], opts: RunOptions = {}) => run(args, { ...opts, env: { ...storeEnv(), ...opts.env } });

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        got.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/weekly`;
    await ensureFreshBuild();
  }, 180_000);
  afterAll(() => new Promise((r) => server.close(r)));

  const env = { CARDQR_FORWARD_SECRET: SECRET };

  async function snapshot(db: string) {
    const r = await runCli(['analytics', 'snapshot', '--store', db], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
  }

  describe('report weekly', () => {
    it('waits for a snapshot after the week, then goes out once; run twice: once', async () => {
      got = [];
      const db = await newStore();
      await snapshot(db);
      const early = await runCli(['report', 'weekly', '--store', db, '--forward-to', url], { emu, env });
      expect([early.exitCode, early.stderr]).toEqual([0, expect.stringContaining('waiting')]);
      expect(got).toEqual([]);

      const qr = emu.store.qrCodes.find((q) => q.accountId === 'acc_acme' && q.status === 'published')!;
      scan(emu, qr.id, emu.now() + DAY, 7);
      emu.advanceTime(8 * DAY);
      await snapshot(db);
      const first = await runCli(['report', 'weekly', '--store', db, '--forward-to', url], { emu, env });
      expect([first.exitCode, first.stderr]).toEqual([
        0,
        expect.stringMatching(/2026-W48 sent \(acc_acme\/2026-W48\/UTC\)/),
      ]);
      expect(got).toHaveLength(1);
      expect(got[0].headers['cardqr-delivery-id']).toBe('acc_acme/2026-W48/UTC');
      expect(got[0].headers['cardqr-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const digest = JSON.parse(got[0].body);
      expect(digest).toMatchObject({ type: 'report.weekly', week: '2026-W48', from: '2026-11-23', to: '2026-11-29' });
      expect(digest.topQrCodes).toContainEqual(expect.objectContaining({ id: qr.id }));
      expect(digest.perCard).toBeUndefined();
      expect(got[0].body).not.toMatch(/@/); // counts only: no lead's contact

      const again = await runCli(['report', 'weekly', '--store', db, '--forward-to', url], { emu, env });
      expect([again.exitCode, again.stderr]).toEqual([0, expect.stringContaining('nothing left to send')]);
      expect(got).toHaveLength(1);

      const resend = await runCli(
        ['report', 'weekly', '--store', db, '--forward-to', url, '--week', '2026-W48', '--resend'],
        { emu, env },
      );
      expect(resend.exitCode).toBe(0);
      expect(got.map((g) => g.headers['cardqr-delivery-id'])).toEqual([
        'acc_acme/2026-W48/UTC',
        'acc_acme/2026-W48/UTC',
      ]);
    });

    it('missed weeks go out oldest first; --dry-run prints and records nothing; --per-card adds cards', async () => {
      got = [];
      const db = await newStore();
      await snapshot(db);
      emu.advanceTime(22 * DAY);
      await snapshot(db);
      const dry = await runCli(['report', 'weekly', '--store', db, '--dry-run', '--per-card'], { emu });
      expect(dry.exitCode).toBe(0);
      expect(dry.stdout).toMatch(
        /Weekly report 2026-W48[\s\S]*Per card:[\s\S]*Weekly report 2026-W49[\s\S]*Weekly report 2026-W50/,
      );
      const sent = await runCli(['report', 'weekly', '--store', db, '--forward-to', url], { emu, env });
      expect(sent.exitCode).toBe(0);
      expect(got.map((g) => JSON.parse(g.body).week)).toEqual(['2026-W48', '2026-W49', '2026-W50']);
    });

    it('names other people typed reach the readable digest as one safe line (no escape sequence, no new line)', async () => {
      const dir = tempDir('cardqr-weekly-');
      const db = await newStore();
      for (const q of emu.store.qrCodes) if (q.accountId === 'acc_acme') q.name = 'Evil\u001b[2J\nFake: 999 scans';
      await snapshot(db);
      emu.advanceTime(8 * DAY);
      await snapshot(db);
      const out = join(dir, 'weekly.txt');
      expect((await runCli(['report', 'weekly', '--store', db, '--out', out], { emu })).exitCode).toBe(0);
      const text = readFileSync(out, 'utf8');
      expect(text).toContain('Evil\\x1b[2J\\nFake: 999 scans');
      expect(text).not.toContain('\u001b');
      expect(text.split('\n').some((l) => l.startsWith('Fake'))).toBe(false);
    });

    it('--out appends the readable digest; bad flags exit 2 before anything is sent', async () => {
      const dir = tempDir('cardqr-weekly-');
      const db = await newStore();
      await snapshot(db);
      emu.advanceTime(8 * DAY);
      await snapshot(db);
      const out = join(dir, 'weekly.txt');
      expect((await runCli(['report', 'weekly', '--store', db, '--out', out], { emu })).exitCode).toBe(0);
      expect(readFileSync(out, 'utf8')).toMatch(/^Weekly report 2026-W48/);
      emu.clearRequests();
      for (const args of [
        ['--resend'],
        ['--week', 'nope'],
        ['--out', out, '--exec', 'cat'],
        ['--forward-to', 'http://example.com/x'],
      ]) {
        const r = await runCli(['report', 'weekly', '--store', db, ...args], { emu, env });
        expect([args, r.exitCode]).toEqual([args, 2]);
      }
      expect(emu.requests()).toEqual([]);
    });

    it('killed between delivering and recording: sent once more with the same delivery id, then never', async () => {
      const dir = tempDir('cardqr-weekly-kill-');
      const db = await newStore();
      await snapshot(db);
      emu.advanceTime(8 * DAY);
      await snapshot(db);
      const ids = join(dir, 'ids');
      const deliver = `cat > /dev/null; echo "$CARDQR_DELIVERY_ID" >> ${ids}`;
      const { exit } = spawnCli(['report', 'weekly', '--store', db, '--exec', `${deliver}; kill -9 $PPID`], {
        env: {
          ...storeEnv(),
          CARDQR_BASE_URL: emu.baseUrl,
          CARDQR_API_KEY: emu.keys.full,
          CARDQR_CONFIG_DIR: dir,
          NO_COLOR: '1',
        },
        stdin: null,
      });
      expect(await exit).toBe('SIGKILL');
      expect(readFileSync(ids, 'utf8')).toBe('acc_acme/2026-W48/UTC\n');
      const again = await runCli(['report', 'weekly', '--store', db, '--exec', deliver, '--wait', '0'], { emu });
      expect([again.exitCode, again.stderr]).toEqual([0, expect.stringContaining('2026-W48 sent')]);
      const third = await runCli(['report', 'weekly', '--store', db, '--exec', deliver], { emu });
      expect(third.stderr).toContain('nothing left to send');
      expect(readFileSync(ids, 'utf8')).toBe('acc_acme/2026-W48/UTC\nacc_acme/2026-W48/UTC\n');
    });
  });
}
