// The delivery text and the retry schedule of leads follow (src/jobs/follow/deliver.ts).
import { describe, expect, test } from 'vitest';
import { backoffAfter, deliveryBody } from '../../../src/jobs/follow/deliver.js';

describe('backoffAfter: 1 s, doubling, at most 5 minutes apart', () => {
  test.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [9, 256_000],
    [10, 300_000],
    [99, 300_000],
  ])('after attempt %i: %i ms', (attempt, ms) => {
    expect(backoffAfter(attempt)).toBe(ms);
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
