// The image cache beside a print's output: a re-run takes only images from it (the objects are asked
// for again), it is bound to the base URL and profile that filled it, and a directory that is not
// ours alone is refused.
import { chmodSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHEET_PRESETS } from '../../../src/jobs/print/sheets.js';
import { runCli } from '../../helpers/run-cli.js';
import { createQrCodes, decodeRegion, imageProxy, KEY, rasterPages, tmp, usePrintEmulator } from './_support.js';

const emu = usePrintEmulator();
const L7163 = SHEET_PRESETS.find((p) => p.name === 'L7163')!;
const imagesOf = (id: string) => emu.requests({ path: new RegExp(`/qr-codes/${id}/image$`) }).length;

function ledgerCodes(config: string): string[] {
  const dir = join(config, 'print-runs');
  const [name] = readdirSync(dir);
  return readFileSync(join(dir, name), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string; id?: string })
    .filter((l) => l.type === 'code')
    .map((l) => l.id!);
}

describe('cardqr print: the image cache of an earlier run', () => {
  it('a code deleted since the earlier run is left out (exit 7), not printed from the cache', async () => {
    const [gone, kept] = await createQrCodes(emu, 2, 'cache');
    const dir = tmp();
    const out = join(dir, 'p.pdf');
    const args = ['print', gone.id, kept.id, 'qr_nope', '--sheet', 'L7163', '-O', out];
    const r1 = await runCli(args, { emu, configDir: tmp() });
    expect(r1.exitCode).toBe(7);
    expect(readdirSync(dir).sort()).toEqual(['.p.pdf.cardqr-print', 'p.pdf']);

    const del = await fetch(`${emu.baseUrl}/qr-codes/${gone.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(del.status).toBe(204);
    emu.clearRequests();
    const config = tmp();
    const r2 = await runCli([...args, '--force'], { emu, configDir: config });
    expect(r2.exitCode).toBe(7);
    expect(r2.stderr).toMatch(/placed 1 code on 1 page \(sheet L7163\), 1 image from an earlier run/);
    expect(r2.stderr).toMatch(new RegExp(`failed {2}${gone.id}: resource_not_found \\(404\\)`));
    expect(r2.stderr).toMatch(/2 codes left out/);
    // Every object was asked for again; no image was downloaded again.
    expect(emu.requests({ path: new RegExp(`/qr-codes/${kept.id}$`) })).toHaveLength(1);
    expect(imagesOf(kept.id)).toBe(0);
    expect(imagesOf(gone.id)).toBe(0);
    expect(ledgerCodes(config)).toEqual([kept.id]);
    const [page] = rasterPages(out);
    const cell = (i: number) => ({
      x: L7163.left + (i % 2) * L7163.pitchX,
      y: L7163.top + Math.floor(i / 2) * L7163.pitchY,
      w: L7163.label.width,
      h: L7163.label.height,
    });
    expect(await decodeRegion(page, cell(0))).toEqual([kept.url]);
    expect(await decodeRegion(page, cell(1))).toEqual([]);
  });

  it('a run against another base URL empties the cache and fetches every image again', async () => {
    const [code] = await createQrCodes(emu, 1, 'origin');
    const dir = tmp();
    const out = join(dir, 'o.pdf');
    const args = ['print', code.id, 'qr_nope', '--size', '30mm', '-O', out];
    expect((await runCli(args, { emu, configDir: tmp() })).exitCode).toBe(7);

    const proxy = await imageProxy(emu, {});
    try {
      emu.clearRequests();
      const r = await runCli([...args, '--force'], {
        emu,
        configDir: tmp(),
        env: { CARDQR_BASE_URL: proxy.baseUrl },
      });
      expect(r.exitCode).toBe(7);
      expect(r.stderr).toMatch(/placed 1 code on 1 page/);
      expect(r.stderr).not.toMatch(/from an earlier run/);
      expect(imagesOf(code.id)).toBe(1);
      const origin = JSON.parse(readFileSync(join(dir, '.o.pdf.cardqr-print', 'origin.json'), 'utf8'));
      expect(origin).toEqual({ baseUrl: proxy.baseUrl, profile: null });
    } finally {
      await proxy.close();
    }
  });

  it('refuses a cache directory that is a symbolic link, or that others may write into (exit 1)', async () => {
    const [code] = await createQrCodes(emu, 1, 'planted');
    const dir = tmp();
    const elsewhere = tmp();
    symlinkSync(elsewhere, join(dir, '.s.pdf.cardqr-print'));
    emu.clearRequests();
    const r = await runCli(['print', code.id, '--size', '30mm', '-O', join(dir, 's.pdf')], { emu, configDir: tmp() });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/refusing to use the image cache .*\.s\.pdf\.cardqr-print: it is a symbolic link/);
    expect(emu.requests()).toHaveLength(0);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readdirSync(dir)).toEqual(['.s.pdf.cardqr-print']);

    const open = join(dir, '.w.pdf.cardqr-print');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const r2 = await runCli(['print', code.id, '--size', '30mm', '-O', join(dir, 'w.pdf')], { emu, configDir: tmp() });
    expect(r2.exitCode).toBe(1);
    expect(r2.stderr).toMatch(/refusing to use the image cache .*\.w\.pdf\.cardqr-print: others may write into it/);
    expect(readdirSync(open)).toEqual([]);
  });
});
