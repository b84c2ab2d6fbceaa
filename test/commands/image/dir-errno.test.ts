// Where images are saved cannot be made: the error names the real cause (a file in the way is ENOTDIR,
// though a recursive mkdir says EEXIST), before any image is requested.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();

describe('-d that cannot be a directory', () => {
  it.each([
    ['a file at the path', (f: string) => f],
    ['a file as a parent', (f: string) => join(f, 'sub')],
  ])('%s: exit 2, ENOTDIR named, nothing requested', async (_name, dirOf) => {
    const file = join(tempDir(), 'taken');
    writeFileSync(file, 'x');
    const r = await runCli(['image', 'qr_001', 'qr_002', '-d', dirOf(file)], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/cannot create the directory \(ENOTDIR: a file is in the way\)/);
    expect(r.stderr).not.toMatch(/EEXIST/);
    expect(emu.requests()).toHaveLength(0);
  });

  it('print: a file where the image cache goes is refused by name (exit 1)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, '.p.pdf.cardqr-print'), 'x');
    const r = await runCli(['print', 'qr_001', '--sheet', 'L7163', '-O', join(dir, 'p.pdf')], { emu });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/image cache .*: it is not a directory/);
  });
});
