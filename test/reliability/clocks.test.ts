// Clocks (issue 22): waits, rates, timeouts and durations follow a monotonic clock; only timestamps shown
// or stored follow the wall clock. The wall clock is stepped back an hour or forward a day mid-run while
// the monotonic one advances normally: the pacer neither stalls nor bursts, a Retry date read against the
// wall clock stays bounded, a lock file from "the future" does not hold for ever, and the built CLI under
// libfaketime finishes an import whose wall clock is stepped back mid-run. `leads follow` (issue 34) goes on
// polling at its interval under libfaketime, its sweep of locked leads on schedule (in-process, paced by
// the key: clocks-follow.test.ts).
import { existsSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Pacer } from '../../src/api/pacer.js';
import { MAX_WAIT_MS } from '../../src/api/retry.js';
import { buildDeps } from '../../src/deps.js';
import { acquireLock } from '../../src/lock-file.js';
import { UsageError } from '../../src/errors.js';
import { partnersCsv, readReportLines, writeCsv } from '../jobs/import/_files.js';
import { ensureFreshBuild, spawnCli } from '../helpers/built-cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { expectNoStack, realWait, settle, useCounters } from './_support.js';

const counts = useCounters('clocks');
const emu = useEmulator({ rateLimit: 1_000_000 });
beforeAll(() => ensureFreshBuild(), 180_000);
afterEach(() => vi.restoreAllMocks());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The process's deps as the real CLI builds them (no clock given), the wall clock stepped by `step()`. */
function steppedWall() {
  let offset = 0;
  const real = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => real() + offset);
  const deps = buildDeps({ io: {} as never, env: {}, readStdin: async () => '' });
  return { deps, step: (ms: number) => (offset += ms) };
}

describe('the pacer on the default clock (the real process)', () => {
  it.each([
    ['back an hour', -HOUR],
    ['forward a day', DAY],
  ])('wall clock stepped %s between requests: each wait stays one interval', async (_name, step) => {
    const wall = steppedWall();
    const waits: number[] = [];
    // 60 a minute: about one second apart (2% margin).
    const pacer = new Pacer(60, async (ms) => void waits.push(ms), wall.deps.clock);
    await pacer.wait();
    await pacer.wait();
    wall.step(step);
    await pacer.wait();
    await pacer.wait();
    // The fake sleep takes no time, so slots pile up one interval (1020 ms) apart: neither an hour nor none.
    expect(waits).toHaveLength(3);
    waits.forEach((w, i) => expect(Math.abs(w - (i + 1) * 1020)).toBeLessThan(200));
    counts.clocks++;
  });

  it('the default clock does not follow the wall clock back', () => {
    const wall = steppedWall();
    const a = wall.deps.clock();
    wall.step(-HOUR);
    const b = wall.deps.clock();
    expect(b).toBeGreaterThanOrEqual(a);
    expect(b - a).toBeLessThan(HOUR);
    counts.clocks++;
  });
});

describe('an import whose wall clock steps (in-process, virtual monotonic clock)', () => {
  it.each([
    ['back an hour', -HOUR],
    ['forward a day', DAY],
  ])('stepped %s after two creates: paced as before, every row created once', async (_name, step) => {
    emu.store.account('acc_acme')!.cardAllowance = 1000;
    const file = writeCsv('people.csv', partnersCsv(6));
    const posts = () => emu.requests({ method: 'POST' }).length;
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--rate', '60'], {
      emu,
      wallClock: () => emu.now() + (posts() >= 2 ? step : 0),
    });
    expect(r.exitCode).toBe(0);
    expect(posts()).toBe(6);
    for (const ms of r.sleeps) expect(ms).toBeLessThanOrEqual(1020);
    // Timestamps are the wall clock's: the report's start is what the wall said then.
    expect(readReportLines(`${file}.report.ndjson`).filter((l) => l.outcome === 'created')).toHaveLength(6);
    counts.clocks++;
  });
});

describe('RateLimit-Reset given as a Unix time, read against the wall clock', () => {
  const reset = () => Math.floor(emu.now() / 1000) + 30; // 30 s after the server's now

  it('a wall clock a day behind: not a day of sleep; gives up at once (exit 6) and says why', async () => {
    emu.injectFaults([{ kind: '429', path: '/me', resetSeconds: reset() }]);
    const r = await runCli(['me'], { emu, wallClock: () => emu.now() - DAY });
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toMatch(/more than the 300 s cardqr waits/);
    for (const ms of r.sleeps) expect(ms).toBeLessThanOrEqual(MAX_WAIT_MS);
    expectNoStack(r.stderr);
    counts.clocks++;
  });

  it('a wall clock a day ahead: the date is past, retried at once and succeeds', async () => {
    emu.injectFaults([{ kind: '429', path: '/me', resetSeconds: reset() }]);
    const r = await runCli(['me'], { emu, wallClock: () => emu.now() + DAY });
    expect(r.exitCode).toBe(0);
    expect(r.sleeps.every((ms) => ms < 1000)).toBe(true);
    counts.clocks++;
  });

  it('the same wall clock as the server: waits the 30 s asked for', async () => {
    emu.injectFaults([{ kind: '429', path: '/me', resetSeconds: reset() }]);
    const r = await runCli(['me'], { emu });
    expect(r.exitCode).toBe(0);
    expect(r.sleeps.some((ms) => ms >= 29_000 && ms <= 31_000)).toBe(true);
    counts.clocks++;
  });
});

