// Issue 34, class 5: an image answer whose bytes are not what its Content-Type says (the emulator's
// `not_image` fault: an HTML page with the image's headers) is an unexpected response: exit 1, one line,
// nothing written, for every format the spec lists for the image endpoint.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();

describe('cardqr image: bytes that are not an image', () => {
  it.each(['png', 'svg', 'pdf', 'jpeg', 'webp'])('%s: exit 1, one line, nothing saved', async (format) => {
    const dir = tempDir();
    emu.injectFaults([{ kind: 'not_image', path: '/qr-codes/qr_roboconf/image' }]);
    const r = await runCli(['image', 'qr_roboconf', '-f', format, '-d', dir], { emu });
    expect([r.exitCode, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toMatch(/^error: .*image.*not (a|an) /);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('-O - writes nothing to standard output; -O file leaves no file', async () => {
    emu.injectFaults([{ kind: 'not_image', path: '/qr-codes/qr_roboconf/image', times: 2 }]);
    const out = await runCli(['image', 'qr_roboconf', '-O', '-'], { emu });
    expect([out.exitCode, out.stdout]).toEqual([1, '']);
    const dir = tempDir();
    const file = await runCli(['image', 'qr_roboconf', '-O', join(dir, 'x.png')], { emu });
    expect(file.exitCode).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('in a batch the bad image fails alone; the others are saved (exit 7)', async () => {
    const dir = tempDir();
    emu.injectFaults([{ kind: 'not_image', path: '/qr-codes/qr_roboconf/image' }]);
    const r = await runCli(['image', 'qr_roboconf', 'crd_amelie', '-d', dir], { emu });
    expect(r.exitCode).toBe(7);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(r.stderr).toContain('not a PNG file');
  });
});
