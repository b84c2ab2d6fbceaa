// Where every pixel goes: the QR matrix (from `qrcode`) laid out at the requested width with a
// 4-module quiet zone, plus the saved design (colours, frame with a label band below the code).
// Each format module (png, svg, pdf, jpeg, webp) draws the same rectangles.
import QRCode from 'qrcode';
import type { QrDesign } from '../model.js';
import { drawable, GLYPH_H, textRects, textUnits } from './font.js';

export type Rgb = [number, number, number];
/** x, y, width, height in pixels (origin top left). */
export type Rect = [number, number, number, number];

export interface QrLayout {
  width: number;
  height: number;
  foreground: Rgb;
  background: Rgb;
  /** Drawn in the foreground colour: dark modules, frame border and label band. */
  dark: Rect[];
  /** Drawn in the background colour on top of `dark`: the label letters. */
  light: Rect[];
  /** What the code encodes (kept for titles and metadata). */
  text: string;
}

const QUIET_MODULES = 4;
/** Label band height as a fraction of the width (a framed code is taller than wide). */
const BAND_RATIO = 0.22;

export function layoutQr(text: string, design: QrDesign, size: number): QrLayout {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const framed = design.frame !== null && design.frame !== '';
  // The frame border is one module thick and sits outside the quiet zone.
  const across = n + 2 * QUIET_MODULES + (framed ? 2 : 0);
  const m = Math.max(1, Math.floor(size / across));
  const origin = Math.floor((size - m * n) / 2);
  const dark: Rect[] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && qr.modules.get(row, col)) col++;
      dark.push([origin + start * m, origin + row * m, (col - start) * m, m]);
    }
  }
  const light: Rect[] = [];
  let height = size;
  if (framed) {
    const band = Math.round(size * BAND_RATIO);
    height = size + band;
    dark.push([0, 0, size, m], [0, 0, m, height], [size - m, 0, m, height], [0, size, size, band]);
    const label = frameLabel(design.frame as string);
    if (label) {
      const units = textUnits(label);
      const unit = Math.max(1, Math.min(Math.floor((band * 0.55) / GLYPH_H), Math.floor((size * 0.84) / units)));
      const x = Math.floor((size - units * unit) / 2);
      const y = size + Math.floor((band - m - GLYPH_H * unit) / 2);
      light.push(...textRects(label, x, y, unit));
    }
  }
  return {
    width: size,
    height,
    foreground: parseColor(design.foreground, [0, 0, 0]),
    background: parseColor(design.background, [255, 255, 255]),
    dark,
    light,
    text,
  };
}

/** `scan_me` → `SCAN ME`; any other frame name is shown the same way (letters the font has, 16 at most). */
export function frameLabel(frame: string): string {
  return drawable(frame.replace(/[_-]+/g, ' ')).trim().slice(0, 16);
}

/** `#RGB`, `#RRGGBB` or `#RRGGBBAA` (alpha ignored); anything else gives the fallback. */
export function parseColor(value: string, fallback: Rgb): Rgb {
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value.trim())?.[1];
  if (!hex) return fallback;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

export function hexColor([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

/**
 * Rasterises the layout into RGB (3 channels) or RGBA (4). Transparent pixels keep the background
 * colour with alpha 0, so a reader that ignores alpha still sees light around the code.
 */
export function rasterize(layout: QrLayout, transparent: boolean): { data: Buffer; channels: 3 | 4 } {
  const channels = transparent ? 4 : 3;
  const { width, height } = layout;
  const data = Buffer.alloc(width * height * channels);
  const paint = (rgb: Rgb, alpha: number) => {
    const px = channels === 4 ? Buffer.from([...rgb, alpha]) : Buffer.from(rgb);
    return ([x, y, w, h]: Rect) => {
      const rowBytes = Buffer.alloc(w * channels);
      for (let i = 0; i < w; i++) px.copy(rowBytes, i * channels);
      for (let yy = y; yy < y + h; yy++) rowBytes.copy(data, (yy * width + x) * channels);
    };
  };
  paint(layout.background, transparent ? 0 : 255)([0, 0, width, height]);
  layout.dark.forEach(paint(layout.foreground, 255));
  layout.light.forEach(paint(layout.background, 255));
  return { data, channels };
}
