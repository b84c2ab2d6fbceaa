// fs/durable.ts replaceFile: the one atomic whole-file write (state, reports, ledger, profiles, print,
// api -O, images), here its no-clobber form (`cardqr image` without --force).
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replaceFile } from '../../src/fs/durable.js';
import { tempDir } from '../helpers/run-cli.js';

describe('replaceFile', () => {
  it('noClobber never replaces, and leaves no temporary file either way', async () => {
    const dir = tempDir();
    const path = join(dir, 'a.png');
    expect(await replaceFile(path, Buffer.from('first'), { mode: 0o644, noClobber: true })).toBe(true);
    expect(await replaceFile(path, Buffer.from('second'), { mode: 0o644, noClobber: true })).toBe(false);
    expect(readFileSync(path, 'utf8')).toBe('first');
    expect(await replaceFile(path, Buffer.from('third'), { mode: 0o644 })).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('third');
    await expect(replaceFile(join(dir, 'missing', 'b.png'), Buffer.from('x'), { noClobber: true })).rejects.toThrow(
      /cannot write .*b\.png: ENOENT/,
    );
    expect(readdirSync(dir)).toEqual(['a.png']);
  });

  it('a new file gets the mode asked for; forceMode also for a file replaced', async () => {
    const dir = tempDir();
    const path = join(dir, 'x.svg');
    writeFileSync(path, 'old');
    chmodSync(path, 0o600);
    await replaceFile(path, 'new', { mode: 0o644 });
    expect(statSync(path).mode & 0o777).toBe(0o600); // an existing file keeps its own mode
    await replaceFile(path, 'newer', { mode: 0o644, forceMode: true });
    expect(statSync(path).mode & 0o777).toBe(0o644);
    await replaceFile(join(dir, 'y.svg'), 'y', { mode: 0o644, noClobber: true });
    expect(statSync(join(dir, 'y.svg')).mode & 0o777).toBe(0o644);
  });

  it('noClobber refuses nothing it would not have written: a directory in the way is "exists", untouched', async () => {
    const dir = tempDir();
    expect(await replaceFile(dir, 'x', { noClobber: true })).toBe(false);
    expect(statSync(dir).isDirectory()).toBe(true);
  });
});
