// A 5x7 bitmap font for the frame label ("SCAN ME"), drawn as rectangles so every format
// (raster, svg, pdf) shows the same letters without depending on installed fonts.

/** Each glyph: 7 rows, 5 bits per row, most significant bit on the left. */
const GLYPHS: Record<string, number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [30, 17, 17, 17, 17, 17, 30],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 10, 4, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
  ' ': [0, 0, 0, 0, 0, 0, 0],
  '!': [4, 4, 4, 4, 4, 0, 4],
  '.': [0, 0, 0, 0, 0, 12, 12],
  '-': [0, 0, 0, 31, 0, 0, 0],
  '?': [14, 17, 1, 2, 4, 0, 4],
};

export const GLYPH_W = 5;
export const GLYPH_H = 7;
/** Advance per character in font units (glyph plus one column of space). */
export const ADVANCE = GLYPH_W + 1;

/** Keeps only characters the font can draw (upper-cased). */
export function drawable(text: string): string {
  return [...text.toUpperCase()].filter((c) => c in GLYPHS).join('');
}

/** Width of `text` in font units. */
export function textUnits(text: string): number {
  return text.length ? text.length * ADVANCE - 1 : 0;
}

/** Rectangles (in pixels) drawing `text` at (x, y) with `unit` pixels per font unit; runs are merged per row. */
export function textRects(text: string, x: number, y: number, unit: number): Array<[number, number, number, number]> {
  const out: Array<[number, number, number, number]> = [];
  [...text].forEach((ch, i) => {
    const rows = GLYPHS[ch] ?? GLYPHS[' '];
    const gx = x + i * ADVANCE * unit;
    rows.forEach((bits, row) => {
      let col = 0;
      while (col < GLYPH_W) {
        if (!(bits & (1 << (GLYPH_W - 1 - col)))) {
          col++;
          continue;
        }
        const start = col;
        while (col < GLYPH_W && bits & (1 << (GLYPH_W - 1 - col))) col++;
        out.push([gx + start * unit, y + row * unit, (col - start) * unit, unit]);
      }
    });
  });
  return out;
}
