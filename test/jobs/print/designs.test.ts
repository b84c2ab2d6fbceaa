// `cardqr print` end to end, its designs, bad images, reports and progress (print.test.ts: the runs, the floor, resume).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { SHEET_PRESETS } from '../../../src/jobs/print/sheets.js';
import { runCli } from '../../helpers/run-cli.js';
import QRCode from 'qrcode';
import {
  createQrCodes,
  decodeRegion,
  greyAt,
  imageProxy,
  KEY,
  rasterPages,
  tmp,
  usePrintEmulator,
} from './_support.js';

const emu = usePrintEmulator();
const PT = 72 / 25.4;
describe('cardqr print: designs, bad images, reports, progress', () => {
  it('a framed, coloured design keeps its frame and decodes', async () => {
    const url = `${emu.publicBaseUrl}/p/framed`;
    const out = join(tmp(), 'framed.pdf');
    const r = await runCli(['print', 'qr_framed', '--size', '40mm', '--verify', '-O', out], { emu, configDir: tmp() });
    expect(r.exitCode).toBe(0);
    const doc = await PDFDocument.load(readFileSync(out));
    const trim = doc.getPage(0).getTrimBox();
    const media = doc.getPage(0).getMediaBox();
    const box = {
      x: trim.x / PT,
      y: (media.height - trim.y - trim.height) / PT,
      w: trim.width / PT,
      h: trim.height / PT,
    };
    const [page] = rasterPages(out);
    expect(await decodeRegion(page, box)).toEqual([url]);
    // The label band (foreground #0B3D91) fills the bottom of the framed image, which is taller than
    // wide: 40 mm high, so about 32.8 mm wide, centred. Left of the letters it is solid.
    expect(await greyAt(page, box.x + 4.6, box.y + box.h - 3.5)).toBeLessThan(100);
    expect(await greyAt(page, box.x + 2, box.y + box.h - 3.5)).toBeGreaterThan(200);
  });

  it('an image with no quiet zone is left out and named (exit 7); the others are printed', async () => {
    const [bad, good] = await createQrCodes(emu, 2);
    // The same code drawn with no clear space around it.
    const qr = QRCode.create(bad.url, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    let d = '';
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (qr.modules.get(y, x)) d += `M${x} ${y}h1v1h-1z`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}"><rect width="${n}" height="${n}" fill="#fff"/><path d="${d}"/></svg>`;
    const proxy = await imageProxy(emu, { [bad.id]: svg });
    try {
      const out = join(tmp(), 'qz.pdf');
      const r = await runCli(['print', bad.id, good.id, '--size', '30mm', '-O', out], {
        emu,
        configDir: tmp(),
        env: { CARDQR_BASE_URL: proxy.baseUrl },
      });
      expect(r.exitCode).toBe(7);
      expect(r.stderr).toContain(
        `failed  ${bad.id} (${bad.shortCode}, "label 1"): the image leaves only 0.0 modules of quiet zone (4 needed)`,
      );
      expect((await PDFDocument.load(readFileSync(out))).getPageCount()).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it('an svg with an element print cannot place as vector is refused by name', async () => {
    const [code] = await createQrCodes(emu, 1);
    const proxy = await imageProxy(emu, {
      [code.id]:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="x.png" width="10" height="10"/></svg>',
    });
    try {
      const r = await runCli(['print', code.id, '--size', '30mm', '-O', join(tmp(), 'x.pdf')], {
        emu,
        configDir: tmp(),
        env: { CARDQR_BASE_URL: proxy.baseUrl },
      });
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(
        /no code could be placed; no PDF written\n {2}failed {2}qr_\w+ \([\w-]+, "label 1"\): svg holds <image>, which print cannot place as vector paths/,
      );
    } finally {
      await proxy.close();
    }
  });

  it('--from-report prints every created or existing card of an import report', async () => {
    const cards = [];
    for (const name of ['Ada', 'Grace']) {
      const res = await fetch(`${emu.baseUrl}/cards`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fields: { firstName: name } }),
      });
      cards.push((await res.json()) as { id: string; url: string });
    }
    const report = join(tmp(), 'report.ndjson');
    const rows = [
      {
        type: 'header',
        version: 1,
        mode: 'import',
        campaignId: 'cmp_x',
        file: 'people.csv',
        fileSha256: 'x',
        startedAt: '2026-01-01T00:00:00.000Z',
        cardqr: '0',
      },
      { line: 2, externalId: 'a', outcome: 'created', cardId: cards[0].id },
      { line: 3, externalId: 'b', outcome: 'failed', cardId: null },
      { line: 4, externalId: 'c', outcome: 'exists', cardId: cards[1].id },
    ];
    (await import('node:fs')).writeFileSync(report, rows.map((r) => JSON.stringify(r)).join('\n'));
    const out = join(tmp(), 'rep.pdf');
    const r = await runCli(['print', '--from-report', report, '--sheet', 'L7160', '-O', out], {
      emu,
      configDir: tmp(),
    });
    expect(r.exitCode).toBe(0);
    const L7160 = SHEET_PRESETS.find((p) => p.name === 'L7160')!;
    const [page] = rasterPages(out);
    for (let i = 0; i < 2; i++) {
      expect(
        await decodeRegion(page, {
          x: L7160.left + i * L7160.pitchX,
          y: L7160.top,
          w: L7160.label.width,
          h: L7160.label.height,
        }),
      ).toEqual([cards[i].url]);
    }
    const notReport = await runCli(['print', '--from-report', out, '--sheet', 'L7160', '-O', join(tmp(), 'x.pdf')], {
      emu,
      configDir: tmp(),
    });
    expect([notReport.exitCode, notReport.stderr]).toEqual([
      2,
      expect.stringMatching(/is not a cardqr import or qr apply report/),
    ]);
  });

  it('--from-report prints every created or updated code of a qr apply report, each once, over its runs', async () => {
    const dir = tmp();
    const file = join(dir, 'fair.csv');
    const report = join(dir, 'fair.report.ndjson');
    const write = (rows: string[]) => writeFileSync(file, ['shortCode,name,destinationUrl', ...rows].join('\n') + '\n');
    write(['fair-a,Stand A,https://fair.example/a', 'fair-b,Stand B,https://fair.example/b']);
    const first = await runCli(['qr', 'apply', file, '--report', report], { emu, configDir: tmp() });
    expect(first.exitCode, first.stderr).toBe(0);
    write([
      'fair-a,Stand A,https://fair.example/a-after',
      'fair-b,Stand B,https://fair.example/b',
      'fair-c,Stand C,https://fair.example/c',
    ]);
    const second = await runCli(['qr', 'apply', file, '--report', report, '--yes'], { emu, configDir: tmp() });
    expect(second.exitCode, second.stderr).toBe(0);
    for (const c of ['fair-a', 'fair-b', 'fair-c']) expect(emu.store.qrCodes.some((q) => q.shortCode === c)).toBe(true);
    const out = join(dir, 'fair.pdf');
    const r = await runCli(['print', '--from-report', report, '--sheet', 'L7160', '-O', out], {
      emu,
      configDir: tmp(),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/placed 3 codes/); // fair-a created, then updated: printed once
    const L7160 = SHEET_PRESETS.find((p) => p.name === 'L7160')!;
    const [page] = rasterPages(out);
    for (let i = 0; i < 3; i++) {
      expect(
        await decodeRegion(page, {
          x: L7160.left + i * L7160.pitchX,
          y: L7160.top,
          w: L7160.label.width,
          h: L7160.label.height,
        }),
      ).toEqual([`${emu.publicBaseUrl}/p/fair-${'abc'[i]}`]);
    }
  });

  it('shows progress on a terminal, on standard error only', async () => {
    const codes = await createQrCodes(emu, 3);
    const out = join(tmp(), 'tty.pdf');
    const r = await runCli(['print', ...codes.map((c) => c.id), '--sheet', 'L7160', '-O', out], {
      emu,
      configDir: tmp(),
      tty: { stderr: true },
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('[3/3] fetching images');
    expect(r.stdout).toBe(`${out}\n`);
  });
});
