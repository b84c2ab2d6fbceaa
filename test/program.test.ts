// Which command group a run defines (src/program.ts, groupOf): only the one its argv names, else all.
import { describe, expect, it } from 'vitest';
import { groupOf } from '../src/program.js';

describe('groupOf', () => {
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
  ])('%j → %s', (argv, group) => {
    expect(groupOf(argv)).toBe(group);
  });
});
