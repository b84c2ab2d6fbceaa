// Which noun a run defines whole (src/program.ts, nounOf): only the one its argv names, else all.
import { describe, expect, it } from 'vitest';
import { buildDeps } from '../src/deps.js';
import { createProgram, nounOf, valueFlags } from '../src/program.js';

const program = await createProgram(buildDeps({ io: {} as never, env: {}, readStdin: async () => '' }));

describe('nounOf', () => {
  it.each([
    [['me'], 'me'],
    [['me', '-o', 'json'], 'me'],
    [['cards', 'list', '--all'], 'cards'],
    [['--profile', 'me', 'cards', 'list'], 'cards'], // a flag's value is not the group
    [['-o', 'json', 'qr', 'list'], 'qr'],
    [['--profile=prod', '-q', 'leads', 'export'], 'leads'],
    [['--timeout', '5', '--max-retries', '0', 'me'], 'me'],
    [['__complete', 'profiles'], '__complete'],
    [[], undefined], // the overview lists every group
    [['--verbose'], undefined],
    [['help', 'cards'], undefined], // help and completion walk the tree
    [['completion', 'bash'], undefined],
    [['card', 'list'], undefined], // unknown: every group, so commander can suggest `cards`
    [['--', 'me'], undefined],
    [['--bogus', 'value', 'me'], undefined], // an unknown flag's value is no group: all, and commander says why
    [['status'], 'status'],
    [['--profile', 'local', 'status'], 'status'],
    [['__man'], undefined], // the man page walks the tree
    [['help', 'topics'], undefined],
  ])('%j → %s', (argv, group) => {
    expect(nounOf(argv, valueFlags(program))).toBe(group);
  });
});

describe('valueFlags', () => {
  it('reads every root flag that takes a value from the root itself (else `--that-flag me cards list` would define only `me`)', () => {
    expect([...valueFlags(program)].sort()).toEqual(
      [
        '--profile',
        '--base-url',
        '-o',
        '--output',
        '--fields',
        '--query',
        '--timeout',
        '--max-retries',
        '--csv-dialect',
        '--csv-delimiter',
      ].sort(),
    );
  });
});
