// The one backoff schedule (src/api/retry.ts backoffMs): the client's retries and a delivery's alike.
import { describe, expect, test } from 'vitest';
import { API_BACKOFF, backoffMs, DELIVERY_BACKOFF } from '../../src/api/retry.js';

describe('backoffMs', () => {
  test("the client's retries: 0.5 s doubling up to 20 s, between half and all of each step", () => {
    expect([0, 1, 2, 6, 20].map((a) => backoffMs(a, () => 1))).toEqual([500, 1000, 2000, 20_000, 20_000]);
    expect([0, 1, 6].map((a) => backoffMs(a, () => 0))).toEqual([250, 500, 10_000]);
    expect(backoffMs(3, () => 0.5, API_BACKOFF)).toBe(3000);
  });

  test('a delivery: 1 s doubling, never past 5 minutes, jittered by the random source given', () => {
    expect([0, 1, 8, 9, 60].map((a) => backoffMs(a, () => 0.5, DELIVERY_BACKOFF))).toEqual([
      1000, 2000, 256_000, 300_000, 300_000,
    ]);
    const spread = new Set(Array.from({ length: 50 }, (_, i) => backoffMs(2, () => i / 50, DELIVERY_BACKOFF)));
    expect(spread.size).toBeGreaterThan(40);
    expect(Math.min(...spread)).toBe(3000);
    expect(Math.max(...spread)).toBeLessThan(5000);
  });
});
