import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { json, runCli, tempDir } from '../../helpers/run-cli.js';

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await delay(25);
}

describe('cardqr emulator', () => {
  it('prints one JSON start line, writes a profile, serves the API until interrupted', async () => {
    const dir = tempDir();
    let me: Awaited<ReturnType<typeof runCli>> | undefined;
    const ready = (async () => {
      await until(() => existsSync(join(dir, 'config.json')));
      me = await runCli(['me', '--profile', 'local', '-o', 'json'], { configDir: dir });
    })();
    const r = await runCli(['emulator', '--port', '0', '--profile', 'local', '--quiet'], {
      configDir: dir,
      interruptAfter: ready,
    });
    expect(r.exitCode).toBe(0);
    const start = JSON.parse(r.stdout.trim());
    expect(start.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(start.publicBaseUrl).toBe(start.baseUrl.replace(/\/v1$/, ''));
    expect(Object.keys(start.keys)).toEqual(expect.arrayContaining(['full', 'readonly', 'campaign']));
    expect(r.stderr).toMatch(/profile "local" points at the emulator/);
    expect(me?.exitCode).toBe(0);
    expect(json(me!).account.id).toBe('acc_acme');
    // The profile it wrote goes with it.
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles).toEqual({});
  });

  it('a stop asked before it is listening (or while it writes its profile) is not lost: it stops, the profile goes', async () => {
    // Waits and signals: the abort event fires once; a stop that came before the wait began must still end it.
    for (const interruptAfter of [Promise.resolve(), new Promise<void>((r) => setImmediate(r))]) {
      const dir = tempDir();
      const r = await runCli(['emulator', '--port', '0', '--profile', 'local', '--quiet'], {
        configDir: dir,
        interruptAfter,
      });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles).toEqual({});
    }
  });

  it('on a terminal: readable lines (URL, profile, an example) instead of JSON; --keep-profile keeps the profile', async () => {
    const dir = tempDir();
    const r = await runCli(['emulator', '--port', '0', '--profile', 'local', '--keep-profile'], {
      configDir: dir,
      tty: true,
      interruptAfter: until(() => existsSync(join(dir, 'config.json'))).then(() => delay(100)),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^cardqr emulator on http:\/\/127\.0\.0\.1:\d+\/v1 \(Ctrl-C to stop\)\n/);
    expect(r.stdout).toContain('  profile       local\n');
    expect(r.stdout).toContain('  try           cardqr --profile local cards list\n');
    expect(r.stdout).not.toContain('{');
    expect(Object.keys(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles)).toEqual(['local']);
  });

  it("never replaces a profile of a real service; an earlier emulator's is replaced, and said so", async () => {
    const dir = tempDir();
    await runCli(
      ['profiles', 'add', 'prod', '--base-url', 'https://api.example.com/v1', '--api-key-stdin', '--no-verify'],
      { configDir: dir, stdin: 'sk_live_prod_key\n' },
    );
    const before = readFileSync(join(dir, 'config.json'), 'utf8');
    const refused = await runCli(['emulator', '--port', '0', '--profile', 'prod'], { configDir: dir });
    expect([refused.exitCode, refused.stderr]).toEqual([2, expect.stringContaining('the emulator never replaces it')]);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(before);
    await runCli(
      ['profiles', 'add', 'local', '--base-url', 'http://127.0.0.1:1/v1', '--api-key-stdin', '--no-verify'],
      { configDir: dir, stdin: 'cq_live_old_emulator_key\n' },
    );
    const r = await runCli(['emulator', '--port', '0', '--profile', 'local', '--quiet'], {
      configDir: dir,
      interruptAfter: delay(500),
    });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringContaining('profile "local" replaced')]);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles)).toEqual(['prod']);
  });

  it('never writes the profile named by CARDQR_PROFILE in the environment (only a typed --profile)', async () => {
    const dir = tempDir();
    const stored = await runCli(
      ['profiles', 'add', 'prod', '--base-url', 'https://api.example.com/v1', '--api-key-stdin', '--no-verify'],
      { configDir: dir, stdin: 'sk_live_prod_key\n' },
    );
    expect(stored.exitCode).toBe(0);
    const before = readFileSync(join(dir, 'config.json'), 'utf8');
    const saved = process.env.CARDQR_PROFILE;
    process.env.CARDQR_PROFILE = 'prod'; // commander reads the option's environment variable from the process
    try {
      const r = await runCli(['emulator', '--port', '0', '--quiet'], {
        configDir: dir,
        interruptAfter: delay(500), // after the emulator is listening (an abort before that is never seen)
      });
      expect([r.exitCode, r.stderr]).toEqual([0, expect.not.stringMatching(/points at the emulator/)]);
    } finally {
      if (saved === undefined) delete process.env.CARDQR_PROFILE;
      else process.env.CARDQR_PROFILE = saved;
    }
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(before);
  });

  it('refuses a bad seed file with the problems listed (exit 2)', async () => {
    const seed = join(tempDir(), 'seed.json');
    writeFileSync(seed, JSON.stringify({ accounts: [{ id: 'acc_x', plan: 'no-such-plan' }] }));
    const r = await runCli(['emulator', '--port', '0', '--seed', seed]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--seed: .* is not a valid seed/);
    expect(r.stderr.split('\n').length).toBeGreaterThan(2);
  });

  it.each([
    [['--port', '70000'], /must be from 0 to 65535/],
    [['--fault-rate', '2'], /expected a number from 0 to 1/],
    [['--rate-limit', '0'], /must be from 1/],
  ])('refuses %j', async (args, message) => {
    const r = await runCli(['emulator', ...args]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
