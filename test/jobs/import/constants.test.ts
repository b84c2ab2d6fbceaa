// --set (src/jobs/import/constants.ts) and the entry rules (src/jobs/import/entries.ts), as units.
import { describe, expect, it } from 'vitest';
import { constantsFor, parseSets } from '../../../src/jobs/import/constants.js';
import { entryProblems, nameProblem } from '../../../src/jobs/import/entries.js';
import { matchHeaders } from '../../../src/csv/match-headers.js';

describe('--set', () => {
  it('parses path=value (the value may hold =), refuses a bad or repeated entry', () => {
    expect(parseSets(['emails.0.label=Work', 'bio=a=b'])).toEqual([
      ['emails.0.label', 'Work'],
      ['bio', 'a=b'],
    ]);
    expect(() => parseSets(['title'])).toThrow(/expected path=value/);
    expect(() => parseSets(['=x'])).toThrow(/expected path=value/);
    expect(() => parseSets(['title='])).toThrow(/expected path=value/);
    expect(() => parseSets(['title=a', 'title=b'])).toThrow(/given twice/);
  });

  it('appends a constant no column names; fills the empty cells of one that does; stray cells stay last', () => {
    const c = constantsFor(
      ['externalId', 'Label'],
      ['externalId', 'emails.0.label'],
      [
        ['emails.0.label', 'Work'],
        ['title', 'Engineer'],
      ],
    );
    expect(c.header).toEqual(['externalId', 'Label', 'title']);
    expect(c.row(['A', 'Home'])).toEqual(['A', 'Home', 'Engineer']);
    expect(c.row(['B', ''])).toEqual(['B', 'Work', 'Engineer']);
    expect(c.row(['C'])).toEqual(['C', 'Work', 'Engineer']);
    expect(c.row(['D', '', 'stray'])).toEqual(['D', 'Work', 'Engineer', 'stray']);
  });
});

describe('list entries and names', () => {
  const rules = [
    {
      entry: 'emails.0',
      columns: [0, 1],
      needs: [
        { prop: 'label', column: -1 },
        { prop: 'value', column: 1 },
      ],
    },
  ];
  it('an entry the row gives needs each prop; an entry it leaves empty needs none', () => {
    expect(entryProblems(rules, ['', ''])).toEqual([]);
    expect(entryProblems(rules, ['', 'a@x.example'])[0]).toMatch(
      /^emails\.0\.label is required.*--set emails\.0\.label=/,
    );
    expect(entryProblems([{ ...rules[0], needs: [{ prop: 'value', column: 1 }] }], ['Work', ' '])).toEqual([
      'emails.0.value is blank',
    ]);
  });
  it('a name: at most 200 characters, not blank', () => {
    expect(nameProblem('Ada')).toBeUndefined();
    expect(nameProblem('x'.repeat(201))).toMatch(/201 characters; at most 200/);
    expect(nameProblem('  ')).toBe('name is blank');
  });
});

describe('matchHeaders with labels', () => {
  it("a label matches loosely; a name's own loose form comes first; a label two names share matches neither", () => {
    const m = matchHeaders(
      ['Job Title', 'Label', 'Title Text', 'first name'],
      ['title', 'firstName', 'emails.0.label', 'phones.0.label'],
      undefined,
      [
        ['Job title', 'title'],
        ['Label', 'emails.0.label'],
        ['Label', 'phones.0.label'],
        ['First name', 'lastName'],
      ],
    );
    expect(m.names).toEqual(['title', 'Label', 'Title Text', 'firstName']);
    expect(m.notes).toEqual(['"Job Title" → title', '"first name" → firstName']);
  });
});
