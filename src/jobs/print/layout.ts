// Where each code goes: a label sheet (preset or custom grid) or one code per page with trim, bleed
// and crop marks. Lengths in mm here; compose.ts converts to PDF points.
import type { SheetPreset } from './sheets.js';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
} // mm, origin top left of the page

export type Layout =
  | {
      kind: 'sheet';
      name: string;
      pageW: number;
      pageH: number;
      across: number;
      down: number;
      cellW: number;
      cellH: number;
      left: number;
      top: number;
      pitchX: number;
      pitchY: number;
      padding: number;
    }
  | { kind: 'page'; size: number; bleed: number };

/** Room for crop marks outside the bleed: a gap, then the mark. */
export const MARK_GAP = 2;
export const MARK_LEN = 5;
/** Caption text height (cap-to-descender box) and its distance from the code, in mm. */
export const CAPTION_MIN_H = 2.2;

export function sheetLayout(p: SheetPreset, padding: number): Layout {
  return {
    kind: 'sheet',
    name: p.name,
    pageW: p.page.width,
    pageH: p.page.height,
    across: p.across,
    down: p.down,
    cellW: p.label.width,
    cellH: p.label.height,
    left: p.left,
    top: p.top,
    pitchX: p.pitchX,
    pitchY: p.pitchY,
    padding,
  };
}

export const perPage = (l: Layout): number => (l.kind === 'sheet' ? l.across * l.down : 1);

export interface Slot {
  /** Page number from 0 and the place on it. */
  page: number;
  index: number;
  /** The code's square (width; a framed image keeps its aspect inside it) and the caption box. */
  code: Box;
  caption?: Box;
  captionAlign: 'center' | 'left';
}

/** Caption band: below the code in tall or square cells, to its right in wide ones (ratio ≥ 1.6). */
export function slotFor(l: Layout, n: number, captioned: boolean, captionH: number): Slot {
  if (l.kind === 'page') {
    const off = l.bleed + MARK_GAP + MARK_LEN;
    return {
      page: n,
      index: 0,
      code: { x: off, y: off, w: l.size, h: l.size },
      caption: captioned ? { x: off, y: off + l.size, w: l.size, h: captionH } : undefined,
      captionAlign: 'center',
    };
  }
  const per = perPage(l);
  const index = n % per;
  const col = index % l.across;
  const row = Math.floor(index / l.across);
  const cx = l.left + col * l.pitchX + l.padding;
  const cy = l.top + row * l.pitchY + l.padding;
  const w = l.cellW - 2 * l.padding;
  const h = l.cellH - 2 * l.padding;
  let code: Box;
  let caption: Box | undefined;
  let captionAlign: Slot['captionAlign'] = 'center';
  if (!captioned) {
    const s = Math.min(w, h);
    code = { x: cx + (w - s) / 2, y: cy + (h - s) / 2, w: s, h: s };
  } else if (w / h >= 1.6) {
    const s = Math.min(h, w * 0.55);
    code = { x: cx, y: cy + (h - s) / 2, w: s, h: s };
    caption = { x: cx + s + 1, y: cy, w: w - s - 1, h };
    captionAlign = 'left';
  } else {
    const s = Math.max(0, Math.min(w, h - captionH));
    code = { x: cx + (w - s) / 2, y: cy + (h - s - captionH) / 2, w: s, h: s };
    caption = { x: cx, y: code.y + s, w, h: captionH };
  }
  return { page: Math.floor(n / per), index, code, caption, captionAlign };
}

/** Page size in mm: a sheet's paper, or trim + bleed + room for the marks. */
export function pageSize(l: Layout, captionH: number): { w: number; h: number; trim?: Box; bleed?: Box } {
  if (l.kind === 'sheet') return { w: l.pageW, h: l.pageH };
  const off = l.bleed + MARK_GAP + MARK_LEN;
  const trim = { x: off, y: off, w: l.size, h: l.size + captionH };
  return {
    w: trim.w + 2 * off,
    h: trim.h + 2 * off,
    trim,
    bleed: { x: off - l.bleed, y: off - l.bleed, w: trim.w + 2 * l.bleed, h: trim.h + 2 * l.bleed },
  };
}
