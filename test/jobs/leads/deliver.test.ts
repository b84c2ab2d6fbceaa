// The delivery text and the retry schedule of leads follow (src/jobs/leads/deliver.ts).
import { describe, expect, test } from 'vitest';
import { backoffAfter, deliveryBody } from '../../../src/jobs/leads/deliver.js';

describe('backoffAfter: 1 s, doubling, at most 5 minutes apart, within a quarter either way', () => {
  test.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [9, 256_000],
    [10, 300_000],
    [99, 300_000],
  ])('after attempt %i: %i ms (random 0.5: the step itself)', (attempt, ms) => {
    expect(backoffAfter(attempt, () => 0.5)).toBe(ms);
  });

  test('the random source spreads each wait over three quarters to five quarters of its step, never past 5 minutes', () => {
    expect([backoffAfter(1, () => 0), backoffAfter(1, () => 1)]).toEqual([750, 1250]);
    expect([backoffAfter(3, () => 0), backoffAfter(3, () => 0.999)]).toEqual([3000, 4998]);
    expect([backoffAfter(10, () => 0), backoffAfter(10, () => 1)]).toEqual([225_000, 300_000]);
  });
});

describe('deliveryBody', () => {
  test('one line: {type, lead} with the lead as the API sent it (unknown fields kept)', () => {
    const lead = { id: 'lead_1', createdAt: '2026-11-20T09:14:00.000Z', note: 'a\nb', futureField: { x: 1 } };
    const body = deliveryBody({ type: 'lead.unlocked', lead });
    expect(body).not.toContain('\n');
    expect(JSON.parse(body)).toEqual({ type: 'lead.unlocked', lead });
  });
});
