import { readdirSync, readFileSync, statSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();

function profileRun(dir: string, args: string[], extra: Parameters<typeof runCli>[1] = {}) {
  return runCli(args, { emu, key: null, configDir: dir, env: { CARDQR_BASE_URL: undefined }, ...extra });
}

describe('cardqr profiles', () => {
  it('add reads the key from stdin, verifies it with GET /me and stores what /me said', async () => {
    const dir = tempDir();
    const r = await profileRun(dir, ['profiles', 'add', 'local', '--base-url', emu.baseUrl, '--api-key-stdin'], {
      stdin: `${emu.keys.full}\n`,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/saved profile "local" for it-admin@acme-robotics.example \(pro\) \(default\)/);
    const stored = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(stored.defaultProfile).toBe('local');
    expect(stored.profiles.local).toMatchObject({
      keyId: 'key_full',
      requestsPerMinute: 600,
      account: { plan: 'pro' },
    });
    expect(stored.profiles.local.scopes).toContain('leads:read');
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // The stored profile is then used with no flags or env at all.
    const me = json(await profileRun(dir, ['me']));
    expect(me.key.id).toBe('key_full');
  });

  it('asks for the key with hidden input on a terminal', async () => {
    const dir = tempDir();
    const r = await profileRun(dir, ['profiles', 'add', 'tty', '--base-url', emu.baseUrl], {
      tty: true,
      answers: [emu.keys.readonly],
    });
    expect(r.exitCode).toBe(0);
    expect(r.prompts).toEqual(['API key (input hidden): ']);
  });

  it('the key to store: asked on a terminal even with CARDQR_API_KEY set, else CARDQR_API_KEY; never printed', async () => {
    const dir = tempDir();
    const tty = await profileRun(dir, ['profiles', 'add', 'asked', '--base-url', emu.baseUrl], {
      tty: true,
      key: emu.keys.full,
      answers: [emu.keys.readonly],
    });
    expect([tty.exitCode, tty.prompts]).toEqual([0, ['API key (input hidden): ']]);
    expect(json(await profileRun(dir, ['me', '--profile', 'asked'])).key.id).toBe('key_readonly');
    const piped = await profileRun(dir, ['profiles', 'add', 'env', '--base-url', emu.baseUrl], {
      key: emu.keys.revoked,
    });
    expect([piped.exitCode, piped.prompts]).toEqual([3, []]);
    expect(piped.stderr).toMatch(
      /^error: the API key from CARDQR_API_KEY was refused by .*: profile "env" was not saved\n/,
    );
    expect(piped.stdout + piped.stderr + tty.stdout + tty.stderr).not.toMatch(
      new RegExp([emu.keys.full, emu.keys.readonly, emu.keys.revoked].join('|')),
    );
    const none = await profileRun(dir, ['profiles', 'add', 'none', '--base-url', emu.baseUrl]);
    expect([none.exitCode, none.stderr]).toEqual([
      2,
      'error: no API key given: type it when asked on a terminal, or pipe it with --api-key-stdin\n',
    ]);
  });

  it('a bad key is refused and nothing is stored; --no-verify stores without a request', async () => {
    const dir = tempDir();
    const bad = await profileRun(dir, ['profiles', 'add', 'bad', '--base-url', emu.baseUrl, '--api-key-stdin'], {
      stdin: 'nope',
    });
    expect(bad.exitCode).toBe(3);
    expect(bad.stderr).toMatch(
      /^error: the API key read with --api-key-stdin was refused by .* \(invalid_api_key\): profile "bad" was not saved\n/,
    );
    expect(bad.stderr).not.toContain('profiles show');
    expect(bad.stderr).not.toContain('nope');
    expect(readdirSync(dir)).toEqual([]);
    emu.clearRequests();
    const nv = await profileRun(
      dir,
      ['profiles', 'add', 'later', '--base-url', emu.baseUrl, '--api-key-stdin', '--no-verify'],
      { stdin: 'abc' },
    );
    expect(nv.exitCode).toBe(0);
    expect(emu.requests()).toHaveLength(0);
    // The same name again: said to be replaced, not silently overwritten.
    const again = await profileRun(
      dir,
      ['profiles', 'add', 'later', '--base-url', emu.baseUrl, '--api-key-stdin', '--no-verify'],
      { stdin: 'abcd' },
    );
    expect([again.exitCode, again.stderr]).toEqual([0, expect.stringMatching(/^replaced profile "later"/)]);
  });

  it('list masks keys, use switches the default, show shows one, remove asks first', async () => {
    const dir = tempDir();
    await profileRun(dir, ['profiles', 'add', 'a', '--base-url', emu.baseUrl, '--api-key-stdin'], {
      stdin: emu.keys.full,
    });
    await profileRun(dir, ['profiles', 'add', 'b', '--base-url', emu.baseUrl, '--api-key-stdin'], {
      stdin: emu.keys.readonly,
    });
    const list = json(await profileRun(dir, ['profiles', 'list']));
    expect(list.map((p: { name: string; apiKey: string; default: boolean }) => [p.name, p.apiKey, p.default])).toEqual([
      ['a', `****${emu.keys.full.slice(-4)}`, true],
      ['b', `****${emu.keys.readonly.slice(-4)}`, false],
    ]);
    expect((await profileRun(dir, ['profiles', 'use', 'b'])).exitCode).toBe(0);
    expect(json(await profileRun(dir, ['profiles', 'show'])).name).toBe('b');
    expect(json(await profileRun(dir, ['me'])).key.id).toBe('key_readonly');
    expect(json(await profileRun(dir, ['me', '--profile', 'a'])).key.id).toBe('key_full');
    expect(json(await profileRun(dir, ['me'], { env: { CARDQR_PROFILE: 'a' } })).key.id).toBe('key_full');
    const refused = await profileRun(dir, ['profiles', 'remove', 'a']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/pass --yes/);
    const declined = await profileRun(dir, ['profiles', 'remove', 'a'], { tty: true, answers: ['n'] });
    expect([declined.exitCode, declined.stderr]).toEqual([2, expect.stringMatching(/cancelled: nothing removed/)]);
    expect((await profileRun(dir, ['profiles', 'remove', 'a', '--yes'])).exitCode).toBe(0);
    expect(json(await profileRun(dir, ['profiles', 'list'])).map((p: { name: string }) => p.name)).toEqual(['b']);
  });

  it('warns when the store is readable by others', async () => {
    const dir = tempDir();
    await profileRun(dir, ['profiles', 'add', 'a', '--base-url', emu.baseUrl, '--api-key-stdin'], {
      stdin: emu.keys.full,
    });
    chmodSync(join(dir, 'config.json'), 0o644);
    const r = await profileRun(dir, ['me']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/warning: .*config\.json is readable by other users \(mode 644\); run: chmod 600/);
  });

  it('usage errors: unknown profile, bad name, missing base URL, http to a remote host', async () => {
    const dir = tempDir();
    expect((await profileRun(dir, ['me', '--profile', 'ghost'])).stderr).toMatch(/no profile named "ghost"/);
    expect((await profileRun(dir, ['profiles', 'add', 'bad name', '--base-url', emu.baseUrl])).exitCode).toBe(2);
    expect((await profileRun(dir, ['profiles', 'add', 'x', '--api-key-stdin'], { stdin: 'k' })).stderr).toMatch(
      /needs --base-url/,
    );
    const http = await profileRun(
      dir,
      ['profiles', 'add', 'x', '--base-url', 'http://api.example.com/v1', '--api-key-stdin'],
      { stdin: 'k' },
    );
    expect([http.exitCode, http.stderr]).toEqual([
      2,
      'error: refusing plain http:// to api.example.com: the API key is sent only over https (http is allowed for localhost only)\n',
    ]);
  });
});
