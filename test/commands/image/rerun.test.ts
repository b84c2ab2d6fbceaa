// image: -O extensions the API does not serve, -d re-runs that skip without downloading, --verify
// (decode before saving) and --ledger (a manifest print audit can read).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { imageIndexPath } from '../../../src/jobs/images/index-file.js';
import { describe, expect, it } from 'vitest';
import { serializeCard, serializeQrCode } from '../../../src/emulator/serialize.js';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();
// tempDir() removes its directories when the file ends (test/helpers/run-cli.ts).
const tmp = () => tempDir();
const imageRequests = () => emu.requests({ path: /\/image$/ });
const urlOf = (id: string): string => {
  const qr = emu.store.qrCode('acc_acme', id);
  return qr ? serializeQrCode(emu.store, qr).url : serializeCard(emu.store, emu.store.card('acc_acme', id)!).url;
};

describe('cardqr image -O extension', () => {
  it.each(['b.gif', 'b.bmp', 'b.tiff', 'code.txt'])('-O %s is refused before sending (exit 2)', async (name) => {
    const r = await runCli(['image', 'qr_support', '-O', join(tmp(), name)], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /the API serves png, svg, pdf, jpeg and webp, not \w+; name the file \.png, \.svg, \.pdf, \.jpg or \.webp/,
    );
    expect(emu.requests()).toHaveLength(0);
  });

  it('a name without an extension takes --format (default png)', async () => {
    const out = join(tmp(), 'code');
    const r = await runCli(['image', 'qr_support', '-O', out, '-f', 'webp'], { emu });
    expect(r.exitCode).toBe(0);
    expect(readFileSync(out).subarray(8, 12).toString('latin1')).toBe('WEBP');
  });
});

