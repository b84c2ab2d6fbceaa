// Reads the API's `svg` QR image into shapes print can place as vector paths, and finds the QR
// symbol in them (module size, version, quiet zone) from the drawing itself. Accepts a small,
// strict subset of SVG (rect, path, title/desc, g without transform); anything else is refused
// by name, so a code is never silently drawn differently from what the API rendered.
import { CliError, EXIT } from '../../errors.js';
import { own } from '../../own.js';

export type Rgb = [number, number, number];
export interface Shape {
  /** SVG path data in the image's own units (origin top left). */
  d: string;
  color: Rgb;
  /** Axis-aligned rectangles of `d` (x, y, w, h); undefined when `d` holds anything else. */
  rects?: Array<[number, number, number, number]>;
}

export interface QrSvg {
  width: number;
  height: number;
  /** Painted in order (the first may be the background). */
  shapes: Shape[];
}

export interface Symbol {
  version: number;
  /** Modules across, without the quiet zone (17 + 4·version). */
  modules: number;
  /** One module in image units. */
  module: number;
  /** The symbol's top-left corner in image units. */
  x: number;
  y: number;
  /** Clear space (in modules) between the symbol and the image edge or the nearest other shape. */
  quietModules: number;
}

const ALLOWED = new Set(['svg', 'title', 'desc', 'rect', 'path', 'g', 'metadata']);

export class SvgError extends CliError {
  constructor(message: string) {
    super(message, EXIT.failed);
  }
}

export function parseQrSvg(text: string): QrSvg {
  const body = text
    .replace(/<\?xml[^>]*\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(title|desc|metadata)\b[^>]*>[\s\S]*?<\/\1>/g, '');
  const root = /<svg\b([^>]*)>/.exec(body);
  if (!root) throw new SvgError('not an svg image');
  const rootAttrs = attrs(root[1]);
  const box = (rootAttrs.viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  let width: number;
  let height: number;
  if (box.length === 4 && box.every(Number.isFinite)) {
    if (box[0] !== 0 || box[1] !== 0) throw new SvgError('svg viewBox does not start at 0 0');
    [width, height] = [box[2], box[3]];
  } else {
    width = Number.parseFloat(rootAttrs.width ?? '');
    height = Number.parseFloat(rootAttrs.height ?? '');
  }
  if (!(width > 0 && height > 0)) throw new SvgError('svg has no usable size (viewBox or width/height)');

  const shapes: Shape[] = [];
  for (const m of body.matchAll(/<\s*([A-Za-z][\w:-]*)\b([^>]*?)\/?>/g)) {
    const tag = m[1];
    if (!ALLOWED.has(tag)) throw new SvgError(`svg holds <${tag}>, which print cannot place as vector paths`);
    const a = attrs(m[2]);
    if (
      a.transform !== undefined ||
      a.style !== undefined ||
      a.opacity !== undefined ||
      a['fill-opacity'] !== undefined
    ) {
      throw new SvgError(`svg <${tag}> uses transform/style/opacity, which print does not support`);
    }
    if (tag === 'rect') {
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => (a[k] === undefined ? 0 : Number(a[k])));
      if (![x, y, w, h].every(Number.isFinite) || /%/.test(`${a.width}${a.height}`))
        throw new SvgError('svg <rect> with unusable geometry');
      const color = fillColor(a.fill);
      if (color && w > 0 && h > 0) shapes.push({ d: `M${x} ${y}h${w}v${h}h${-w}z`, color, rects: [[x, y, w, h]] });
    } else if (tag === 'path') {
      const color = fillColor(a.fill);
      const d = a.d ?? '';
      if (color && d.trim()) shapes.push({ d, color, rects: pathRects(d) });
    }
  }
  if (!shapes.length) throw new SvgError('svg draws nothing');
  return { width, height, shapes };
}

function attrs(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out[m[1]] = m[2] ?? m[3];
  return out;
}

const NAMED: Record<string, Rgb> = { black: [0, 0, 0], white: [255, 255, 255] };

/** undefined for `none`; black when absent (the SVG default). */
function fillColor(fill: string | undefined): Rgb | undefined {
  if (fill === undefined) return [0, 0, 0];
  const f = fill.trim().toLowerCase();
  if (f === 'none' || f === 'transparent') return undefined;
  const named = own(NAMED, f);
  if (named) return named;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(f)?.[1];
  if (!hex) throw new SvgError(`svg colour ${fill} is not supported (use #RGB or #RRGGBB)`);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

/** The path as axis-aligned rectangles (M/H/V/L/Z, absolute or relative), or undefined if it is anything else. */
const SIMPLE_RECTS = /^(?:M\d+(?:\.\d+)? \d+(?:\.\d+)?h\d+(?:\.\d+)?v\d+(?:\.\d+)?h-\d+(?:\.\d+)?z)+$/;

export function pathRects(d: string): Array<[number, number, number, number]> | undefined {
  // Fast path for the common `M x y h w v h h -w z` run-per-rectangle form.
  if (SIMPLE_RECTS.test(d)) {
    const out: Array<[number, number, number, number]> = [];
    for (const m of d.matchAll(/M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)h-([\d.]+)z/g)) {
      if (m[3] === m[5]) out.push([Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]);
      else return pathRectsGeneral(d);
    }
    return out;
  }
  return pathRectsGeneral(d);
}

