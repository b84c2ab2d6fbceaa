// PRODUCT §18 against a real PostgreSQL server (test/helpers/postgres.ts): the same store cases as the
// SQLite file, the password never in any output, a password in argv warned about, two snapshots of
// one account serialised by the advisory lock.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { usePostgres } from '../../helpers/postgres.js';
import { runCli } from '../../helpers/run-cli.js';
import { storeCases } from './_history-cases.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
const pg = usePostgres();

describe('analytics snapshot/history/drift/migrate (PostgreSQL)', () => {
  storeCases(emu, async () => ['--store', await pg.database()], {
    secret: pg.password,
    env: () => ({ PGPASSWORD: pg.password }),
  });

  it('CARDQR_HISTORY_URL with the password: used, never shown', async () => {
    const url = pg.withPassword(await pg.database());
    const env = { CARDQR_HISTORY_URL: url };
    const r = await runCli(['analytics', 'snapshot', '--no-cards', '-o', 'json'], { emu, env });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(r.stdout).not.toContain(pg.password);
    expect(JSON.parse(r.stdout).store).toBe(url.replace(`:${pg.password}@`, '@'));
  });

  it('a password in --store draws a warning and is never shown', async () => {
    const url = pg.withPassword(await pg.database());
    const r = await runCli(['analytics', 'snapshot', '--store', url, '--no-cards'], { emu });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(
      /password in --store is visible to other users.*CARDQR_HISTORY_URL, PGPASSWORD or ~\/\.pgpass/,
    );
    expect(r.stdout + r.stderr).not.toContain(pg.password);
  });

  it('a wrong password: exit 2, neither password shown', async () => {
    const url = await pg.database();
    const r = await runCli(['analytics', 'history', '--store', url], {
      emu,
      env: { PGPASSWORD: 'not-the-secret-xyz' },
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/the history store postgres:\/\/\S*127\.0\.0\.1:\d+\/\w+: password authentication failed/);
    expect(r.stdout + r.stderr).not.toMatch(/not-the-secret-xyz|${pg.password}/);
  });

  it('sslmode=verify-full against a server without TLS: exit 2, nothing written, no password shown', async () => {
    const url = `${pg.withPassword(await pg.database())}?sslmode=verify-full`;
    const r = await runCli(['analytics', 'migrate'], { emu, env: { CARDQR_HISTORY_URL: url } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/SSL|TLS|ssl/);
    expect(r.stdout + r.stderr).not.toContain(pg.password);
  });

  it('two snapshots at once: one waits on the advisory lock; --wait 0 exits 6 naming the holder', async () => {
    const url = await pg.database();
    const env = { PGPASSWORD: pg.password };
    const real = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 20)));
    const [a, b] = await Promise.all([
      runCli(['analytics', 'snapshot', '--store', url], { emu, env, sleep: real }),
      runCli(['analytics', 'snapshot', '--store', url], { emu, env, sleep: real }),
    ]);
    expect([a.exitCode, b.exitCode]).toEqual([0, 0]);
    expect([a.stderr, b.stderr].filter((e) => /waiting: another run \(cardqr pid \d+/.test(e))).toHaveLength(1);

    const { default: postgres } = await import('postgres');
    const holder = postgres(pg.withPassword(url), {
      max: 1,
      connection: { application_name: 'cardqr pid 4242 on elsewhere' },
    });
    try {
      await holder.unsafe("SELECT pg_advisory_lock(hashtext('cardqr-history:acc_acme'))");
      const r = await runCli(['analytics', 'snapshot', '--store', url, '--wait', '0'], { emu, env });
      expect([r.exitCode, r.stderr]).toEqual([6, expect.stringContaining('cardqr pid 4242 on elsewhere')]);
    } finally {
      await holder.end({ timeout: 5 });
    }
  });
});
