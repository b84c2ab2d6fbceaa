// Compact tables for people (no borders, no rule between rows, two spaces between columns):
// column widths come from the headers and a sample of rows (all of them for a nested table, the
// first page for a streamed list), then shrink to fit the terminal; a longer cell is cut with "…"
// instead of wrapping. Numbers are right-aligned. Off a terminal (and without $COLUMNS) nothing is
// cut: columns are padded to the sample's widths and a longer cell pushes the rest of its row.
import type { Style } from './render.js';
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
/** Below this a column is not shrunk while another is wider (the first pass). */
const COMFORT = 6;

export interface Layout {
  widths: number[];
  /** Right-align the column (every sampled value is a number). */
  right: boolean[];
  /** Cut cells to their width (a width to fit is known). */
  cut: boolean;
}

/** Column widths for these headers and sample rows, fitted into `total` columns when given. */
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
  if (total === undefined) return { widths: natural, right, cut: false };
  const widths = natural.map((w) => Math.min(w, total));
  let excess = widths.reduce((a, b) => a + b, 0) + GAP.length * (n - 1) - total;
  for (const floor of [COMFORT, 1]) {
    while (excess > 0) {
      let widest = -1;
      for (let i = 0; i < n; i++) if (widths[i] > floor && (widest < 0 || widths[i] > widths[widest])) widest = i;
      if (widest < 0) break;
      // Take from the widest column down to the next widest (or the floor), at most what is needed.
      const next = Math.max(floor, ...widths.filter((_, i) => i !== widest && widths[i] < widths[widest]), 0);
      const take = Math.min(excess, Math.max(1, widths[widest] - Math.max(next, floor)));
      widths[widest] -= take;
      excess -= take;
    }
  }
  return { widths, right, cut: true };
}

/** One line of the table: cells cut (when fitting), painted and padded; no trailing spaces. */
export function formatRow(cells: Cell[], l: Layout, paint: CellPainter): string {
  const last = cells.length - 1;
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
    out += `${paint({ text: key, style: 'dim' }, pad(key, keyWidth))}${GAP}${paint(value, first ?? '')}`.trimEnd() + '\n';
    for (const line of more) out += `${' '.repeat(keyWidth)}${GAP}${paint(value, line)}`.trimEnd() + '\n';
  }
  return out;
}

/** Line breaks and tabs inside a list cell become spaces: a row is always one line. */
export function oneLine(text: string): string {
  return /[\r\n\t]/.test(text) ? text.replace(/\r\n|[\r\n\t]/g, ' ') : text;
}

/** The width tables fit: $COLUMNS when set to a number, else the terminal's; none off a terminal. */
export function tableWidth(env: Readonly<Record<string, string | undefined>>, tty: boolean, columns: number): number | undefined {
  const fromEnv = /^\d+$/.test(env.COLUMNS?.trim() ?? '') ? Number(env.COLUMNS) : 0;
  if (fromEnv > 0) return fromEnv;
  return tty && columns > 0 ? columns : undefined;
}
