// The store's periods: ISO weeks, their days, months; days in a zone.
import { describe, expect, it } from 'vitest';
import { addDays, dayIn, daysBetween, isoWeek, periodOf, weekDays } from '../../src/history/days.js';

describe('history periods', () => {
  it.each([
    ['2026-11-23', '2026-W48'],
    ['2026-11-29', '2026-W48'],
    ['2026-01-01', '2026-W01'],
    ['2027-01-03', '2026-W53'],
    ['2027-01-04', '2027-W01'],
    ['2021-01-03', '2020-W53'],
    ['2024-12-30', '2025-W01'],
  ])('%s is in %s', (day, week) => {
    expect(isoWeek(day)).toBe(week);
    const { first, last } = weekDays(week);
    expect(first <= day && day <= last).toBe(true);
    expect(daysBetween(first, last)).toBe(6);
  });

  it('days, months, zones', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(periodOf('2026-11-23', 'month')).toBe('2026-11');
    expect(periodOf('2026-11-23', 'day')).toBe('2026-11-23');
    const t = Date.parse('2026-11-23T23:30:00Z');
    expect(dayIn(t, 'UTC')).toBe('2026-11-23');
    expect(dayIn(t, 'Europe/Paris')).toBe('2026-11-24');
    expect(dayIn(t, 'America/Los_Angeles')).toBe('2026-11-23');
  });
});
