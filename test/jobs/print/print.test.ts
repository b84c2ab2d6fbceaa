// `cardqr print` end to end: the PDF is rasterised by poppler and every label cell decoded by zbar.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { SHEET_PRESETS } from '../../../src/jobs/print/sheets.js';
import { runCli } from '../../helpers/run-cli.js';
import { createQrCodes, decodeRegion, greyAt, rasterPages, tmp, usePrintEmulator } from './_support.js';

const emu = usePrintEmulator();
const PT = 72 / 25.4;
const L7651 = SHEET_PRESETS.find((p) => p.name === 'L7651')!;

function ledgerLines(config: string): Array<Record<string, unknown>> {
  const dir = join(config, 'print-runs');
  const [name] = readdirSync(dir);
  return readFileSync(join(dir, name), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
}

describe('cardqr print: the must-show runs', () => {
  it('70 codes on L7651 sheets: two pages, every cell decodes to its object url, in order', async () => {
    const codes = await createQrCodes(emu, 70);
    const dir = tmp();
    const config = tmp();
    const out = join(dir, 'sheet.pdf');
    const r = await runCli(['print', '-', '--sheet', 'L7651', '-O', out, '--verify'], {
      emu,
      configDir: config,
      stdin: codes.map((c) => c.id).join('\n'),
    });
    expect([r.exitCode, r.stdout]).toEqual([0, `${out}\n`]);
    expect(r.stderr).toMatch(/placed 70 codes on 2 pages \(sheet L7651\), every code decoded to its url/);

    const doc = await PDFDocument.load(readFileSync(out));
    expect(doc.getPageCount()).toBe(2);
    const { width, height } = doc.getPage(0).getSize();
    expect([width / PT, height / PT].map((v) => Math.round(v * 10) / 10)).toEqual([210, 297]);
    // A sheet has no trim or bleed of its own: both boxes are the media box.
    expect(doc.getPage(0).getTrimBox()).toEqual(doc.getPage(0).getMediaBox());

    const pages = rasterPages(out);
    expect(pages).toHaveLength(2);
    for (let i = 0; i < codes.length; i++) {
      const cell = i % 65;
      const box = {
        x: L7651.left + (cell % 5) * L7651.pitchX,
        y: L7651.top + Math.floor(cell / 5) * L7651.pitchY,
        w: L7651.label.width,
        h: L7651.label.height,
      };
      expect(await decodeRegion(pages[Math.floor(i / 65)], box), `code ${i + 1} (${codes[i].id})`).toEqual([
        codes[i].url,
      ]);
    }
    // The cells after the 70th on page two are empty.
    expect(
      await decodeRegion(pages[1], {
        x: L7651.left,
        y: L7651.top + 2 * L7651.pitchY,
        w: L7651.label.width,
        h: L7651.label.height,
      }),
    ).toEqual([]);
    // Nothing left beside the output: no cache, no temporary file.
    expect(readdirSync(dir)).toEqual(['sheet.pdf']);
  }, 120_000); // CPU-bound (two pages rastered at 300 dpi, 70 codes decoded): a bound for a busy machine

  it('3 codes one per page with bleed: TrimBox, BleedBox and crop marks; each page decodes', async () => {
    const codes = await createQrCodes(emu, 3, 'badge');
    const dir = tmp();
    const config = tmp();
    const out = join(dir, 'one.pdf');
    const r = await runCli(['print', ...codes.map((c) => c.id), '--size', '30mm', '-O', out], {
      emu,
      configDir: config,
    });
    expect(r.exitCode).toBe(0);
    const doc = await PDFDocument.load(readFileSync(out));
    expect(doc.getPageCount()).toBe(3);
    for (const page of doc.getPages()) {
      const trim = page.getTrimBox();
      const bleed = page.getBleedBox();
      const media = page.getMediaBox();
      expect(trim.width / PT).toBeCloseTo(30, 3);
      expect(trim.height / PT).toBeCloseTo(30, 3);
      expect(bleed.width / PT).toBeCloseTo(36, 3);
      expect((trim.x - bleed.x) / PT).toBeCloseTo(3, 3);
      expect((trim.y - bleed.y) / PT).toBeCloseTo(3, 3);
      // The crop marks sit outside the bleed: the media box is larger than the bleed box on every side.
      expect(bleed.x).toBeGreaterThan(media.x);
      expect(media.width - (bleed.x + bleed.width)).toBeGreaterThan(0);
    }
    const pages = rasterPages(out);
    const media = doc.getPage(0).getMediaBox();
    const trim = doc.getPage(0).getTrimBox();
    const trimBoxMm = {
      x: trim.x / PT,
      y: (media.height - trim.y - trim.height) / PT,
      w: trim.width / PT,
      h: trim.height / PT,
    };
    for (let i = 0; i < 3; i++) expect(await decodeRegion(pages[i], trimBoxMm)).toEqual([codes[i].url]);
    // Crop marks: dark on the trim lines beyond the bleed (3 mm) and the 2 mm gap; white inside the gap.
    const markY = trimBoxMm.y - 3 - 2 - 2.5;
    expect(await greyAt(pages[0], trimBoxMm.x, markY)).toBeLessThan(128);
    expect(await greyAt(pages[0], trimBoxMm.x + trimBoxMm.w, markY)).toBeLessThan(128);
    expect(await greyAt(pages[0], trimBoxMm.x, trimBoxMm.y - 4)).toBeGreaterThan(200);
    expect(await greyAt(pages[0], trimBoxMm.x - 3 - 2 - 2.5, trimBoxMm.y + trimBoxMm.h)).toBeLessThan(128);
    const ledger = ledgerLines(config);
    expect(ledger[0]).toMatchObject({
      type: 'run',
      command: 'print',
      layout: 'one per page, 30 mm with 3 mm bleed',
      dpi: 300,
    });
    expect(ledger.filter((l) => l.type === 'code').map((l) => [l.id, l.url, l.page])).toEqual(
      codes.map((c, i) => [c.id, c.url, i + 1]),
    );
    expect(ledger.at(-1)).toMatchObject({ type: 'file', pages: 3 });
    expect(JSON.stringify(ledger)).not.toContain('cq_live_');
  });
});

describe('cardqr print: the module-size floor', () => {
  it('refuses a size below the floor before sending anything (exit 2)', async () => {
    const dir = tmp();
    const r = await runCli(['print', 'qr_x', '--size', '10mm', '-O', join(dir, 'a.pdf')], { emu, configDir: tmp() });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/below the floor of 0\.4 mm .*nothing sent\. Use at least 11\.6 mm/);
    expect(emu.requests()).toHaveLength(0);
  });

  it('a lower --dpi raises the floor: 4 dots at 150 dpi is 0.68 mm', async () => {
    const r = await runCli(['print', 'qr_x', '--size', '15mm', '--dpi', '150', '-O', join(tmp(), 'a.pdf')], {
      emu,
      configDir: tmp(),
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/below the floor of 0\.68 mm \(4 dots at 150 dpi/);
  });

  it('a code whose version makes its modules too small is refused after fetching; no PDF written', async () => {
    const [code] = await createQrCodes(emu, 1);
    const dir = tmp();
    // 12 mm passes the version-1 pre-check (0.41 mm) but this version-3 code gets 12/37 = 0.32 mm.
    const r = await runCli(['print', code.id, '--size', '12mm', '-O', join(dir, 'a.pdf')], { emu, configDir: tmp() });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/1 code would print below the floor of 0\.4 mm a module .*no PDF written/);
    expect(r.stderr).toMatch(new RegExp(`${code.id}: version \\d+ \\(\\d+ modules\\), module 0\\.3\\d mm`));
    expect(existsSync(join(dir, 'a.pdf'))).toBe(false);
  });

  it('warns near the floor', async () => {
    const [code] = await createQrCodes(emu, 1);
    const r = await runCli(['print', code.id, '--size', '17mm', '-O', join(tmp(), 'a.pdf')], { emu, configDir: tmp() });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/warning: 1 code within 25% of the module floor/);
  });
});

