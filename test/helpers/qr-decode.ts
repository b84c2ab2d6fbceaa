// Decodes QR images back to text for the image tests: png (pngjs), jpeg/webp (sharp raw),
// svg (XML checked, rasterised by sharp/librsvg), pdf (pdf-lib page count, pdftoppm rasterisation).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQRModule from 'jsqr';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import sharp from 'sharp';

// jsqr is CommonJS whose typings declare an ES default export; Node hands over module.exports.
const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ??
  jsQRModule) as unknown as typeof jsQRModule.default;

export interface Raster {
  width: number;
  height: number;
  channels: number;
  data: Buffer;
}

export function decodeRgba(r: Raster): string | undefined {
  const rgba = r.channels === 4 ? r.data : toRgba(r);
  return jsQR(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length), r.width, r.height)?.data;
}

function toRgba(r: Raster): Buffer {
  const out = Buffer.alloc(r.width * r.height * 4);
  for (let i = 0, j = 0; i < r.data.length; i += r.channels, j += 4) {
    out[j] = r.data[i];
    out[j + 1] = r.data[i + (r.channels > 2 ? 1 : 0)];
    out[j + 2] = r.data[i + (r.channels > 2 ? 2 : 0)];
    out[j + 3] = 255;
  }
  return out;
}

export function pngRaster(buf: Buffer): Raster & { colorType: number } {
  const png = PNG.sync.read(buf);
  return {
    width: png.width,
    height: png.height,
    channels: 4,
    data: png.data,
    colorType: (png as unknown as { colorType: number }).colorType,
  };
}

/** Any format sharp reads (jpeg, webp, png, svg) → raw RGBA. */
export async function sharpRaster(buf: Buffer): Promise<Raster> {
  const { data, info } = await sharp(buf).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

/** Well-formed enough for a strict XML parser: librsvg (libxml2) refuses malformed XML. */
export async function svgRaster(buf: Buffer): Promise<Raster> {
  const text = buf.toString('utf8');
  if (
    !/^<\?xml [^>]*\?>\s*<svg\s[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(text) ||
    !text.trimEnd().endsWith('</svg>')
  ) {
    throw new Error(`not an svg document: ${text.slice(0, 120)}`);
  }
  // Flatten on white (the svg may be transparent) so the decoder sees light around the code.
  const { data, info } = await sharp(buf)
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
}

export async function pdfInfo(buf: Buffer): Promise<{ pages: number; width: number; height: number }> {
  if (buf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('no %PDF- header');
  const doc = await PDFDocument.load(buf);
  const { width, height } = doc.getPage(0).getSize();
  return { pages: doc.getPageCount(), width, height };
}

export const hasPdftoppm = (): boolean => existsSync('/usr/bin/pdftoppm') || existsSync('/usr/local/bin/pdftoppm');

/** pdftoppm at 300 dpi → png → raster. */
export function pdfRaster(buf: Buffer): Raster {
  const dir = mkdtempSync(join(tmpdir(), 'cardqr-pdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), buf);
    execFileSync('pdftoppm', ['-r', '300', '-png', '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
    return pngRaster(readFileSync(join(dir, 'out.png')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Decodes any of the five formats back to the encoded text. */
export async function decodeImage(format: string, buf: Buffer): Promise<string | undefined> {
  switch (format) {
    case 'png':
      return decodeRgba(pngRaster(buf));
    case 'jpeg':
    case 'webp':
      return decodeRgba(await sharpRaster(buf));
    case 'svg':
      return decodeRgba(await svgRaster(buf));
    case 'pdf':
      return decodeRgba(pdfRaster(buf));
    default:
      throw new Error(`unknown format ${format}`);
  }
}
