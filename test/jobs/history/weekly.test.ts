// Which weeks are due (a snapshot after the week ended, from the first snapshot's week), the range a
// timeline is asked for, the delivery id.
import { describe, expect, it } from 'vitest';
import { rangeFor } from '../../../src/jobs/history/snapshot.js';
import { deliveryId, dueWeeks } from '../../../src/jobs/history/weekly.js';

describe('dueWeeks', () => {
  it('none before a snapshot after the first week ended', () => {
    expect(dueWeeks(undefined)).toEqual([]);
    expect(dueWeeks({ first: '2026-11-23', last: '2026-11-29' })).toEqual([]);
  });
  it('each week a later snapshot closed, oldest first', () => {
    expect(dueWeeks({ first: '2026-11-25', last: '2026-11-30' })).toEqual(['2026-W48']);
    expect(dueWeeks({ first: '2026-12-20', last: '2027-01-05' })).toEqual(['2026-W51', '2026-W52', '2026-W53']);
  });
});

describe('rangeFor', () => {
  it('the whole kept history the first time, then the smallest range back to the last fetch', () => {
    expect(rangeFor(undefined, '2026-11-23')).toBe('12m');
    expect(rangeFor('2026-11-23', '2026-11-23')).toBe('7d');
    expect(rangeFor('2026-11-17', '2026-11-23')).toBe('7d');
    expect(rangeFor('2026-11-16', '2026-11-23')).toBe('30d');
    expect(rangeFor('2026-08-26', '2026-11-23')).toBe('90d');
    expect(rangeFor('2026-08-25', '2026-11-23')).toBe('12m');
  });
});

it('the delivery id', () => {
  expect(deliveryId('acc_1', '2026-W48', 'Europe/Paris')).toBe('acc_1/2026-W48/Europe/Paris');
});