describe('cardqr print: interruption, resume, failures, inputs', () => {
  it('Ctrl-C leaves no PDF; the re-run fetches only what is missing and removes its cache', async () => {
    const codes = await createQrCodes(emu, 12);
    const dir = tmp();
    const out = join(dir, 'run.pdf');
    const images = () => emu.requests({ path: /\/image$/ }).length;
    const firstImages = new Promise<void>((resolve) => {
      const t = setInterval(() => {
        if (images() >= 3) {
          clearInterval(t);
          resolve();
        }
      }, 1);
    });
    const r1 = await runCli(['print', ...codes.map((c) => c.id), '--sheet', 'L7160', '-O', out], {
      emu,
      configDir: tmp(),
      interruptAfter: firstImages,
    });
    expect(r1.exitCode).toBe(130);
    expect(r1.stderr).toMatch(/interrupted: \d+ of 12 codes fetched, no PDF written; run the same command again/);
    expect(existsSync(out)).toBe(false);
    const fetched = images();
    expect(fetched).toBeLessThan(12);
    expect(readdirSync(dir)).toEqual(['.run.pdf.cardqr-print']);

    emu.clearRequests();
    const r2 = await runCli(['print', ...codes.map((c) => c.id), '--sheet', 'L7160', '-O', out], {
      emu,
      configDir: tmp(),
    });
    expect(r2.exitCode).toBe(0);
    expect(images()).toBe(12 - fetched);
    expect(r2.stderr).toMatch(
      new RegExp(`placed 12 codes on 1 page \\(sheet L7160\\), ${fetched} images? from an earlier run`),
    );
    expect(readdirSync(dir)).toEqual(['run.pdf']);
  });

  it('an unknown id is left out and listed (exit 7); the others are printed', async () => {
    const codes = await createQrCodes(emu, 2);
    const out = join(tmp(), 'p.pdf');
    const r = await runCli(['print', codes[0].id, 'qr_nosuch', codes[1].id, '--sheet', 'L7163', '-O', out], {
      emu,
      configDir: tmp(),
    });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/placed 2 codes on 1 page/);
    expect(r.stderr).toMatch(/1 code left out/);
    expect(r.stderr).not.toContain('\\n'); // each part on its own line, not one line with escaped newlines
    expect(r.stderr).toMatch(/failed {2}qr_nosuch: resource_not_found \(404\)/);
    const pages = rasterPages(out);
    const L7163 = SHEET_PRESETS.find((p) => p.name === 'L7163')!;
    const cell = (i: number) => ({
      x: L7163.left + (i % 2) * L7163.pitchX,
      y: L7163.top + Math.floor(i / 2) * L7163.pitchY,
      w: L7163.label.width,
      h: L7163.label.height,
    });
    expect(await decodeRegion(pages[0], cell(0))).toEqual([codes[0].url]);
    expect(await decodeRegion(pages[0], cell(1))).toEqual([codes[1].url]);
  });

  it('usage errors: no layout, two layouts, not .pdf, existing output, unknown sheet (exit 2, nothing sent)', async () => {
    const dir = tmp();
    const existing = join(dir, 'have.pdf');
    (await import('node:fs')).writeFileSync(existing, 'x');
    const cases: Array<[string[], RegExp]> = [
      [['print', 'qr_1', '-O', join(dir, 'a.pdf')], /choose one layout/],
      [['print', 'qr_1', '--sheet', 'L7651', '--size', '30mm', '-O', join(dir, 'a.pdf')], /choose one layout/],
      [['print', 'qr_1', '--sheet', 'L7651', '-O', join(dir, 'a.png')], /print writes PDF/],
      [['print', 'qr_1', '--sheet', 'L7651', '-O', existing], /refusing to overwrite .*have\.pdf/],
      [
        ['print', 'qr_1', '--sheet', 'L9999', '-O', join(dir, 'a.pdf')],
        /L9999.*Allowed choices are L7160, L7163, L7651, 5160, 5163/,
      ],
      [['print', 'qr_1', '--size', '30', '-O', join(dir, 'a.pdf')], /--size 30: expected a length with a unit/],
      [['print', 'qr_1', '--grid', '3x8', '-O', join(dir, 'a.pdf')], /--grid needs --cell/],
      [['print', 'qr_1', '--grid', '3x8', '--cell', '80x40mm', '-O', join(dir, 'a.pdf')], /does not fit on the page/],
      [['print', 'qr_1', '--sheet', 'L7651', '--bleed', '3mm', '-O', join(dir, 'a.pdf')], /a label sheet has no bleed/],
      [
        ['print', 'qr_1', '--size', '30mm', '--caption', '{nope}', '-O', join(dir, 'a.pdf')],
        /unknown placeholder \{nope\}/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args, { emu, configDir: tmp() });
      expect([r.exitCode, r.stderr], args.join(' ')).toEqual([2, expect.stringMatching(message)]);
    }
    expect(emu.requests()).toHaveLength(0);
  });

  it('a custom grid: --grid/--cell/--margin/--gap on US Letter', async () => {
    const codes = await createQrCodes(emu, 4);
    const out = join(tmp(), 'grid.pdf');
    const r = await runCli(
      [
        'print',
        ...codes.map((c) => c.id),
        '--grid',
        '2x2',
        '--cell',
        '50x50mm',
        '--margin',
        '20mm,30mm',
        '--gap',
        '5mm',
        '--page',
        'letter',
        '-O',
        out,
      ],
      { emu, configDir: tmp() },
    );
    expect(r.exitCode).toBe(0);
    const doc = await PDFDocument.load(readFileSync(out));
    expect(Math.round(doc.getPage(0).getWidth())).toBe(612);
    const pages = rasterPages(out);
    for (let i = 0; i < 4; i++) {
      const box = { x: 30 + (i % 2) * 55, y: 20 + Math.floor(i / 2) * 55, w: 50, h: 50 };
      expect(await decodeRegion(pages[0], box)).toEqual([codes[i].url]);
    }
  });
});
