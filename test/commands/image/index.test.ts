import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from '../../../src/api/images.js';
import { serializeCard, serializeQrCode } from '../../../src/emulator/serialize.js';
import { useEmulator } from '../../helpers/emulator.js';
import { decodeImage, pngRaster } from '../../helpers/qr-decode.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();

const urlOf = (id: string): string => {
  const qr = emu.store.qrCode('acc_acme', id);
  if (qr) return serializeQrCode(emu.store, qr).url;
  return serializeCard(emu.store, emu.store.card('acc_acme', id)!).url;
};
const imageRequests = () => emu.requests({ path: /\/image$/ });
const files = (dir: string) => readdirSync(dir).sort();

describe('cardqr image: one id', () => {
  it.each(
    ['png', 'svg', 'pdf', 'jpeg', 'webp'].flatMap((format) =>
      ['crd_amelie', 'qr_roboconf'].flatMap((id) => [200, 640].map((size) => ({ format, id, size }))),
    ),
  )('$format of $id at $size px decodes to the object url', async ({ format, id, size }) => {
    const dir = tempDir();
    const r = await runCli(['image', id, '-f', format, '--size', String(size), '-d', dir], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    const [name] = files(dir);
    expect(r.stdout).toBe(`${join(dir, name)}\n`);
    const shortCode = (emu.store.qrCode('acc_acme', id) ?? emu.store.card('acc_acme', id))!.shortCode;
    expect(name).toBe(`${shortCode}.${format === 'jpeg' ? 'jpg' : format}`);
    expect(await decodeImage(format, readFileSync(join(dir, name)))).toBe(urlOf(id));
    expect(imageRequests()[0].query).toEqual({ format, size: String(size) });
  });

  it('-O file writes exactly there; the format follows the extension', async () => {
    const dir = tempDir();
    const out = join(dir, 'booth.svg');
    const r = await runCli(['image', 'qr_support', '-O', out], { emu });
    expect([r.exitCode, r.stdout, r.stderr]).toEqual([0, `${out}\n`, '']);
    expect(imageRequests()[0].query.format).toBe('svg');
    expect(await decodeImage('svg', readFileSync(out))).toBe(urlOf('qr_support'));
    expect(files(dir)).toEqual(['booth.svg']);
  });

  it('-O - writes the bytes to a non-terminal stdout and nothing else', async () => {
    const r = await runCli(['image', 'crd_kenji', '-f', 'svg', '-O', '-'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(r.stdout.startsWith('<?xml')).toBe(true);
    expect(await decodeImage('svg', Buffer.from(r.stdout))).toBe(urlOf('crd_kenji'));
  });

  it('-O - refuses a terminal (exit 2, nothing sent)', async () => {
    const r = await runCli(['image', 'crd_kenji', '-O', '-'], { emu, tty: true });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/refusing to write image bytes to a terminal/);
    expect(emu.requests()).toHaveLength(0);
  });

  it('--transparent png has an alpha channel with a clear background', async () => {
    const dir = tempDir();
    const r = await runCli(['image', 'qr_support', '--transparent', '-d', dir], { emu });
    expect(r.exitCode).toBe(0);
    const raster = pngRaster(readFileSync(join(dir, 'acme-support.png')));
    expect(raster.colorType).toBe(6);
    expect(raster.data[3]).toBe(0);
    expect(imageRequests()[0].query).toEqual({ format: 'png', size: '512', transparent: 'true' });
  });

  it('refuses to overwrite -O file without --force (exit 2, nothing sent), replaces it with --force', async () => {
    const out = join(tempDir(), 'code.png');
    writeFileSync(out, 'keep me');
    const r = await runCli(['image', 'qr_support', '-O', out], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/refusing to overwrite .*code\.png: it exists \(use --force/);
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    expect(emu.requests()).toHaveLength(0);
    const forced = await runCli(['image', 'qr_support', '-O', out, '--force'], { emu });
    expect(forced.exitCode).toBe(0);
    expect(await decodeImage('png', readFileSync(out))).toBe(urlOf('qr_support'));
  });

  it('refuses to overwrite the suggested file of a single id (exit 2)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'acme-support.png'), 'keep me');
    const r = await runCli(['image', 'qr_support', '-d', dir], { emu });
    expect([r.exitCode, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/refusing to overwrite .*acme-support\.png/);
    expect(files(dir)).toEqual(['acme-support.png']);
    expect(readFileSync(join(dir, 'acme-support.png'), 'utf8')).toBe('keep me');
  });

  it('an unknown id exits 4 with the API error', async () => {
    const r = await runCli(['image', 'qr_nope', '-d', tempDir()], { emu });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/^error: resource_not_found \(404\)/);
  });

  it('-q prints nothing; --verbose shows bytes and time per image', async () => {
    const dir = tempDir();
    const q = await runCli(['image', 'qr_support', '-d', dir, '-q'], { emu });
    expect([q.exitCode, q.stdout, q.stderr]).toEqual([0, '', '']);
    const v = await runCli(['image', 'crd_amelie', '-d', dir, '--verbose'], { emu });
    expect(v.exitCode).toBe(0);
    expect(v.stderr).toMatch(/crd_amelie → .*amelie[^ ]*\.png {2}[\d,]+ bytes {2}\d+ ms/);
  });
});

describe('cardqr image: several ids', () => {
  it('reads ids from stdin (blank lines ignored) into -d, created if missing', async () => {
    const dir = join(tempDir(), 'qr', 'print');
    const r = await runCli(['image', '-', '-d', dir], { emu, stdin: '\ufeffqr_support\n\n  crd_amelie \r\n\n' });
    expect(r.exitCode).toBe(0);
    const names = files(dir);
    expect(names).toHaveLength(2);
    expect(r.stdout.trim().split('\n').sort()).toEqual(names.map((n) => join(dir, n)));
    expect(r.stderr).toBe('2 saved, 0 skipped, 0 failed (2 ids)\n');
    for (const id of ['qr_support', 'crd_amelie']) {
      const shortCode = (emu.store.qrCode('acc_acme', id) ?? emu.store.card('acc_acme', id))!.shortCode;
      expect(await decodeImage('png', readFileSync(join(dir, `${shortCode}.png`)))).toBe(urlOf(id));
    }
  });

  it('an empty stdin list is a usage error', async () => {
    const r = await runCli(['image', '-', '-d', tempDir()], { emu, stdin: '\n \n' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/no ids on standard input/);
    expect(emu.requests()).toHaveLength(0);
  });

  it('reads ids as every many-id command does (commands/ids.ts): an id given twice is fetched once; too many are refused', async () => {
    const dir = tempDir();
    emu.clearRequests();
    const r = await runCli(['image', 'qr_support', '-', 'qr_support', '-d', dir], {
      emu,
      stdin: 'crd_amelie\nqr_support\n',
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(files(dir)).toHaveLength(2);
    expect(r.stderr).toBe('2 saved, 0 skipped, 0 failed (2 ids)\n');
    const many = Array.from({ length: 10_001 }, (_, i) => `qr_${i}`).join('\n');
    emu.clearRequests();
    const big = await runCli(['image', '-', '-d', tempDir()], { emu, stdin: many });
    expect(big.exitCode).toBe(2);
    expect(big.stderr).toMatch(/10001 ids: at most 10000 in one run/);
    expect(emu.requests()).toHaveLength(0);
  });

  it('a mixed batch with one unknown id saves the others and exits 7', async () => {
    const dir = tempDir();
    const r = await runCli(['image', 'qr_support', 'qr_nope', 'crd_zoe', '-f', 'webp', '-d', dir], { emu });
    expect(r.exitCode).toBe(7);
    expect(files(dir)).toHaveLength(2);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(
      /^error: 2 saved, 0 skipped, 1 failed \(3 ids\)\n {2}failed {2}qr_nope: resource_not_found \(404\)/,
    );
    for (const name of files(dir)) expect(await decodeImage('webp', readFileSync(join(dir, name)))).toMatch(/^http/);
  });

  it('skips existing files (never overwrites), saves the rest, exit 0; --force replaces', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'acme-support.png'), 'keep me');
    const r = await runCli(['image', 'qr_support', 'crd_amelie', '-d', dir], { emu });
    expect(r.exitCode).toBe(0);
    expect(readFileSync(join(dir, 'acme-support.png'), 'utf8')).toBe('keep me');
    expect(r.stdout).not.toMatch(/acme-support/);
    expect(r.stderr).toMatch(
      /1 saved, 1 skipped, 0 failed \(2 ids\)\n {2}skipped qr_support: .*acme-support\.png exists \(use --force/,
    );
    const forced = await runCli(['image', 'qr_support', 'crd_amelie', '-d', dir, '--force'], { emu });
    expect(forced.exitCode).toBe(0);
    expect(await decodeImage('png', readFileSync(join(dir, 'acme-support.png')))).toBe(urlOf('qr_support'));
  });

  it('leaves no temporary files and only complete images; a failed write cleans its temp file', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'acme-support.png', 'inside'), { recursive: true }); // a directory where the file goes
    const r = await runCli(['image', 'qr_support', 'crd_amelie', 'qr_careers', '-d', dir, '--force'], { emu });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/failed {2}qr_support: cannot write .*acme-support\.png/);
    expect(files(dir)).toEqual(['acme-careers.png', 'acme-support.png', 'amelie-laurent.png'].sort());
    expect(statSync(join(dir, 'acme-support.png')).isDirectory()).toBe(true);
    for (const [id, name] of [
      ['crd_amelie', 'amelie-laurent.png'],
      ['qr_careers', 'acme-careers.png'],
    ]) {
      const bytes = readFileSync(join(dir, name));
      expect(await decodeImage('png', bytes)).toBe(urlOf(id));
    }
  });

  it('a duplicate id is fetched once (the ids are de-duplicated as they are read)', async () => {
    const dir = tempDir();
    const r = await runCli(['image', 'qr_support', 'qr_support', '-d', dir], { emu });
    expect(r.exitCode).toBe(0);
    expect(imageRequests()).toHaveLength(1);
    expect(r.stderr).toBe('1 saved, 0 skipped, 0 failed (1 id)\n');
  });

  it('stops at a key problem that would fail every id (exit 3)', async () => {
    const dir = tempDir();
    const r = await runCli(['image', 'qr_support', 'crd_amelie', '-d', dir], { emu, key: emu.keys.revoked });
    expect(r.exitCode).toBe(3);
    expect(imageRequests()).toHaveLength(1);
    expect(r.stderr).toMatch(/0 saved, 0 skipped, 0 failed, 2 not attempted \(2 ids\)/);
    expect(files(dir)).toEqual([]);
  });

  it('shows progress on a terminal and nothing of it otherwise', async () => {
    const tty = await runCli(['image', 'qr_support', 'crd_amelie', '-d', tempDir()], { emu, tty: { stderr: true } });
    expect(tty.stderr).toContain('[1/2] ');
    expect(tty.stderr).toContain('[2/2] ');
    const plain = await runCli(['image', 'qr_support', 'crd_amelie', '-d', tempDir()], { emu });
    expect(plain.stderr).not.toContain('[1/2]');
  });

  it('Ctrl-C stops between images: exit 130, a summary, complete files and no temp files', async () => {
    const dir = tempDir();
    const ids = ['qr_support', 'crd_amelie', 'crd_kenji', 'crd_zoe', 'qr_careers', 'crd_jose'];
    const firstImage = new Promise<void>((resolve) => {
      const poll = () => (imageRequests().length ? resolve() : setImmediate(poll));
      poll();
    });
    const r = await runCli(['image', ...ids, '-d', dir], { emu, interruptAfter: firstImage });
    expect(r.exitCode).toBe(130);
    expect(r.stderr).toMatch(/^error: interrupted: \d saved, 0 skipped, 0 failed, \d not attempted \(6 ids\)/);
    const saved = files(dir);
    expect(saved.length).toBeGreaterThan(0);
    expect(saved.length).toBeLessThan(ids.length);
    for (const name of saved) expect(await decodeImage('png', readFileSync(join(dir, name)))).toMatch(/^http/);
  });
});