function pathRectsGeneral(d: string): Array<[number, number, number, number]> | undefined {
  const tokens = d.match(/[MmHhVvLlZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  if (tokens.join('').length < d.replace(/[\s,]/g, '').length) return undefined; // curves or other commands
  const rects: Array<[number, number, number, number]> = [];
  let x = 0,
    y = 0,
    sx = 0,
    sy = 0;
  let pts: Array<[number, number]> = [];
  let cmd = '';
  const close = () => {
    if (pts.length > 1) {
      const ring =
        pts[pts.length - 1][0] === pts[0][0] && pts[pts.length - 1][1] === pts[0][1] ? pts.slice(0, -1) : pts;
      const r = asRect(ring);
      if (!r) return false;
      rects.push(r);
    }
    pts = [];
    return true;
  };
  for (let i = 0; i < tokens.length;) {
    const t = tokens[i];
    if (/[A-Za-z]/.test(t)) {
      cmd = t;
      i++;
      if (cmd === 'Z' || cmd === 'z') {
        if (!close()) return undefined;
        x = sx;
        y = sy;
      }
      continue;
    }
    const n = () => Number(tokens[i++]);
    switch (cmd) {
      case 'M':
        if (!close()) return undefined;
        x = n();
        y = n();
        sx = x;
        sy = y;
        pts.push([x, y]);
        cmd = 'L';
        break;
      case 'm':
        if (!close()) return undefined;
        x += n();
        y += n();
        sx = x;
        sy = y;
        pts.push([x, y]);
        cmd = 'l';
        break;
      case 'L':
        x = n();
        y = n();
        pts.push([x, y]);
        break;
      case 'l':
        x += n();
        y += n();
        pts.push([x, y]);
        break;
      case 'H':
        x = n();
        pts.push([x, y]);
        break;
      case 'h':
        x += n();
        pts.push([x, y]);
        break;
      case 'V':
        y = n();
        pts.push([x, y]);
        break;
      case 'v':
        y += n();
        pts.push([x, y]);
        break;
      default:
        return undefined;
    }
  }
  if (!close()) return undefined;
  return rects;
}

function asRect(p: Array<[number, number]>): [number, number, number, number] | undefined {
  if (p.length !== 4) return undefined;
  const xs = [...new Set(p.map((q) => q[0]))];
  const ys = [...new Set(p.map((q) => q[1]))];
  if (xs.length !== 2 || ys.length !== 2) return undefined;
  for (let i = 0; i < 4; i++) {
    const [a, b] = [p[i], p[(i + 1) % 4]];
    if (a[0] !== b[0] && a[1] !== b[1]) return undefined;
  }
  const [x0, x1] = xs.sort((a, b) => a - b);
  const [y0, y1] = ys.sort((a, b) => a - b);
  return [x0, y0, x1 - x0, y1 - y0];
}

const luminance = ([r, g, b]: Rgb) => 0.299 * r + 0.587 * g + 0.114 * b;

/**
 * Finds the QR symbol in the dark rectangles: the top-left finder pattern's first row is a run of
 * 7 modules, and the top-right finder's first row ends the symbol's first row. From these come the
 * module size and the number of modules across, hence the version (modules = 17 + 4·version).
 * Undefined when the drawing is not made of module rectangles (then the caller decodes a raster).
 */
export function findSymbol(svg: QrSvg): Symbol | undefined {
  const dark: Array<[number, number, number, number]> = [];
  for (const s of svg.shapes) {
    if (luminance(s.color) >= 128) continue;
    if (!s.rects) return undefined;
    for (const r of s.rects) dark.push(r);
  }
  if (!dark.length) return undefined;
  // The module size: the most common rectangle height among the dark runs.
  const heights = new Map<number, number>();
  for (const r of dark) heights.set(r[3], (heights.get(r[3]) ?? 0) + 1);
  const module = [...heights.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const near = (a: number, b: number) => Math.abs(a - b) <= module * 0.01;
  const finders = dark
    .filter((r) => near(r[3], module) && near(r[2], 7 * module))
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const tl = finders[0];
  if (!tl) return undefined;
  const sameRow = finders.filter((r) => near(r[1], tl[1]));
  const tr = sameRow[sameRow.length - 1];
  if (tr === tl) return undefined;
  const modules = Math.round((tr[0] + tr[2] - tl[0]) / module);
  const version = (modules - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 40) return undefined;
  const bottom = tl[1] + (modules - 1) * module;
  if (!finders.some((r) => near(r[0], tl[0]) && near(r[1], bottom))) return undefined; // bottom-left finder
  const [x0, y0, x1, y1] = [tl[0], tl[1], tl[0] + modules * module, tl[1] + modules * module];
  let clear = Math.min(x0, y0, svg.width - x1, svg.height - y1);
  for (const [x, y, w, h] of dark) {
    const inside = x >= x0 - 1e-6 && y >= y0 - 1e-6 && x + w <= x1 + 1e-6 && y + h <= y1 + 1e-6;
    if (inside) continue;
    const dx = Math.max(x0 - (x + w), x - x1, 0);
    const dy = Math.max(y0 - (y + h), y - y1, 0);
    clear = Math.min(clear, Math.max(dx, dy));
  }
  return { version, modules, module, x: x0, y: y0, quietModules: Math.max(0, clear / module) };
}
