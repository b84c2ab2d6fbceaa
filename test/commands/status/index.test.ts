// `cardqr status`: every stored profile checked with GET /me (like `gh auth status`); exit non-zero
// when any fails, with the kind of the first failure (3 a key refused, 6 unreachable).
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();

async function add(dir: string, name: string, baseUrl: string, key: string) {
  const r = await runCli(['profiles', 'add', name, '--base-url', baseUrl, '--api-key-stdin', '--no-verify'], {
    configDir: dir,
    key: null,
    stdin: `${key}\n`,
    env: { CARDQR_BASE_URL: undefined },
  });
  expect(r.exitCode, r.stderr).toBe(0);
}
const status = (dir: string, args: string[] = []) =>
  runCli(['status', '--max-retries', '0', '--timeout', '2', ...args], {
    configDir: dir,
    key: null,
    env: { CARDQR_BASE_URL: undefined },
  });

describe('cardqr status', () => {
  it('every profile passes: a row each (account, plan, scopes), exit 0; one GET /me per profile', async () => {
    const dir = tempDir();
    await add(dir, 'full', emu.baseUrl, emu.keys.full);
    await add(dir, 'ro', emu.baseUrl, emu.keys.readonly);
    emu.clearRequests();
    const r = await status(dir, ['-o', 'json']);
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(rows.map((x) => [x.profile, x.state, x.plan, x.default])).toEqual([
      ['full', 'ok', 'pro', true],
      ['ro', 'ok', 'pro', false],
    ]);
    expect(rows[0].scopes).toContain('cards:write');
    expect(rows[1].scopes).not.toContain('cards:write');
    expect(emu.requests().map((q) => `${q.method} ${q.path}`)).toEqual(['GET /me', 'GET /me']);
    expect(r.stdout).not.toContain(emu.keys.full);
  });

  it('a refused key and an unreachable API are rows too; exit 3 for the first (a key), never the key shown', async () => {
    const dir = tempDir();
    await add(dir, 'a-good', emu.baseUrl, emu.keys.full);
    await add(dir, 'b-revoked', emu.baseUrl, 'cq_live_revoked_key_0000000000');
    await add(dir, 'c-down', 'http://127.0.0.1:9/v1', emu.keys.full);
    const r = await status(dir, ['-o', 'table']);
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toMatch(/a-good \(default\)\s+ok/);
    expect(r.stdout).toMatch(/b-revoked\s+key refused/);
    expect(r.stdout).toMatch(/c-down\s+unreachable/);
    expect(r.stderr).toContain('error: 2 of 3 profiles failed the check');
    expect(r.stdout + r.stderr).not.toContain('cq_live_revoked_key_0000000000');
    expect(r.stdout + r.stderr).not.toContain(emu.keys.full);
  });

  it('a key in the environment goes through the same rules: never over plain http to a remote host', async () => {
    const dir = tempDir();
    await add(dir, 'full', emu.baseUrl, emu.keys.full);
    emu.clearRequests();
    const r = await runCli(['status', '--max-retries', '0', '--timeout', '2', '-o', 'json'], {
      configDir: dir,
      key: null,
      env: { CARDQR_API_KEY: emu.keys.full, CARDQR_BASE_URL: 'http://api.example.com/v1' },
    });
    expect(r.exitCode).toBe(2);
    const rows = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(rows.map((x) => [x.profile, x.state])).toEqual([
      ['(environment)', 'error'],
      ['full', 'ok'],
    ]);
    expect(String(rows[0].detail)).toMatch(/refusing plain http:\/\/ to api\.example\.com/);
    // The stored profile keeps its own base URL: CARDQR_BASE_URL is the environment's row only.
    expect(emu.requests().map((q) => `${q.method} ${q.path}`)).toEqual(['GET /me']);
    expect(r.stdout + r.stderr).not.toContain(emu.keys.full);
  });

  it('no profile stored: exit 3 with the way to add one', async () => {
    const r = await status(tempDir());
    expect([r.exitCode, r.stderr]).toEqual([3, expect.stringContaining('cardqr profiles add')]);
  });

  it('a key in CARDQR_API_KEY is checked as its own first row', async () => {
    const dir = tempDir();
    await add(dir, 'full', emu.baseUrl, emu.keys.full);
    const r = await runCli(['status', '-o', 'json'], {
      configDir: dir,
      key: null,
      env: { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.revoked },
    });
    expect(r.exitCode).toBe(3);
    const rows = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(rows.map((x) => [x.profile, x.state])).toEqual([
      ['(environment)', 'key refused'],
      ['full', 'ok'],
    ]);
  });
});
