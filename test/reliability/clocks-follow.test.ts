// Clocks (issue 34): `leads follow` paces its requests and schedules its sweep of locked leads on the
// monotonic clock. The wall clock is stepped back an hour or forward a day after its third request, the
// monotonic (virtual) one advancing normally: polls go on at the interval, no wait of an hour, none
// skipped, the locked leads re-read 5 minutes in. The built CLI under libfaketime: clocks.test.ts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/run-cli.js';
import { follow, lines } from '../commands/leads/follow-helpers.js';
import { useCounters } from './_support.js';

const counts = useCounters('clocks-follow');
const at: number[] = []; // when each API request was answered, on the emulator's clock
// 60 a minute: follow keeps its requests at least 2 s apart (half the key's rate).
const emu = useEmulator({ rateLimit: 60, log: () => at.push(emu.now()) });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FOLLOW_MS = 3000;

describe('leads follow whose wall clock steps (in-process, virtual monotonic clock)', () => {
  it.each([
    ['back an hour', -HOUR],
    ['forward a day', DAY],
  ])('stepped %s after its third request: paced as before, the sweep on schedule', async (_name, step) => {
    at.length = 0;
    const state = join(tempDir(), 'leads.state.json');
    const r = await follow(emu, ['--state', state, '--interval', '3s'], (n) => n >= 150, {
      intervalMs: FOLLOW_MS,
      wallClock: () => emu.now() + (emu.requests().length >= 3 ? step : 0),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(lines(r.stdout)).toHaveLength(30);
    // No wait of an hour (the last request's time read on a stepped clock), none skipped: every request
    // at least the key's 2 s after the one before, the polls every 3 s.
    for (const ms of r.sleeps) expect(ms).toBeLessThanOrEqual(FOLLOW_MS);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(1950);
    const reqs = emu.requests();
    expect(reqs.filter((q) => q.path === '/leads').length).toBeGreaterThanOrEqual(150);
    // The locked leads (4 in the seed) are swept once, 5 minutes in: not at once after a day's step.
    const reread = reqs.flatMap((q, i) => (q.path.startsWith('/leads/') ? [at[i]!] : []));
    expect(reread).toHaveLength(4);
    expect(reread[0]! - at[0]!).toBeGreaterThanOrEqual(300_000);
    counts.clocks++;
  });
});
