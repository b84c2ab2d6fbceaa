import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvLine } from '../../src/output/csv-values.js';
import { cellText, compactTime, flatten, pick, relativeTime } from '../../src/output/values.js';

describe('output values', () => {
  it('pick keeps dotted fields in order, nested, null when absent', () => {
    const card = { id: 'c1', name: 'Ada', fields: { firstName: 'Ada', emails: [{ label: 'work', value: 'a@x' }] } };
    expect(pick(card, ['name', 'fields.firstName', 'fields.title'])).toEqual({
      name: 'Ada',
      fields: { firstName: 'Ada', title: null },
    });
    expect(Object.keys(pick(card, ['name', 'id']))).toEqual(['name', 'id']);
  });

  it('flatten makes dotted columns and keeps lists whole', () => {
    expect(flatten({ a: 1, b: { c: 'x', d: { e: null } }, l: [1, 2] })).toEqual({
      a: 1,
      'b.c': 'x',
      'b.d.e': null,
      l: [1, 2],
    });
  });

  it('lists become one readable cell', () => {
    expect(
      cellText([
        { label: 'work', value: 'a@x' },
        { label: 'home', value: 'b@y' },
      ]),
    ).toBe('work: a@x; home: b@y');
    // An address is one value in parts: commas, not the colon of a label.
    expect(cellText({ street: 'Rue Sainte-Catherine 1', city: 'Montréal', country: 'CA' })).toBe(
      'Rue Sainte-Catherine 1, Montréal, CA',
    );
    expect(cellText(null)).toBe('');
    expect(cellText(true)).toBe('true');
  });

  it('csv is RFC 4180 and parses back', () => {
    const row = ['plain', 'com,ma', 'quo"te', 'new\nline', 'Zoë Ölçer', null, 3];
    const text = csvLine(['a', 'b', 'c', 'd', 'e', 'f', 'g']) + csvLine(row);
    expect(text.endsWith('\r\n')).toBe(true);
    const parsed = parse(text, { columns: true });
    expect(parsed).toEqual([{ a: 'plain', b: 'com,ma', c: 'quo"te', d: 'new\nline', e: 'Zoë Ölçer', f: '', g: '3' }]);
  });

  it('relative time', () => {
    const now = new Date('2026-11-22T12:00:00.000Z');
    expect(relativeTime('2026-11-22T11:59:30.000Z', now)).toBe('just now');
    expect(compactTime('2026-11-22T11:59:30.000Z', now)).toBe('now');
    expect(compactTime('2026-11-22T11:55:00.000Z', now)).toBe('5m');
    expect(compactTime('2026-11-22T09:00:00.000Z', now)).toBe('3h');
    expect(compactTime('2026-11-14T12:00:00.000Z', now)).toBe('8d');
    expect(compactTime('2026-08-14T12:00:00.000Z', now)).toBe('3mo');
    expect(compactTime('2024-11-01T12:00:00.000Z', now)).toBe('2y');
    expect(compactTime('2026-11-22T12:05:00.000Z', now)).toBe('in 5m');
    expect(relativeTime('2026-11-22T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-19T12:00:00.000Z', now)).toBe('3 days ago');
    expect(relativeTime('not a date', now)).toBe('not a date');
  });
});
