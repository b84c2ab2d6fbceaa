// Physical lengths for `cardqr print` (mm, cm, in, pt) and the module-size floor.
import { UsageError } from '../../errors.js';

export const PT_PER_MM = 72 / 25.4;
const UNITS: Record<string, number> = { mm: 1, cm: 10, in: 25.4, pt: 25.4 / 72 };

/** `30mm`, `3cm`, `1.2in`, `85pt` → millimetres. A unit is required (a bare number is ambiguous). */
export function parseLength(raw: string, flag: string, { allowZero = false } = {}): number {
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(mm|cm|in|pt)\s*$/i.exec(raw);
  if (!m) throw new UsageError(`${flag} ${raw}: expected a length with a unit, such as 30mm, 3cm, 1.2in or 85pt`);
  const mm = Number(m[1]) * UNITS[m[2].toLowerCase()];
  if (!(mm > 0) && !(allowZero && mm === 0)) throw new UsageError(`${flag} ${raw}: must be more than 0`);
  if (mm > 2000) throw new UsageError(`${flag} ${raw}: larger than 2 m`);
  return mm;
}

/** `63.5x38.1mm` (one unit for both) → [w, h] in mm. */
export function parseSize2(raw: string, flag: string): [number, number] {
  const m = /^\s*([\d.]+)\s*[x×]\s*([\d.]+)\s*(mm|cm|in|pt)\s*$/i.exec(raw);
  if (!m) throw new UsageError(`${flag} ${raw}: expected WIDTHxHEIGHT with a unit, such as 63.5x38.1mm`);
  return [parseLength(`${m[1]}${m[3]}`, flag), parseLength(`${m[2]}${m[3]}`, flag)];
}

/** The smallest module print accepts, in mm: 4 printer dots at `dpi` and never under 0.4 mm. */
export const MIN_MODULE_MM = 0.4;
export const MIN_DOTS_PER_MODULE = 4;
/** Below this multiple of the floor, print warns (the code scans, but with little margin). */
export const WARN_FACTOR = 1.25;

export function moduleFloorMm(dpi: number): number {
  return Math.max(MIN_MODULE_MM, (MIN_DOTS_PER_MODULE * 25.4) / dpi);
}

export const fmtMm = (mm: number): string => `${Number(mm.toFixed(2))} mm`;
