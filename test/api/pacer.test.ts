// Pacer: request starts spaced for a per-minute rate (2% margin), on a virtual clock.
import { describe, expect, test } from 'vitest';
import { Pacer } from '../../src/api/pacer.js';

/** A virtual clock: sleep() records the wait and moves time forward by it. */
function clock(start = 1_000_000) {
  let t = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => t,
    advance: (ms: number) => (t += ms),
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
  };
}

describe('Pacer', () => {
  test('restartFromNow: the next start keeps its distance from now (an answer that came back late), never less', async () => {
    const c = clock();
    const p = new Pacer(undefined, c.sleep, c.now);
    await p.wait(); // GET /me leaves before the rate is known
    c.advance(900); // and its answer comes back 900 ms later
    p.setRate(60);
    p.restartFromNow();
    await p.wait();
    expect(c.sleeps).toEqual([1020]);
    p.restartFromNow(); // already a start in the future: unchanged
    await p.wait();
    expect(c.sleeps).toEqual([1020, 1020]);
  });

  test('without a rate it never waits', async () => {
    const c = clock();
    const p = new Pacer(undefined, c.sleep, c.now);
    for (let i = 0; i < 5; i++) await p.wait();
    expect(c.sleeps).toEqual([]);
  });

  test('a zero or negative rate means no pacing', async () => {
    const c = clock();
    for (const rate of [0, -5]) {
      const p = new Pacer(rate, c.sleep, c.now);
      await p.wait();
      await p.wait();
    }
    expect(c.sleeps).toEqual([]);
  });

  test('60 per minute: the first start is immediate, then one every 1020 ms (1 s + 2% margin)', async () => {
    const c = clock();
    const p = new Pacer(60, c.sleep, c.now);
    const starts: number[] = [];
    for (let i = 0; i < 4; i++) {
      await p.wait();
      starts.push(c.now());
    }
    expect(c.sleeps.map(Math.round)).toEqual([1020, 1020, 1020]);
    expect(starts.map((s) => Math.round(s - starts[0]))).toEqual([0, 1020, 2040, 3060]);
  });

  test('n starts fit in a fixed 60-second window: never more than the rate', async () => {
    const c = clock();
    const rate = 120;
    const p = new Pacer(rate, c.sleep, c.now);
    const starts: number[] = [];
    for (let i = 0; i < 500; i++) {
      await p.wait();
      starts.push(c.now());
    }
    for (let i = 0; i + rate < starts.length; i++) expect(starts[i + rate] - starts[i]).toBeGreaterThan(60_000);
  });

  test('time spent elsewhere counts: no wait when the gap has already passed', async () => {
    const c = clock();
    const p = new Pacer(60, c.sleep, c.now);
    await p.wait();
    c.advance(5000);
    await p.wait();
    c.advance(600);
    await p.wait();
    expect(c.sleeps.map(Math.round)).toEqual([420]);
  });

  test('starts made before a rate was known keep their distance once setRate() learns it', async () => {
    const c = clock();
    const p = new Pacer(undefined, c.sleep, c.now);
    await p.wait(); // e.g. GET /me, unpaced
    p.setRate(30); // learned from the response: one every 2040 ms
    await p.wait();
    expect(c.sleeps.map(Math.round)).toEqual([2040]);
  });

  test('setRate(undefined) stops pacing', async () => {
    const c = clock();
    const p = new Pacer(60, c.sleep, c.now);
    await p.wait();
    p.setRate(undefined);
    await p.wait();
    await p.wait();
    expect(c.sleeps).toEqual([]);
  });

  test('a wait under a millisecond is skipped (a timer cannot sleep less than one)', async () => {
    const c = clock();
    const p = new Pacer(6_000_000, c.sleep, c.now); // 0.0102 ms apart
    for (let i = 0; i < 50; i++) await p.wait(); // the 50th slot is 0.5 ms ahead: still no sleep
    expect(c.sleeps).toEqual([]);
    for (let i = 0; i < 50; i++) await p.wait(); // past 1 ms ahead: now it sleeps, whole milliseconds or more
    expect(c.sleeps.length).toBeGreaterThan(0);
    expect(c.sleeps.every((ms) => ms >= 1)).toBe(true);
  });

  test('concurrent callers get distinct, evenly spaced slots', async () => {
    const c = clock();
    const slots: number[] = [];
    const p = new Pacer(60, async (ms) => void slots.push(ms), c.now);
    await Promise.all([p.wait(), p.wait(), p.wait()]);
    expect(slots.map(Math.round)).toEqual([1020, 2040]);
  });
});
