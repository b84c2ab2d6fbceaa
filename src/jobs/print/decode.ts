// Decodes a QR image's drawing back to text, in-process: the scan guard (--verify) and the fallback
// that measures a symbol which is not drawn as module rectangles. Rectangles are painted directly
// (fast, exact); any other drawing is rasterised by sharp (librsvg) from the svg bytes.
import jsQRModule from 'jsqr';
import type { QrSvg, Rgb } from './svg.js';

// jsqr is CommonJS whose typings declare an ES default export; Node hands over module.exports.
const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ??
  jsQRModule) as unknown as typeof jsQRModule.default;

export interface Decoded {
  text: string;
  version: number;
  /** Symbol corners in image units. */
  topLeft: { x: number; y: number };
  topRight: { x: number; y: number };
}

/** `pixelsPerUnit` scales image units to raster pixels (about 3 pixels per module reads reliably). */
export async function decodeQrSvg(svg: QrSvg, bytes: Buffer, pixelsPerUnit: number): Promise<Decoded | undefined> {
  const s = Math.min(pixelsPerUnit, 2000 / Math.max(svg.width, svg.height));
  const pad = 16; // light border: a reader needs clear space even if the drawing has none
  const w = Math.ceil(svg.width * s) + 2 * pad;
  const h = Math.ceil(svg.height * s) + 2 * pad;
  let rgba: Uint8ClampedArray;
  if (svg.shapes.every((sh) => sh.rects)) {
    rgba = new Uint8ClampedArray(w * h * 4).fill(255);
    for (const shape of svg.shapes) for (const r of shape.rects ?? []) paint(rgba, w, h, r, s, pad, shape.color);
  } else {
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(bytes, { density: 72 * s })
      .flatten({ background: '#ffffff' })
      .extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return result(
      jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height),
      s,
      pad,
    );
  }
  return result(jsQR(rgba, w, h), s, pad);
}

function result(code: ReturnType<typeof jsQR>, s: number, pad: number): Decoded | undefined {
  if (!code) return undefined;
  const back = (p: { x: number; y: number }) => ({ x: (p.x - pad) / s, y: (p.y - pad) / s });
  return {
    text: code.data,
    version: code.version,
    topLeft: back(code.location.topLeftCorner),
    topRight: back(code.location.topRightCorner),
  };
}

function paint(
  buf: Uint8ClampedArray,
  w: number,
  h: number,
  [x, y, rw, rh]: [number, number, number, number],
  s: number,
  pad: number,
  [r, g, b]: Rgb,
): void {
  const x0 = Math.max(0, Math.round(x * s) + pad);
  const y0 = Math.max(0, Math.round(y * s) + pad);
  const x1 = Math.min(w, Math.round((x + rw) * s) + pad);
  const y1 = Math.min(h, Math.round((y + rh) * s) + pad);
  for (let yy = y0; yy < y1; yy++) {
    for (let xx = x0, i = (yy * w + x0) * 4; xx < x1; xx++, i += 4) {
      buf[i] = r;
      buf[i + 1] = g;
      buf[i + 2] = b;
      buf[i + 3] = 255;
    }
  }
}

/** Decodes a saved image (png, jpeg, webp, svg) to its text; undefined when it does not decode. */
export async function decodeImageBytes(
  format: 'png' | 'jpeg' | 'webp' | 'svg',
  bytes: Buffer,
): Promise<string | undefined> {
  if (format === 'svg') {
    const { parseQrSvg } = await import('./svg.js');
    const svg = parseQrSvg(bytes.toString('utf8'));
    return (await decodeQrSvg(svg, bytes, 600 / Math.max(svg.width, svg.height)))?.text;
  }
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(bytes)
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}
