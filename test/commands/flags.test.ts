// One way to check a flag: flagParser() turns a rule into a commander argParser. The table gives each
// parser's accepted values (and what they become) and each refusal with the exact text users see.
import { Command, InvalidArgumentError, type Option } from 'commander';
import { describe, expect, test } from 'vitest';
import {
  flagParser,
  intIn,
  numberIn,
  numberParser,
  parseIdempotencyKey,
  parseName,
  parseSearch,
  parseShortCode,
  parseUrl,
  positiveAtMost,
  positiveNumber,
} from '../../src/commands/flags.js';
import { buildDeps } from '../../src/deps.js';
import { inputOf } from '../helpers/run-cli.js';
import { hintOf } from '../../src/help/annotations.js';
import { createProgram } from '../../src/program.js';

type Parser = (value: string) => unknown;
const s = (n: number, c = 'x') => c.repeat(n);
const shown = (v: string) => (v.length > 40 ? `${v.slice(0, 12)}… (${v.length})` : v);

/** The parser's refusal text, or its value. */
function parse(parser: Parser, value: string): unknown {
  try {
    return parser(value);
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidArgumentError);
    return `refused: ${(e as Error).message}`;
  }
}

describe('flagParser', () => {
  const even = (v: string) => (v.length % 2 ? 'has an odd length' : undefined);
  test('keeps a value the rule accepts, unchanged', () => {
    expect(flagParser(even)('ab')).toBe('ab');
    expect(flagParser(even)('')).toBe('');
  });
  test("refuses with the rule's problem and a period (commander's sentence)", () => {
    expect(parse(flagParser(even), 'abc')).toBe('refused: has an odd length.');
  });
  test('describe words the problem, with the value', () => {
    expect(
      parse(
        flagParser(even, (p, v) => `"${v}" ${p}`),
        'abc',
      ),
    ).toBe('refused: "abc" has an odd length.');
  });
  test('numberParser: the checked text as a number', () => {
    expect(numberParser(() => undefined)('2.5')).toBe(2.5);
    expect(
      parse(
        numberParser(() => 'no'),
        '1',
      ),
    ).toBe('refused: no.');
  });
});

describe.each([
  [
    'intIn(1, 100)',
    intIn(1, 100),
    [
      ['1', 1],
      ['100', 100],
      [' 42 ', 42],
    ],
    [
      ['0', 'must be from 1 to 100.'],
      ['101', 'must be from 1 to 100.'],
      ['-1', 'must be from 1 to 100.'],
      ['ten', 'expected a whole number from 1 to 100.'],
      ['1.5', 'expected a whole number from 1 to 100.'],
      ['', 'expected a whole number from 1 to 100.'],
    ],
  ],
  [
    'intIn(0, 20)',
    intIn(0, 20),
    [
      ['0', 0],
      ['20', 20],
    ],
    [
      ['21', 'must be from 0 to 20.'],
      ['-0x1', 'expected a whole number from 0 to 20.'],
    ],
  ],
  [
    'positiveNumber',
    positiveNumber,
    [
      ['1', 1],
      ['0.5', 0.5],
      ['120', 120],
    ],
    [
      ['0', 'expected a number greater than 0.'],
      ['-3', 'expected a number greater than 0.'],
      ['', 'expected a number greater than 0.'],
      ['fast', 'expected a number greater than 0.'],
      ['Infinity', 'expected a number greater than 0.'],
    ],
  ],
  [
    'positiveAtMost(3600)',
    positiveAtMost(3600),
    [
      ['30', 30],
      ['3600', 3600],
      ['0.1', 0.1],
    ],
    [
      ['3601', 'must be at most 3600.'],
      ['0', 'expected a number greater than 0.'],
    ],
  ],
  [
    'numberIn(0, 1)',
    numberIn(0, 1),
    [
      ['0', 0],
      ['1', 1],
      ['0.05', 0.05],
    ],
    [
      ['1.5', 'expected a number from 0 to 1.'],
      ['-0.1', 'expected a number from 0 to 1.'],
      ['', 'expected a number from 0 to 1.'],
      ['half', 'expected a number from 0 to 1.'],
    ],
  ],
  [
    'parseName',
    parseName,
    [
      ['x', 'x'],
      [s(200), s(200)],
    ],
    [
      ['', 'the name must not be empty (1 to 200 characters).'],
      [s(201), 'the name is 201 characters; at most 200 allowed (1 to 200 characters).'],
    ],
  ],
  [
    'parseShortCode',
    parseShortCode,
    [
      ['booth-2026', 'booth-2026'],
      [s(100, 'c'), s(100, 'c')],
    ],
    [
      [
        'login',
        '"login" is a word the platform reserves (letters, digits and hyphens, up to 100, not a reserved word).',
      ],
      [
        'a b',
        '"a b" may contain only letters, digits and hyphens (letters, digits and hyphens, up to 100, not a reserved word).',
      ],
      [
        s(101, 'a'),
        `"${s(101, 'a')}" is 101 characters; at most 100 allowed (letters, digits and hyphens, up to 100, not a reserved word).`,
      ],
    ],
  ],
  [
    'parseUrl',
    parseUrl,
    [['https://bistro.example/menu', 'https://bistro.example/menu']],
    [
      ['ftp://example.com/x', '"ftp://example.com/x" is not a full http(s) URL, e.g. https://example.com/menu.'],
      ['https://', '"https://" is not a full http(s) URL, e.g. https://example.com/menu.'],
    ],
  ],
  [
    'parseSearch',
    parseSearch,
    [
      ['laurent', 'laurent'],
      [s(200), s(200)],
    ],
    [[s(201), 'at most 200 characters (got 201).']],
  ],
  [
    'parseIdempotencyKey',
    parseIdempotencyKey,
    [
      ['hris-EMP-1001', 'hris-EMP-1001'],
      [s(255, 'k'), s(255, 'k')],
    ],
    [
      ['', 'must be 1 to 255 characters.'],
      [s(256, 'k'), 'must be 1 to 255 characters.'],
    ],
  ],
] as Array<[string, Parser, Array<[string, unknown]>, Array<[string, string]>]>)('%s', (_name, parser, good, bad) => {
  test.each(good.map(([v, out]) => [shown(v), v, out]))('accepts %j', (_shown, value, out) => {
    expect(parse(parser, value)).toEqual(out);
  });
  test.each(bad.map(([v, text]) => [shown(v), v, text]))('refuses %j', (_shown, value, text) => {
    expect(parse(parser, value)).toBe(`refused: ${text}`);
  });
});

