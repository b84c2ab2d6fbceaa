// Compact tables for people (no borders, no rule between rows, two spaces between columns):
// column widths come from the headers and a sample of rows (all of them for a nested table, the
// first page for a streamed list), then shrink to fit the terminal; a longer cell is cut with "…"
// instead of wrapping (columns that cannot get 4 characters are left out, and stderr says so). Numbers are right-aligned. Off a terminal (and without $COLUMNS) nothing is
// cut: columns are padded to the sample's widths and a longer cell pushes the rest of its row.
import type { Style } from './view.js';
import { displayWidth, pad, truncate } from './width.js';

export interface Cell {
  /** Plain text (no escape sequences); painted after it is cut. */
  text: string;
  style?: Style;
  raw?: unknown;
  /** A number: right-aligned. */
  numeric?: boolean;
  /** Null/absent value shown as "-" (painted dim). */
  empty?: boolean;
}

export type CellPainter = (cell: Cell, text: string) => string;

const GAP = '  ';
/** Narrowest a cut column gets ("ab…" plus one); below that, columns are left out from the right. */
const MIN_CUT = 4;

export interface Layout {
  widths: number[];
  /** Right-align the column (every sampled value is a number). */
  right: boolean[];
  /** Cut cells to their width (a width to fit is known). */
  cut: boolean;
  /** Columns shown, from the left: the rest do not fit even cut to MIN_CUT. */
  shown: number;
}

/**
 * Column widths for these headers and sample rows, fitted into `total` columns when given: the
 * widest columns give way first (each cut to the same width); when that would leave a column
 * narrower than MIN_CUT, the rightmost columns are left out rather than cutting the first column
 * (the id), which is cut only when it does not fit beside even one other column.
 */
export function layout(headers: string[], sample: Cell[][], total?: number): Layout {
  const n = headers.length;
  const natural = headers.map((h) => displayWidth(h));
  const right = headers.map(() => true);
  const seen = headers.map(() => false);
  for (const row of sample) {
    for (let i = 0; i < n; i++) {
      const c = row[i];
      natural[i] = Math.max(natural[i], displayWidth(c.text));
      if (!c.empty) {
        seen[i] = true;
        if (!c.numeric) right[i] = false;
      }
    }
  }
  for (let i = 0; i < n; i++) right[i] = right[i] && seen[i];
  if (total === undefined) return { widths: natural, right, cut: false, shown: n };
  for (const keepFirst of [true, false]) {
    for (let shown = n; shown > 1; shown--) {
      const widths = fit(natural.slice(0, shown), total - GAP.length * (shown - 1), keepFirst);
      if (widths) return { widths, right, cut: true, shown };
    }
  }
  return { widths: [Math.max(1, Math.min(natural[0], total))], right, cut: true, shown: 1 };
}

/** Widths within `room`, or undefined when a cut column would be narrower than MIN_CUT. */
function fit(natural: number[], room: number, keepFirst: boolean): number[] | undefined {
  const sum = (ws: number[]) => ws.reduce((a, b) => a + b, 0);
  if (sum(natural) <= room) return natural;
  const fixed = keepFirst ? natural[0] : 0;
  const flex = keepFirst ? natural.slice(1) : natural;
  const space = room - fixed;
  // The highest level L with sum(min(w, L)) <= space: every column wider than L is cut to L.
  let lo = 0;
  let hi = Math.max(0, ...flex);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sum(flex.map((w) => Math.min(w, mid))) <= space) lo = mid;
    else hi = mid - 1;
  }
  if (lo < MIN_CUT) return undefined;
  const widths = flex.map((w) => Math.min(w, lo));
  let spare = space - sum(widths);
  for (let i = 0; i < widths.length && spare > 0; i++) {
    if (flex[i] > widths[i]) {
      widths[i]++;
      spare--;
    }
  }
  return keepFirst ? [fixed, ...widths] : widths;
}

/** One line of the table: cells cut (when fitting), painted and padded; no trailing spaces. */
export function formatRow(cells: Cell[], l: Layout, paint: CellPainter): string {
  const last = Math.min(cells.length, l.shown) - 1;
  let line = '';
  for (let i = 0; i <= last; i++) {
    const c = cells[i];
    const plain = l.cut ? truncate(c.text, l.widths[i]) : c.text;
    const painted = paint(c, plain);
    const fill = l.widths[i] - displayWidth(plain);
    if (l.right[i] && fill > 0) line += ' '.repeat(fill) + painted;
    else line += i === last || fill <= 0 ? painted : painted + ' '.repeat(fill);
    if (i < last) line += GAP;
  }
  return line.trimEnd() + '\n';
}

/** Record layout: "key  value" per row, keys padded; a value's further lines indented under it. */
export function formatRecord(rows: Array<{ key: string; value: Cell }>, paint: CellPainter): string {
  const keyWidth = Math.max(0, ...rows.map((r) => displayWidth(r.key)));
  let out = '';
  for (const { key, value } of rows) {
    const [first, ...more] = value.text.split('\n');
    out +=
      `${paint({ text: key, style: 'dim' }, pad(key, keyWidth))}${GAP}${paint(value, first ?? '')}`.trimEnd() + '\n';
    for (const line of more) out += `${' '.repeat(keyWidth)}${GAP}${paint(value, line)}`.trimEnd() + '\n';
  }
  return out;
}

/** Line breaks and tabs inside a list cell become spaces: a row is always one line. */
export function oneLine(text: string): string {
  return /[\r\n\t]/.test(text) ? text.replace(/\r\n|[\r\n\t]/g, ' ') : text;
}
