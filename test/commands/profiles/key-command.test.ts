// profiles add --api-key-command: the key comes from the operator's password manager on each run and
// is never written to disk; the command's stderr is never shown.
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();
// tempDir() removes its directories when the file ends (test/helpers/run-cli.ts).
const tmp = () => tempDir();

function profileRun(dir: string, args: string[], extra: Parameters<typeof runCli>[1] = {}) {
  return runCli(args, { emu, key: null, configDir: dir, ...extra, env: { CARDQR_BASE_URL: undefined, ...extra.env } });
}

/** A stand-in for `pass show …`: reads the key from a file, counts its runs, and chats on stderr with the key in it. */
function keyScript(dir: string, body: string): string {
  const path = join(dir, 'get-key.sh');
  writeFileSync(path, `#!/bin/sh\necho run >> "${dir}/runs"\n${body}\n`);
  chmodSync(path, 0o700);
  return path;
}

const runs = (dir: string) =>
  existsSync(join(dir, 'runs')) ? readFileSync(join(dir, 'runs'), 'utf8').split('\n').filter(Boolean).length : 0;

/** Every file under the config directory, as text. */
function configText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

describe('profiles add --api-key-command', () => {
  it('stores the command, not the key; each run executes it; show/list say where each key lives', async () => {
    const cfg = tmp();
    const secrets = tmp();
    writeFileSync(join(secrets, 'key'), `${emu.keys.full}\nsecond line ignored\n`);
    const script = keyScript(secrets, `cat "${secrets}/key"; echo "gpg: decrypted ${emu.keys.full}" >&2`);
    const add = await profileRun(cfg, [
      'profiles',
      'add',
      'vault',
      '--base-url',
      emu.baseUrl,
      '--api-key-command',
      `sh ${script}`,
    ]);
    expect(add.exitCode).toBe(0);
    expect(add.stderr).toMatch(
      /saved profile "vault" for it-admin@acme-robotics.example \(pro\) \(default\) in .*; its key comes from the command on each run \(not stored\)/,
    );
    expect(add.stderr).not.toContain(emu.keys.full);
    expect(runs(secrets)).toBe(1); // run once to verify with GET /me
    const stored = JSON.parse(readFileSync(join(cfg, 'config.json'), 'utf8'));
    expect(stored.profiles.vault).toMatchObject({ keyCommand: `sh ${script}`, keyId: 'key_full' });
    expect(stored.profiles.vault.apiKey).toBeUndefined();
    expect(configText(cfg)).not.toContain(emu.keys.full);

    const me = await profileRun(cfg, ['me', '-o', 'json']);
    expect([me.exitCode, json(me).key.id]).toEqual([0, 'key_full']);
    expect(me.stderr).not.toContain(emu.keys.full);
    expect(runs(secrets)).toBe(2);

    // A second profile with a stored key, for the comparison.
    await profileRun(cfg, ['profiles', 'add', 'plain', '--base-url', emu.baseUrl, '--api-key-stdin'], {
      stdin: emu.keys.readonly,
    });
    const list = json(await profileRun(cfg, ['profiles', 'list', '-o', 'json']));
    const by = (n: string) => list.find((p: { name: string }) => p.name === n);
    expect(by('vault')).toMatchObject({ apiKey: null, keyFrom: `from command: sh ${script}` });
    expect(by('plain').keyFrom).toBe(`stored in ${join(cfg, 'config.json')}, mode 0600`);
    expect(by('plain').apiKey).toMatch(/^\*\*\*\*.{4}$/);
    const show = await profileRun(cfg, ['profiles', 'show', 'vault', '-o', 'table'], { env: { NO_COLOR: '1' } });
    expect(show.stdout).toContain('from command');
    expect(runs(secrets)).toBe(2); // show and list never run it
    // CARDQR_API_KEY wins over the profile: the command is not run.
    const env = await profileRun(cfg, ['me', '-o', 'json'], { env: { CARDQR_API_KEY: emu.keys.readonly } });
    expect(json(env).key.id).toBe('key_readonly');
    expect(runs(secrets)).toBe(2);
    const stdin = await profileRun(cfg, ['me', '-o', 'json', '--api-key-stdin'], { stdin: emu.keys.readonly });
    expect(json(stdin).key.id).toBe('key_readonly');
    expect(runs(secrets)).toBe(2);
  });

  const failures: Array<[string, string, string]> = [
    [
      'reads standard input (it is closed: nothing to read)',
      'if read line; then echo "got-$line"; exit 0; fi; exit 4',
      'failed (exit status 4)',
    ],
    ['exits non-zero', `echo "${'k'.repeat(8)}-LEAKED" >&2; exit 3`, 'failed (exit status 3)'],
    ['prints nothing', 'true', 'printed no key on its first line'],
    ['prints too much', 'head -c 100000 /dev/zero | tr "\\0" k', 'printed more than 64 KiB'],
    ['prints a line with spaces', 'echo "not a key"', 'printed a first line with white space in it'],
  ];
  for (const [what, body, message] of failures) {
    it(`a command that ${what}: exit 2, a generic line, its stderr never shown, nothing sent`, async () => {
      const cfg = tmp();
      const script = keyScript(tmp(), body);
      const add = await profileRun(cfg, [
        'profiles',
        'add',
        'broken',
        '--base-url',
        emu.baseUrl,
        '--api-key-command',
        `sh ${script}`,
        '--no-verify',
      ]);
      expect(add.exitCode).toBe(0);
      const before = emu.requests().length;
      const r = await profileRun(cfg, ['cards', 'list', '-o', 'json']);
      expect([r.exitCode, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toContain(`error: the API key command of profile "broken" ${message}`);
      expect(r.stderr).toContain('its output is not shown (it could contain the key)');
      expect(r.stderr).not.toContain('LEAKED');
      expect(emu.requests().length).toBe(before);
      // Caught at add time too, and then nothing is stored.
      const again = await profileRun(cfg, [
        'profiles',
        'add',
        'broken2',
        '--base-url',
        emu.baseUrl,
        '--api-key-command',
        `sh ${script}`,
      ]);
      expect(again.exitCode).toBe(2);
      expect(JSON.parse(readFileSync(join(cfg, 'config.json'), 'utf8')).profiles.broken2).toBeUndefined();
    });
  }

  it('a command that never ends is killed with everything it started, after CARDQR_KEY_COMMAND_TIMEOUT', async () => {
    const cfg = tmp();
    const work = tmp();
    const script = keyScript(work, `sleep 60 & echo $! > "${work}/child"; wait`);
    await profileRun(cfg, [
      'profiles',
      'add',
      'slow',
      '--base-url',
      emu.baseUrl,
      '--api-key-command',
      `sh ${script}`,
      '--no-verify',
    ]);
    const r = await profileRun(cfg, ['me'], { env: { CARDQR_KEY_COMMAND_TIMEOUT: '0.5' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('did not finish within 0.5 s');
    const child = Number(readFileSync(join(work, 'child'), 'utf8'));
    // The sleep started by the script is gone too (or a zombie waiting to be reaped: not running).
    const running = () => {
      try {
        return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${child}/stat`, 'utf8'));
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 50 && running(); i++) await new Promise((res) => setTimeout(res, 20));
    expect(running()).toBe(false);
  });

  it('exit 2: an empty command, or with --api-key-stdin', async () => {
    const cfg = tmp();
    const empty = await profileRun(cfg, ['profiles', 'add', 'x', '--base-url', emu.baseUrl, '--api-key-command', ' ']);
    expect([empty.exitCode, empty.stderr]).toEqual([
      2,
      'error: --api-key-command needs a command, e.g. --api-key-command "pass show cardqr/prod"\n',
    ]);
    const both = await profileRun(
      cfg,
      ['profiles', 'add', 'x', '--base-url', emu.baseUrl, '--api-key-command', 'true', '--api-key-stdin'],
      { stdin: 'k' },
    );
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('--api-key-command and --api-key-stdin do not go together');
  });
});