describe('--idempotency-key (every write that takes one: one field of the model)', () => {
  const create = ['qr', 'create', '--name', 'x', '--url', 'https://example.com'];
  async function run(argv: string[]): Promise<{ key?: unknown; error?: string }> {
    const r = await inputOf([...create, ...argv]);
    return r.input ? { key: r.input.idempotencyKey } : { error: r.stderr };
  }

  test('one flag, one help text', async () => {
    const { NOUNS } = await import('../../src/commands/manifest.js');
    const nouns = await Promise.all(Object.values(NOUNS).map(async (load) => (await load()).node));
    const writes = nouns
      .flatMap(function all(n): Array<typeof n> {
        return [n, ...(n.commands ?? []).flatMap(all)];
      })
      .flatMap((n) => (n.options ?? []).filter((o) => o.key === 'idempotencyKey').map((o) => [o.flags, o.help]));
    expect(writes.length).toBeGreaterThanOrEqual(5);
    expect(new Set(writes.map((w) => w.join(' | ')))).toEqual(
      new Set([
        '--idempotency-key <key> | Idempotency-Key for this write, up to 255 characters; reuse it to retry safely (default: random)',
      ]),
    );
  });
  test.each([
    [[], undefined],
    [['--idempotency-key', 'k-1'], 'k-1'],
    [['--idempotency-key', s(255, 'k')], s(255, 'k')],
  ] as Array<[string[], string | undefined]>)('accepts %j', async (argv, key) => {
    expect(await run(argv)).toEqual({ key });
  });
  test.each([[''], [s(256, 'k')]])('refuses %j as commander words it', async (key) => {
    expect(await run(['--idempotency-key', key])).toEqual({
      error: `error: option '--idempotency-key <key>' argument '${key}' is invalid. must be 1 to 255 characters.\n`,
    });
  });
});

describe('repeatable flags', () => {
  test('a repeatable flag collects every value in order and is marked for completion', async () => {
    const r = await inputOf(['campaigns', 'import', 'cmp_1', 'f.csv', '--map', 'A=x', '--map', 'B=y']);
    expect(r.input?.map).toEqual(['A=x', 'B=y']);
  });

  test('every flag of the program that collects its values is declared repeatable (completion offers it again)', async () => {
    const program = await createProgram(buildDeps({ io: {} as never, env: {}, readStdin: async () => '' }));
    const options = (c: Command): Array<[string, Option]> => [
      ...c.options.map((o): [string, Option] => [`${c.name()} ${o.long ?? o.short}`, o]),
      ...c.commands.flatMap(options),
    ];
    const all = options(program);
    // A collector: given a value and the earlier ones, it returns the list of both (an inline
    // `(v, all = []) => [...all, v]` as well as the model's).
    const collects = (o: Option) => {
      try {
        const r = o.parseArg?.('b', ['a'] as never) as unknown;
        return Array.isArray(r) && r.length === 2 && r[1] === 'b';
      } catch {
        return false;
      }
    };
    const collectors = all.filter(([, o]) => collects(o));
    expect(collectors.map(([name]) => name)).toEqual(
      expect.arrayContaining(['apply --map', 'import --map', 'print --font']),
    );
    expect(collectors.filter(([, o]) => !hintOf(o).repeatable).map(([name]) => name)).toEqual([]);
  });
});
