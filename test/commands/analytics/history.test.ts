// PRODUCT §18 against the SQLite store (the default file, or --store <file>): the cases every store
// passes (_history-cases.ts), then what only a file has: its mode, the newer-version refusal, the lock.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli, tempDir } from '../../helpers/run-cli.js';
import { storeCases } from './_history-cases.js';

const emu = useEmulator({ rateLimit: 1_000_000 });

describe('analytics snapshot/history/drift/migrate (SQLite)', () => {
  storeCases(emu, () => ['--store', join(tempDir('cardqr-hist-'), 'h.db')]);

  it('the default store: <data dir>/history.db, 0600; -q prints nothing', async () => {
    const cfg = tempDir('cardqr-hist-cfg-');
    const r = await runCli(['analytics', 'snapshot', '--no-cards', '-q'], { emu, configDir: cfg });
    expect([r.exitCode, r.stdout, r.stderr]).toEqual([0, '', '']); // -q: quiet for cron
    const db = join(cfg, 'data', 'history.db');
    expect(statSync(db).mode & 0o777).toBe(0o600);
    expect(existsSync(`${db}.lock`)).toBe(false);
    const h = await runCli(['analytics', 'history', '-o', 'json'], { emu, configDir: cfg });
    expect(json(h).store).toBe(db);
  });

  it('a store written by a newer cardqr: exit 2 naming both versions, nothing sent', async () => {
    const db = join(tempDir('cardqr-hist-'), 'h.db');
    expect((await runCli(['analytics', 'migrate', '--store', db], { emu })).exitCode).toBe(0);
    const { DatabaseSync } = await import('node:sqlite');
    const raw = new DatabaseSync(db);
    raw.exec("UPDATE cardqr_meta SET value = '99' WHERE name = 'schema_version'");
    raw.close();
    emu.clearRequests();
    for (const args of [['snapshot'], ['history'], ['drift'], ['migrate']]) {
      const r = await runCli(['analytics', ...args, '--store', db], { emu });
      expect([r.exitCode, r.stderr]).toEqual([2, expect.stringMatching(/schema version 99.*this one knows version 1/)]);
    }
    expect(emu.requests().filter((r) => r.path !== '/me')).toEqual([]);
  });

  it("--store naming one of the tool's own files is refused", async () => {
    const cfg = tempDir('cardqr-hist-cfg-');
    const r = await runCli(['analytics', 'snapshot', '--store', join(cfg, 'config.json')], { emu, configDir: cfg });
    expect([r.exitCode, r.stderr]).toEqual([2, expect.stringContaining("cardqr's profile store")]);
  });

  it('a lock another run holds: --wait 0 exits 6 naming the holder, the store as before', async () => {
    const db = join(tempDir('cardqr-hist-'), 'h.db');
    const { acquireLock, busyMessage } = await import('../../../src/lock-file.js');
    const held = await acquireLock(`${db}.lock`, new Date(), busyMessage('x', 'another'));
    try {
      const r = await runCli(['analytics', 'snapshot', '--store', db, '--wait', '0'], { emu });
      expect(r.exitCode).toBe(6);
      expect(r.stderr).toContain(`pid ${process.pid}`);
      expect(r.stderr).toContain(`${db}.lock`);
    } finally {
      await held.release();
    }
  });

  it('two snapshots at once: one waits for the other, both succeed', async () => {
    const db = join(tempDir('cardqr-hist-'), 'h.db');
    const real = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 20)));
    // The first holds the lock while its QR code list is slow to answer; the second starts then.
    emu.injectFaults([{ kind: 'slow', method: 'GET', path: '/qr-codes', delayMs: 600, times: 1 }]);
    const first = runCli(['analytics', 'snapshot', '--store', db, '-o', 'json'], { emu, sleep: real });
    for (let i = 0; i < 500 && !existsSync(`${db}.lock`); i++) await real(10);
    expect(existsSync(`${db}.lock`)).toBe(true);
    const second = runCli(['analytics', 'snapshot', '--store', db, '-o', 'json'], { emu, sleep: real });
    const [a, b] = await Promise.all([first, second]);
    expect([a.exitCode, b.exitCode]).toEqual([0, 0]);
    expect(a.stderr).not.toMatch(/waiting/);
    expect(b.stderr).toMatch(/waiting: another run \(pid \d+/);
  });
});