describe('cardqr image -d re-runs', () => {
  it('skip files an earlier run saved without downloading them again, and count them', async () => {
    const dir = tmp();
    const configDir = tmp();
    const ids = ['qr_support', 'crd_amelie', 'qr_careers'];
    const first = await runCli(['image', ...ids.slice(0, 2), '-d', dir], { emu, configDir });
    expect(first.exitCode).toBe(0);
    emu.clearRequests();
    const again = await runCli(['image', ...ids, '-d', dir], { emu, configDir });
    // The directory holds the images only; the names are remembered under the config dir.
    expect(readdirSync(dir).sort()).toEqual(['acme-careers.png', 'acme-support.png', 'amelie-laurent.png']);
    expect(again.exitCode).toBe(0);
    expect(imageRequests().map((q) => q.path)).toEqual(['/qr-codes/qr_careers/image']);
    expect(again.stderr).toBe(
      '1 saved, 2 skipped, 0 failed (3 ids); 2 already saved by an earlier run, not downloaded again (--force replaces them)\n',
    );
    expect(again.stdout.trim().split('\n')).toHaveLength(1);
    // --verbose names them; a removed file is fetched again; another size is another image.
    rmSync(join(dir, 'amelie-laurent.png'));
    emu.clearRequests();
    const v = await runCli(['image', ...ids, '-d', dir, '--verbose'], { emu, configDir });
    expect(v.stderr).toMatch(/skipped qr_support: .*acme-support\.png exists/);
    expect(imageRequests().map((q) => q.path)).toEqual(['/qr-codes/crd_amelie/image']);
    emu.clearRequests();
    await runCli(['image', 'qr_support', '-d', dir, '--size', '256', '--force'], { emu, configDir });
    expect(imageRequests()).toHaveLength(1);
    // Another config dir (another user) knows nothing: the existing files are fetched, found to be whole
    // images of their codes and kept (skipped, exit 0); that config dir then knows them (issue 35).
    emu.clearRequests();
    const otherConfig = tmp();
    const other = await runCli(['image', 'qr_support', 'qr_careers', '-d', dir], { emu, configDir: otherConfig });
    expect([other.exitCode, other.stderr]).toEqual([
      0,
      '0 saved, 2 skipped, 0 failed (2 ids); 2 already in the directory as whole images of their codes, kept (--force replaces them)\n',
    ]);
    expect(imageRequests()).toHaveLength(2);
    emu.clearRequests();
    const third = await runCli(['image', 'qr_support', 'qr_careers', '-d', dir], { emu, configDir: otherConfig });
    expect([third.exitCode, imageRequests()]).toEqual([0, []]);
  });

  it('another config dir: one id is kept without a refusal; a cut or foreign file under the name is not replaced (exit 2 / listed)', async () => {
    const dir = tmp();
    expect((await runCli(['image', 'qr_support', 'qr_careers', '-f', 'svg', '-d', dir], { emu })).exitCode).toBe(0);
    const one = await runCli(['image', 'qr_support', '-f', 'svg', '-d', dir], { emu, configDir: tmp() });
    expect([one.exitCode, one.stdout]).toEqual([0, '']);
    expect(one.stderr).toMatch(/^skipped qr_support: .*acme-support\.svg exists: the same image/);
    // A whole image of the code whose bytes differ (another size): decoded, it is this code's: kept.
    writeFileSync(
      join(dir, 'acme-support.svg'),
      (await runCli(['image', 'qr_support', '-f', 'svg', '--size', '256', '-O', '-'], { emu })).stdout,
    );
    const resized = await runCli(['image', 'qr_support', '-f', 'svg', '-d', dir], { emu, configDir: tmp() });
    expect([resized.exitCode, resized.stderr]).toEqual([0, expect.stringContaining('a whole svg image of this code')]);
    // Cut short, or another code's image under this name: not kept, and not replaced without --force.
    const careers = readFileSync(join(dir, 'acme-careers.svg'));
    writeFileSync(join(dir, 'acme-careers.svg'), careers.subarray(0, careers.length >> 1));
    const cut = await runCli(['image', 'qr_careers', '-f', 'svg', '-d', dir], { emu, configDir: tmp() });
    expect([cut.exitCode, cut.stderr]).toEqual([2, expect.stringContaining('refusing to overwrite')]);
    writeFileSync(join(dir, 'acme-careers.svg'), readFileSync(join(dir, 'acme-support.svg')));
    const foreign = await runCli(['image', 'qr_careers', 'qr_support', '-f', 'svg', '-d', dir], {
      emu,
      configDir: tmp(),
    });
    expect(foreign.exitCode).toBe(0);
    expect(foreign.stderr).toMatch(/skipped qr_careers: .*acme-careers\.svg exists \(use --force/);
    expect(foreign.stderr).toContain('1 already in the directory as whole images of their codes, kept');
  });

  it('an index line naming a path outside the directory is ignored', async () => {
    const dir = tmp();
    const configDir = tmp();
    const index = imageIndexPath(configDir, dir);
    mkdirSync(dirname(index), { recursive: true });
    writeFileSync(
      index,
      `${JSON.stringify({ id: 'qr_support', format: 'png', size: 512, transparent: false, file: '../../etc/passwd' })}\nnot json\n`,
    );
    const r = await runCli(['image', 'qr_support', 'crd_amelie', '-d', dir], { emu, configDir });
    expect(r.exitCode).toBe(0);
    expect(imageRequests()).toHaveLength(2);
  });
});

describe('cardqr image --verify and --ledger', () => {
  it('--verify decodes each format before saving it', async () => {
    for (const format of ['png', 'svg', 'jpeg', 'webp']) {
      const dir = tmp();
      const r = await runCli(['image', 'qr_support', 'crd_kenji', '-f', format, '-d', dir, '--verify'], { emu });
      expect([format, r.exitCode]).toEqual([format, 0]);
      expect(readdirSync(dir).filter((n) => !n.startsWith('.'))).toHaveLength(2);
    }
  });

  it('--verify with pdf is a usage error', async () => {
    const r = await runCli(['image', 'qr_support', '-f', 'pdf', '-d', tmp(), '--verify'], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--verify decodes png, svg, jpeg and webp/);
  });

  it('--verify refuses an image that encodes something else (a lying server), and saves nothing', async () => {
    const http = await import('node:http');
    const good = await (
      await fetch(`${emu.baseUrl}/qr-codes/qr_careers/image?format=svg`, {
        headers: { authorization: `Bearer ${emu.keys.full}` },
      })
    ).arrayBuffer();
    const server = http.createServer((req, res) => {
      if (req.url?.includes('/image')) {
        res.writeHead(200, { 'content-type': 'image/svg+xml' });
        res.end(Buffer.from(good)); // qr_careers' image for every id
        return;
      }
      void fetch(`${emu.baseUrl}${req.url?.replace(/^\/v1/, '')}`, {
        headers: { authorization: `Bearer ${emu.keys.full}` },
      }).then(async (r2) => {
        res.writeHead(r2.status, { 'content-type': 'application/json' });
        res.end(await r2.text());
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as { port: number }).port;
      const dir = tmp();
      const r = await runCli(['image', 'qr_support', 'qr_careers', '-f', 'svg', '-d', dir, '--verify'], {
        emu,
        env: { CARDQR_BASE_URL: `http://127.0.0.1:${port}/v1` },
      });
      expect(r.exitCode).toBe(7);
      expect(r.stderr).toContain(
        `failed  qr_support: scan check: the image reads "${urlOf('qr_careers')}", not ${urlOf('qr_support')}; not saved`,
      );
      expect(readdirSync(dir).filter((n) => !n.startsWith('.'))).toHaveLength(1);
    } finally {
      server.close();
    }
  });

  it('--ledger records the batch; print audit reads it', async () => {
    const config = tmp();
    const dir = tmp();
    const r = await runCli(['image', 'qr_support', 'crd_amelie', '-d', dir, '--ledger'], { emu, configDir: config });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/run run_\S+ recorded in .*print-runs/);
    const [name] = readdirSync(join(config, 'print-runs'));
    const lines = readFileSync(join(config, 'print-runs', name), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: 'run', command: 'image', layout: 'png 512 px' });
    const codes = lines.slice(1);
    expect(codes.map((c) => [c.id, c.kind, c.url])).toEqual([
      ['qr_support', 'qr', urlOf('qr_support')],
      ['crd_amelie', 'card', urlOf('crd_amelie')],
    ]);
    const { createHash } = await import('node:crypto');
    for (const c of codes) {
      expect(existsSync(c.file)).toBe(true);
      expect(c.sha256).toBe(createHash('sha256').update(readFileSync(c.file)).digest('hex'));
    }
    const audit = await runCli(['print', 'audit', 'last', '-o', 'json'], { emu, configDir: config });
    expect([audit.exitCode, audit.stdout]).toEqual([0, '[]\n']);
  });
});
