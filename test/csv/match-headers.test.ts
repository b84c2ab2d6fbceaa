import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looseName, matchHeaders, parseColumnMap, sniffDelimiter } from '../../src/csv/match-headers.js';
import { UsageError } from '../../src/errors.js';
import { tempDir } from '../helpers/run-cli.js';

describe('matchHeaders', () => {
  it('exact names stay; loose ones are matched and noted; a loose form two names share is left alone', () => {
    expect(looseName(' First-Name_x.y ')).toBe('firstnamexy');
    const m = matchHeaders(['shortCode', 'Short Code', 'AB', ''], ['shortCode', 'a.b', 'ab']);
    expect(m.names).toEqual(['shortCode', 'shortCode', 'AB', '']);
    expect(m.notes).toEqual(['"Short Code" → shortCode']);
  });

  it('--map wins over everything, and names what it maps', () => {
    const m = matchHeaders(['name'], ['name', 'title'], new Map([['name', 'title']]));
    expect(m).toEqual({ names: ['title'], notes: ['"name" → title (--map)'] });
  });
});

describe('parseColumnMap', () => {
  it('reads entries and a file (comments, blank lines, spaces around =); the last = splits', async () => {
    const file = join(tempDir(), 'map.txt');
    writeFileSync(file, '# comment\n\nE-mail = emails.0.value\r\nA=B=c\n');
    expect([...(await parseColumnMap(['Phone=phones.0.value'], file))]).toEqual([
      ['Phone', 'phones.0.value'],
      ['E-mail', 'emails.0.value'],
      ['A=B', 'c'],
    ]);
  });

  it.each([['nothing'], ['=x'], ['x='], ['   =   ']])('refuses %j with a one-line usage error', async (entry) => {
    await expect(parseColumnMap([entry])).rejects.toThrow(UsageError);
  });

  it('refuses one column mapped to two names, a file it cannot read, a FIFO and a file past 1 MiB', async () => {
    await expect(parseColumnMap(['a=b', 'a=c'])).rejects.toThrow(/mapped twice/);
    expect((await parseColumnMap(['a=b', 'a=b'])).size).toBe(1);
    await expect(parseColumnMap([], join(tempDir(), 'none.txt'))).rejects.toThrow(/cannot read it \(ENOENT\)/);
    const dir = tempDir();
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    await expect(parseColumnMap([], join(dir, 'fifo'))).rejects.toThrow(UsageError); // refused, never blocks
    writeFileSync(join(dir, 'big.txt'), 'a=b\n'.repeat(300_000));
    await expect(parseColumnMap([], join(dir, 'big.txt'))).rejects.toThrow(UsageError);
  });
});

describe('sniffDelimiter', () => {
  it('a one-column header holding ; tab or | (the most frequent); otherwise none', () => {
    expect(sniffDelimiter(['a;b;c'])).toBe(';');
    expect(sniffDelimiter(['a\tb\tc|d'])).toBe('\t');
    expect(sniffDelimiter(['a|b'])).toBe('|');
    expect(sniffDelimiter(['abc'])).toBeUndefined();
    expect(sniffDelimiter(['a;b', 'c'])).toBeUndefined(); // read as two columns already: commas
  });
});
