// --tz local when TZ names a file (`TZ=:/etc/localtime`, as containers and systemd units set it): Intl then
// names no zone, and the file's path under zoneinfo/ does. Spawned: the zone is the process's own.
import { realpathSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, spawnCli } from '../../helpers/built-cli.js';
import { useEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();
beforeAll(() => ensureFreshBuild(), 180_000);

const run = (args: string[], tz: string) =>
  spawnCli(args, {
    env: { TZ: tz, CARDQR_CONFIG_DIR: tempDir(), CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full },
    stdin: null,
    timeoutMs: 30_000,
  }).done;
const etcLocaltime = realpathSync('/etc/localtime').replace(/^.*\/zoneinfo\//, '');

describe('--tz local', () => {
  it.each([
    [':/etc/localtime', etcLocaltime],
    [':/usr/share/zoneinfo/Europe/Paris', 'Europe/Paris'],
    ['Asia/Tokyo', 'Asia/Tokyo'],
  ])('analytics overview with TZ=%s sends %s', async (tz, zone) => {
    const r = await run(['analytics', 'overview', '--tz', 'local', '--range', '7d'], tz);
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests({ path: '/analytics/overview' })[0].query.timeZone).toBe(zone);
  });

  it('leads list --since a day --tz local with TZ=:/usr/share/zoneinfo/Europe/Paris: midnight in Paris', async () => {
    const r = await run(
      ['leads', 'list', '--since', '2026-03-01', '--tz', 'local'],
      ':/usr/share/zoneinfo/Europe/Paris',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(emu.requests({ path: '/leads' })[0].query.since).toBe('2026-02-28T23:00:00Z');
  });
});