describe('filenameFromDisposition', () => {
  it.each([
    ['inline; filename="acme-support.png"', 'acme-support.png'],
    ['attachment; filename=plain.svg', 'plain.svg'],
    ['attachment; filename="x.png"; filename*=UTF-8\'\'caf%C3%A9.png', 'café.png'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="..\\evil\\.hidden.png"', 'evil.hidden.png'],
    ['attachment; filename=".."', undefined],
    ['inline', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });
});

describe('bad flags: exit 2 before any request', () => {
  it.each([
    [['--size', '127'], /--size.*must be from 128 to 4096/],
    [['--size', '4097'], /--size.*must be from 128 to 4096/],
    [['--size', 'big'], /--size.*whole number/],
    [['-f', 'jpeg', '--transparent'], /--transparent works only with png, webp, svg \(not jpeg\)/],
    [['-f', 'pdf', '--transparent'], /--transparent works only with png, webp, svg \(not pdf\)/],
    [['-f', 'gif'], /argument 'gif' is invalid/],
    [['-O', 'x.png', 'crd_amelie'], /-O\/--out takes exactly one id/],
    [['-O', 'x.svg', '-f', 'png'], /looks like svg but --format is png/],
    [['-O', '/nonexistent-dir-cardqr/x.png'], /does not exist/],
    [['-O', 'x.png', '-d', '.'], /either -O\/--out <file> or -d\/--dir <dir>/],
  ])('%j', async (flags, message) => {
    const cwdFree = flags.map((f) => (f === 'x.png' || f === 'x.svg' ? join(tempDir(), f) : f));
    const r = await runCli(['image', 'qr_support', ...cwdFree, ...(cwdFree.includes('-O') ? [] : ['-d', tempDir()])], {
      emu,
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(emu.requests()).toHaveLength(0);
  });

  it('--help has a description, defaults, allowed values and examples', async () => {
    const r = await runCli(['image', '--help'], { emu });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/Save the QR image/);
    const flat = r.stdout.replace(/\s+/g, ' ');
    expect(flat).toContain('choices: "png", "svg", "pdf", "jpeg", "webp"');
    expect(flat).toContain('(default: 512)');
    expect(r.stdout).toContain('$ cardqr cards list --all -q | cardqr image - -f pdf -d qr/');
  });
});
