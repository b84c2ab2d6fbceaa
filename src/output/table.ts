// Compact tables for people (no borders, no rule between rows, two spaces between columns):
// column widths come from the headers and a sample of rows (all of them for a nested table, the
// first page for a streamed list), then fit the terminal in two steps. First whole columns are left
// out, lowest priority first (the rightmost of equal priority first), until what stays fits with each
// cuttable column at its narrowest; stderr names what was left out. Then the widest cuttable columns
// give way, cut with "…". Ids, URLs, statuses, dates and numbers are never cut: shown whole or left
// out. Numbers are right-aligned. Off a terminal (and without $COLUMNS) nothing is cut or left out:
// columns are padded to the sample's widths and a longer cell pushes the rest of its row.
import type { Style } from './paint.js';
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
/** Narrowest a cuttable column gets unless its column says otherwise ("Aleksan…"). */
export const MIN_CUT = 8;

/** How one column gives way to a narrow terminal. */
export interface Fit {
  /** 0: never left out; a higher number is left out sooner. */
  priority: number;
  /** Never cut in the middle (an id, a URL, a status, a date, a number): shown whole or left out. */
  whole: boolean;
  /** Narrowest a cuttable column is cut to (its natural width when that is less). */
  min: number;
}

export interface Layout {
  /** One width per column (left-out columns included). */
  widths: number[];
  /** Right-align the column (every sampled value is a number). */
  right: boolean[];
  /** Cut cells to their width (a width to fit is known). */
  cut: boolean;
  /** Never cut this column (a later, longer cell of a streamed list pushes the rest of its row). */
  whole: boolean[];
  /** Indexes of the columns shown, in order. */
  shown: number[];
  /** Indexes of the columns left out to fit, in order. */
  dropped: number[];
}

/** The default: the first column (the id) kept and whole, the rest cuttable, left out from the right. */
export function defaultFits(n: number): Fit[] {
  return Array.from({ length: n }, (_, i) => ({ priority: i === 0 ? 0 : 1, whole: i === 0, min: MIN_CUT }));
}

/**
 * Column widths for these headers and sample rows, fitted into `total` columns when given (see the
 * top of this file). A column of numbers is whole whatever its Fit says. When even the columns that
 * are never left out do not fit, they are shown whole and the line runs past the width: a cut id
 * or URL carries nothing.
 */
export function layout(headers: string[], sample: Cell[][], total?: number, fits?: Fit[]): Layout {
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
  const all = headers.map((_, i) => i);
  const fit = fits ?? defaultFits(n);
  const whole = all.map((i) => fit[i].whole || right[i]);
  if (total === undefined) return { widths: natural, right, cut: false, whole, shown: all, dropped: [] };
  const least = all.map((i) => (whole[i] ? natural[i] : Math.min(natural[i], Math.max(1, fit[i].min))));
  // Left out first: the highest priority number, the rightmost of equals; priority 0 never.
  const order = all.filter((i) => fit[i].priority > 0).sort((a, b) => fit[b].priority - fit[a].priority || b - a);
  const shown = new Set(all);
  const room = () => total - GAP.length * (shown.size - 1);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const kept = () => all.filter((i) => shown.has(i));
  for (const i of order) {
    if (sum(kept().map((k) => least[k])) <= room()) break;
    shown.delete(i);
  }
  const cols = kept();
  return {
    widths: cutToFit(natural, least, whole, cols, room()),
    right,
    cut: true,
    whole,
    shown: cols,
    dropped: all.filter((i) => !shown.has(i)),
  };
}

/**
 * Widths of the shown columns within `room`: whole columns keep their width; the cuttable ones
 * are cut to the highest common level L (none below its least width), spare columns given back from
 * the left.
 */
function cutToFit(natural: number[], least: number[], whole: boolean[], cols: number[], room: number): number[] {
  const widths = [...natural];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  if (sum(cols.map((i) => natural[i])) <= room) return widths;
  const flex = cols.filter((i) => !whole[i]);
  const space = room - sum(cols.filter((i) => whole[i]).map((i) => natural[i]));
  const at = (level: number) => flex.map((i) => Math.max(least[i], Math.min(natural[i], level)));
  let lo = 0;
  let hi = Math.max(0, ...flex.map((i) => natural[i]));
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sum(at(mid)) <= space) lo = mid;
    else hi = mid - 1;
  }
  const cut = at(lo);
  let spare = space - sum(cut);
  flex.forEach((i, k) => {
    widths[i] = cut[k];
    if (spare > 0 && natural[i] > widths[i]) {
      widths[i]++;
      spare--;
    }
  });
  return widths;
}

/** One line of the table: cells cut (when fitting), painted and padded; no trailing spaces. */
export function formatRow(cells: Cell[], l: Layout, paint: CellPainter): string {
  let line = '';
  l.shown.forEach((i, k) => {
    const c = cells[i];
    const last = k === l.shown.length - 1;
    const plain = l.cut && !l.whole[i] ? truncate(c.text, l.widths[i]) : c.text;
    const painted = paint(c, plain);
    const fill = l.widths[i] - displayWidth(plain);
    if (l.right[i] && fill > 0) line += ' '.repeat(fill) + painted;
    else line += last || fill <= 0 ? painted : painted + ' '.repeat(fill);
    if (!last) line += GAP;
  });
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
