// The API's limits as pure rules: each returns the problem as text, or undefined when the value may be sent.
import { describe, expect, test } from 'vitest';
import {
  campaignBodyProblem,
  closest,
  idempotencyKeyProblem,
  nameProblem,
  searchProblem,
  shortCodeProblem,
  urlProblem,
} from '../../src/api/rules.js';

const s = (n: number, c = 'x') => c.repeat(n);

describe.each([
  [
    'nameProblem',
    nameProblem,
    ['x', 'Ada Lovelace', s(200), ' a '],
    [
      ['', 'must not be empty'],
      ['   ', 'must not be empty'],
      [s(201), 'is 201 characters; at most 200 allowed'],
    ],
  ],
  [
    'shortCodeProblem',
    shortCodeProblem,
    ['a', 'ada-lovelace', 'Booth-2026', s(100, 'c'), 'login-2', 'helpdesk'],
    [
      [s(101, 'a'), 'is 101 characters; at most 100 allowed'],
      ['', 'may contain only letters, digits and hyphens'],
      ['a b', 'may contain only letters, digits and hyphens'],
      ['a_b', 'may contain only letters, digits and hyphens'],
      ['café', 'may contain only letters, digits and hyphens'],
      ['login', 'is a word the platform reserves'],
      ['DASHBOARD', 'is a word the platform reserves'],
      ['Api', 'is a word the platform reserves'],
      ['pricing', 'is a word the platform reserves'],
      ['help', 'is a word the platform reserves'],
    ],
  ],
  [
    'urlProblem',
    urlProblem,
    ['https://example.com', 'http://a.example/menu?x=1', 'HTTPS://EXAMPLE.COM/'],
    [
      ['example.com/menu', 'is not a full http(s) URL'],
      ['ftp://example.com/x', 'is not a full http(s) URL'],
      ['https://', 'is not a full http(s) URL'],
      ['https://bistro example', 'is not a full http(s) URL'],
      ['', 'is not a full http(s) URL'],
    ],
  ],
  [
    'idempotencyKeyProblem',
    idempotencyKeyProblem,
    ['k', 'hris-EMP-1001', s(255, 'k')],
    [
      ['', 'must be 1 to 255 characters'],
      [s(256, 'k'), 'must be 1 to 255 characters'],
      ['a\nb', 'must be visible ASCII characters (letters, digits, punctuation; no spaces): it holds "\\n"'],
      ['café', 'must be visible ASCII characters (letters, digits, punctuation; no spaces): it holds "é"'],
    ],
  ],
  [
    'searchProblem',
    (v: string) => searchProblem(v),
    ['', 'laurent', s(200)],
    [[s(201), 'at most 200 characters (got 201)']],
  ],
] as Array<[string, (v: string) => string | undefined, string[], Array<[string, string]>]>)(
  '%s',
  (_name, rule, good, bad) => {
    test.each(good.map((v) => [v.length > 40 ? `${v.slice(0, 12)}… (${v.length})` : v, v]))(
      'accepts %j',
      (_shown, value) => {
        expect(rule(value)).toBeUndefined();
      },
    );
    test.each(bad.map(([v, text]) => [v.length > 40 ? `${v.slice(0, 12)}… (${v.length})` : v, v, text]))(
      'refuses %j',
      (_shown, value, text) => {
        expect(rule(value)).toBe(text);
      },
    );
  },
);

describe('searchProblem with another maximum', () => {
  test.each([
    ['abc', 3, undefined],
    ['abcd', 3, 'at most 3 characters (got 4)'],
  ] as const)('%j at most %i', (value, max, text) => {
    expect(searchProblem(value, max)).toBe(text);
  });
});

describe('campaignBodyProblem', () => {
  // {"a":"…"} is 8 bytes of JSON around the string.
  test.each([
    [{}, undefined],
    [{ a: s(1_000_000 - 8) }, undefined],
    [
      { a: s(1_000_000 - 7) },
      'the record is 1000001 bytes as JSON; a campaign request body is at most 1000000 bytes (1 MB)',
    ],
    // bytes, not characters: é is 2 bytes in UTF-8
    [
      { a: s(500_000, 'é') },
      'the record is 1000008 bytes as JSON; a campaign request body is at most 1000000 bytes (1 MB)',
    ],
  ] as Array<[unknown, string | undefined]>)('%#', (body, text) => {
    expect(campaignBodyProblem(body)).toBe(text);
  });
});

describe('closest (did-you-mean)', () => {
  test.each([
    ['lastname', ['firstName', 'lastName'], 'lastName'],
    ['compnay', ['company', 'title'], 'company'],
    ['zzzzzz', ['company', 'title'], undefined],
  ] as Array<[string, string[], string | undefined]>)('%s', (word, known, near) => {
    expect(closest(word, known)).toBe(near);
  });
});
