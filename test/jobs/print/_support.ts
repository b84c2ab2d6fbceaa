// Shared by the print tests: an emulator account with room for many QR codes, codes created through
// the API, temp dirs removed after the file, and PDF pages rasterised (pdftoppm) and decoded per
// label cell (zbarimg), as a print shop's proof would be checked.
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Seed } from '../../../src/emulator/index.js';
import { useEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/temp-dirs.js';

export const KEY = 'cq_live_print_tests_0123456789abc';

export const printSeed = (): Seed => ({
  accounts: [{ id: 'acc_print', email: 'print@example.com', plan: 'pro', qrAllowance: 500, cardAllowance: 50 }],
  keys: [{ name: 'full', secret: KEY, requestsPerMinute: 1_000_000 }],
  // A dashboard design: coloured, with a frame and a label band below the code.
  qrCodes: [
    {
      id: 'qr_framed',
      name: 'Framed',
      shortCode: 'framed',
      destinationUrl: 'https://example.com/framed',
      design: { foreground: '#0B3D91', background: '#FFFFFF', frame: 'scan_me' },
    },
  ],
});

export function usePrintEmulator() {
  return useEmulator({ seed: printSeed() });
}

/**
 * A temporary directory removed after the test file (test/helpers/temp-dirs.ts: removed by setup.ts
 * after every file, also when the files of a worker share one module graph).
 */
export function tmp(prefix = 'cardqr-print-'): string {
  return tempDir(prefix);
}

export interface Created {
  id: string;
  url: string;
  shortCode: string;
}

/** Creates `n` url QR codes through the API (POST /qr-codes). */
export async function createQrCodes(emu: { baseUrl: string }, n: number, prefix = 'label'): Promise<Created[]> {
  const out: Created[] = [];
  for (let i = 1; i <= n; i++) {
    const res = await fetch(`${emu.baseUrl}/qr-codes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `${prefix} ${i}`, destinationUrl: `https://example.com/${prefix}/${i}` }),
    });
    if (res.status !== 201) throw new Error(`create qr: ${res.status} ${await res.text()}`);
    const qr = (await res.json()) as Created;
    out.push({ id: qr.id, url: qr.url, shortCode: qr.shortCode });
  }
  return out;
}

/** pdftoppm at `dpi`: one png path per page, in order. */
export function rasterPages(pdf: string, dpi = 300): string[] {
  const dir = tmp('cardqr-pages-');
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', pdf, join(dir, 'p')]);
  return readdirSync(dir)
    .filter((n) => n.endsWith('.png'))
    .sort()
    .map((n) => join(dir, n));
}

const pageCache = new Map<string, Promise<{ data: Buffer; width: number; height: number }>>();

/** The page raster as grey bytes (decoded once per page). */
export function greyPage(png: string) {
  let p = pageCache.get(png);
  if (!p) {
    p = sharp(png)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ data, width: info.width, height: info.height }));
    pageCache.set(png, p);
  }
  return p;
}

/** Grey value (0 black .. 255 white) at a point in mm from the page's top left. */
export async function greyAt(png: string, xMm: number, yMm: number, dpi = 300): Promise<number> {
  const page = await greyPage(png);
  const x = Math.round((xMm / 25.4) * dpi);
  const y = Math.round((yMm / 25.4) * dpi);
  return page.data[y * page.width + x];
}

/** The share of dark pixels (grey < 128) inside a rectangle (mm, from the page's top left) of a page raster. */
export async function inkIn(
  png: string,
  box: { x: number; y: number; w: number; h: number },
  dpi = 300,
): Promise<number> {
  const page = await greyPage(png);
  const px = (mm: number) => Math.round((mm / 25.4) * dpi);
  let dark = 0;
  let all = 0;
  for (let y = px(box.y); y < Math.min(page.height, px(box.y + box.h)); y++)
    for (let x = px(box.x); x < Math.min(page.width, px(box.x + box.w)); x++) {
      all++;
      if (page.data[y * page.width + x] < 128) dark++;
    }
  return all ? dark / all : 0;
}

/** Decodes the codes inside a rectangle (mm, from the page's top left) of a page raster. */
export async function decodeRegion(
  png: string,
  box: { x: number; y: number; w: number; h: number },
  dpi = 300,
): Promise<string[]> {
  const page = await greyPage(png);
  const px = (mm: number) => Math.round((mm / 25.4) * dpi);
  const [left, top] = [px(box.x), px(box.y)];
  const width = Math.min(px(box.w), page.width - left);
  const height = Math.min(px(box.h), page.height - top);
  const crop = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++)
    page.data.copy(crop, y * width, (top + y) * page.width + left, (top + y) * page.width + left + width);
  const file = join(tmp('cardqr-cell-'), 'cell.png');
  writeFileSync(
    file,
    await sharp(crop, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer(),
  );
  try {
    const out = execFileSync('zbarimg', ['-q', '--raw', '-Sbinary', '-Sdisable', '-Sqrcode.enable', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.length ? [out] : [];
  } catch {
    return []; // zbarimg exits 4 when it finds nothing
  }
}

/**
 * A server in front of the emulator that answers image requests for some ids itself (a lying or
 * broken API) and passes every other request through.
 */
export async function imageProxy(emu: { baseUrl: string }, images: Record<string, string>) {
  const http = await import('node:http');
  const server = http.createServer((req, res) => {
    const id = /\/qr-codes\/([^/?]+)\/image/.exec(req.url ?? '')?.[1];
    if (id && images[id] !== undefined) {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end(images[id]);
      return;
    }
    fetch(`${emu.baseUrl}${(req.url ?? '').replace(/^\/v1/, '')}`, {
      headers: { authorization: req.headers.authorization ?? '' },
    }).then(
      async (r) => {
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await r.arrayBuffer()));
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
