// Smoke tests of the built bundle: the shim, exit statuses through a real process, pipes.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, spawnCli } from '../helpers/built-cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/run-cli.js';

const emu = useEmulator();
beforeAll(() => ensureFreshBuild(), 180_000);

const env = () => ({ CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full, CARDQR_CONFIG_DIR: tempDir() });

describe('the built cardqr', () => {
  it('prints its version and exits 0', async () => {
    const r = await spawnCli(['--version']).done;
    expect([r.code, r.stdout.trim()]).toEqual([
      0,
      (await import('../../package.json', { with: { type: 'json' } })).default.version,
    ]);
  });

  it('exit statuses reach the shell: 0, 2, 3', async () => {
    expect((await spawnCli(['me'], { env: env() }).done).code).toBe(0);
    expect((await spawnCli(['me', '--bogus'], { env: env() }).done).code).toBe(2);
    const denied = await spawnCli(['me'], { env: { ...env(), CARDQR_API_KEY: emu.keys.revoked } }).done;
    expect(denied.code).toBe(3);
    expect(denied.stderr).toMatch(/^error: invalid_api_key \(401\)/);
  });

  it('a closed stdout pipe (| head) ends quietly with status 0', async () => {
    const e = env();
    const r = await spawnCli([], {
      env: e,
      shell: `set -o pipefail; for i in 1 2 3 4 5 6 7 8; do echo; done | $CARDQR api GET /me -o json | head -c 5; echo " status=$?"`,
    }).done;
    expect(r.stdout).toMatch(/status=0/);
    expect(r.stderr).toBe('');
  });

  it('never reads stdin unless told to (cannot hang under cron)', async () => {
    const r = await spawnCli(['me', '-o', 'json'], { env: env(), stdin: undefined }).done;
    expect(r.code).toBe(0);
  });
});