describe('lock files dated by a clock that stepped', () => {
  const busy = (p: string) => new UsageError(`busy: ${p}`);
  // Dated relative to the file system's clock (the one lock ages are read on), which the process's may
  // not share: under faketime, Date.now() is years away from the mtime a fresh file gets.
  const unreadableLock = (offsetMs: number) => {
    const path = join(tempDir(), 'report.lock');
    writeFileSync(path, '{"pid": 12'); // a kill mid-write: no readable owner
    const t = (statSync(path).mtimeMs + offsetMs) / 1000;
    utimesSync(path, t, t);
    return path;
  };

  it('an unreadable lock from a day in the future (clock stepped back) is taken over', async () => {
    const path = unreadableLock(+DAY);
    const lock = await acquireLock(path, new Date(), busy);
    expect(await lock.stillHeld()).toBe(true);
    await lock.release();
    expect(existsSync(path)).toBe(false);
    counts.clocks++;
  });

  it('an unreadable lock written a moment ago still holds', async () => {
    const path = unreadableLock(0);
    await expect(acquireLock(path, new Date(), busy)).rejects.toThrow(/busy/);
    counts.clocks++;
  });

  it('an unreadable lock from an hour ago is taken over', async () => {
    const path = unreadableLock(-HOUR);
    const lock = await acquireLock(path, new Date(), busy);
    await lock.release();
    counts.clocks++;
  });
});

function faketimeLib(): string {
  const lib = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib']
    .map((d) => join(d, 'faketime', 'libfaketime.so.1'))
    .find((p) => existsSync(p));
  expect(lib, 'libfaketime (Debian package faketime; .ci/run installs it)').toBeDefined();
  return lib!;
}

/** The built CLI with its wall clock read from `stamp` (libfaketime), its monotonic clock real. */
function spawnFaked(args: string[], stamp: string) {
  writeFileSync(stamp, '+0\n');
  return spawnCli(args, {
    env: {
      CARDQR_CONFIG_DIR: tempDir(),
      NO_COLOR: '1',
      CARDQR_BASE_URL: emu.baseUrl,
      CARDQR_API_KEY: emu.keys.full,
      LD_PRELOAD: faketimeLib(),
      FAKETIME_TIMESTAMP_FILE: stamp,
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
    stdin: null,
  });
}

describe('the built CLI under libfaketime (wall clock stepped, monotonic clock real)', () => {
  it.each([
    ['back an hour', '-1h'],
    ['forward a day', '+1d'],
  ])(
    'leads follow --interval 1s stepped %s: polls go on every second, no early sweep, then put right, still',
    async (_name, offset) => {
      const dir = tempDir();
      const stamp = join(dir, 'faketime');
      const polls = () => emu.requests({ path: '/leads' }).length;
      const child = spawnFaked(
        ['leads', 'follow', '--state', join(dir, 'leads.state.json'), '--interval', '1s'],
        stamp,
      );
      try {
        await settle(() => polls() >= 2, 20_000);
        expect(polls()).toBeGreaterThanOrEqual(2);
        writeFileSync(stamp, `${offset}\n`);
        const before = polls();
        await realWait(4000);
        expect(polls() - before).toBeGreaterThanOrEqual(2);
        writeFileSync(stamp, '+0\n');
        const after = polls();
        await realWait(3000);
        expect(polls() - after).toBeGreaterThanOrEqual(2);
        // The 4 locked leads of the seed wait for the sweep 5 minutes in, whatever the wall clock said.
        expect(emu.requests({ path: /^\/leads\/./ })).toEqual([]);
      } finally {
        child.child.kill('SIGTERM');
      }
      expect(await Promise.race([child.exit, realWait(15_000).then(() => 'still running')])).toBe(0);
      counts.clocks++;
    },
    60_000,
  );

  it.each([
    ['back an hour', '-1h'],
    ['forward a day', '+1d'],
  ])(
    'stepped %s mid-import: the run ends within 30 s, every row created once',
    async (_name, offset) => {
      emu.store.account('acc_acme')!.cardAllowance = 1000;
      const dir = tempDir();
      const file = writeCsv('people.csv', partnersCsv(8), dir);
      const stamp = join(dir, 'faketime');
      const child = spawnFaked(['campaigns', 'import', 'cmp_native', file, '--rate', '240'], stamp);
      await settle(() => emu.requests({ method: 'POST' }).length >= 2, 20_000);
      writeFileSync(stamp, `${offset}\n`);
      const end = await Promise.race([child.exit, realWait(30_000).then(() => 'still running')]);
      if (end === 'still running') child.child.kill('SIGKILL');
      expect(end).toBe(0);
      expect(emu.requests({ method: 'POST' })).toHaveLength(8);
      counts.clocks++;
    },
    60_000,
  );
});
