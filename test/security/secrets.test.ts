// The key never appears on stdout, stderr (even with --verbose) or in any file but the profile store.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testRoutes } from '../emulator/_util.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';

const emu = useEmulator({ extraRoutes: testRoutes });

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

const RUNS: Array<[string, string[], (e: typeof emu) => void]> = [
  ['me', ['me'], () => {}],
  ['me with a revoked key', ['me'], () => {}],
  ['api list', ['api', 'GET', '/widgets'], () => {}],
  ['api write', ['api', 'POST', '/widgets', '--data', '{}'], () => {}],
  ['api 404', ['api', 'GET', '/nothing'], () => {}],
  ['api 422', ['api', 'GET', '/throws'], () => {}],
  [
    'a 500 after retries',
    ['me', '--max-retries', '1'],
    (e) => e.injectFaults([{ kind: '500', path: '/me', times: 5 }]),
  ],
  [
    'a 429 after retries',
    ['me', '--max-retries', '1'],
    (e) => e.injectFaults([{ kind: '429', path: '/me', times: 5 }]),
  ],
  [
    'dropped connections',
    ['me', '--max-retries', '1'],
    (e) => e.injectFaults([{ kind: 'drop_before', path: '/me', times: 5 }]),
  ],
];

describe('the API key is a secret', () => {
  it.each(RUNS)('%s with --verbose: key absent from stdout, stderr and files', async (name, args, setup) => {
    setup(emu);
    const dir = tempDir();
    const key = name.includes('revoked') ? emu.keys.revoked : emu.keys.full;
    const r = await runCli([...args, '--verbose', '-o', 'json'], { emu, key, configDir: dir });
    expect(r.stderr).toContain('Authorization: Bearer ****');
    expect(r.stdout).not.toContain(key);
    expect(r.stderr).not.toContain(key);
    for (const f of filesUnder(dir)) expect(readFileSync(f, 'utf8')).not.toContain(key);
  });

  it('CARDQR_DEBUG=1 logs requests with the key masked', async () => {
    const r = await runCli(['me'], { emu, env: { CARDQR_DEBUG: '1' } });
    expect(r.stderr).toContain(`Bearer ****${emu.keys.full.slice(-4)}`);
    expect(r.stderr).not.toContain(emu.keys.full);
  });

  it('the profile store is the only file holding the key, mode 0600 in a 0700 directory', async () => {
    const dir = tempDir();
    await runCli(['profiles', 'add', 'p', '--base-url', emu.baseUrl, '--api-key-stdin', '--verbose'], {
      emu,
      key: null,
      configDir: dir,
      stdin: emu.keys.full,
    });
    await runCli(['profiles', 'list', '-o', 'table'], { emu, key: null, configDir: dir });
    const holding = filesUnder(dir).filter((f) => readFileSync(f, 'utf8').includes(emu.keys.full));
    expect(holding).toEqual([join(dir, 'config.json')]);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const shown = await runCli(['profiles', 'show', 'p', '-o', 'json'], { emu, key: null, configDir: dir });
    expect(shown.stdout).not.toContain(emu.keys.full);
  });
});
