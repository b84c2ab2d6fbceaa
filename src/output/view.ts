// What a command hands the renderer besides its data: a View says how one kind of resource looks in
// every format (render.ts decides which applies; commands never branch on the format themselves).
import type { Paint, Painter } from './paint.js';
import type { OutputSettings } from './settings.js';

export type { Style } from './paint.js';
import type { Style } from './paint.js';

export interface Column<T = any> {
  header: string;
  /** Dotted path into the item, or a function. */
  value: string | ((item: T) => unknown);
  style?: Style;
  /**
   * Fitting a narrow terminal: 0 is never left out, a higher number is left out sooner (default: 0
   * for the first column, 1 for the rest; among equals the rightmost goes first).
   */
  priority?: number;
  /**
   * Never cut in the middle: shown whole or left out (default: the first column, and columns styled
   * url, date or status; a column of numbers always is).
   */
  whole?: boolean;
  /** Narrowest a cuttable column is cut to (default 8, or its widest cell when that is less). */
  min?: number;
}

/** A titled table printed after a record's table: a template's field rules, a lead's answers. */
export interface Section<T = any, R = any> {
  title: string;
  rows: (item: T) => R[];
  columns: Column<R>[];
  /** No rows: one line `<title>: <none>` instead of the table's header alone. */
  none?: string;
}

export interface View<T = any> {
  /** Table columns of a list. */
  columns: Column<T>[];
  /** Rows of a single record's table; default: every flattened field. */
  record?: Column<T>[];
  /**
   * CSV columns (dotted paths into the item, or into csvRow's result): every field the API
   * documents; anything else a record holds goes into a last `extra` column as JSON. Default: the
   * union of every item's flattened fields (an array), or the first item's plus `extra` (a stream).
   */
  csv?: string[];
  /** The CSV shape of an item, when it differs from the item (leads: contact split, answers joined). */
  csvRow?: (item: T) => Record<string, unknown>;
  /** A record whose CSV is a list of its parts (analytics: one row per day of the timeline). */
  csvItems?: { items: (item: T) => unknown[]; view: View };
  /** The stderr line of an empty table, e.g. "no cards match". */
  empty?: string;
  /** The id printed by -q; default item.id. */
  id?: (item: T) => string;
  /** Extra text printed after a record's table (tables only, not with --fields). */
  extra?: (item: T, ctx: TableContext) => string;
  /** Titled tables printed after a record's table (tables only, not with --fields). */
  sections?: Section<T>[];
  /**
   * A record's whole text in a table format, instead of its table (analytics: totals, a chart,
   * breakdowns). --fields does not change it.
   */
  text?: (item: T, ctx: TextContext) => string | Promise<string>;
  /** The record is a list envelope (`cardqr api GET /cards`): its items print as a list in every format but json. */
  list?: (item: T) => unknown[] | undefined;
  /**
   * A fixed text format that replaces every other (a CRM preset's CSV, vCards): the header, then one
   * text per item ('' leaves an item out).
   */
  file?: { header(): string; item(item: T): string };
}

export interface TableContext {
  settings: OutputSettings;
  paint: Painter;
}

export interface TextContext {
  settings: OutputSettings;
  /** Colours text (identity when colour is off); output/paint.ts has the painters built on it. */
  paint: Paint;
  /** The terminal's width (a chart fills it). */
  columns: number;
  /** Says on stderr which columns of a titled table were left out to fit the width. */
  leftOut: (title: string, columns: string[]) => void;
}
