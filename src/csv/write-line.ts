// CSV text below every layer that writes CSV (output/ for lists, records and lead files; jobs/import/ for the
// rejects file): RFC 4180 quoting, the spreadsheet-safe form of a cell, the excel dialect's byte-order
// mark. What a value looks like as text (numbers, objects, lists) is output/'s business (output/csv-values.ts).
//
// Text typed by strangers (lead names, card fields, an API's error message) must be safe to open in a
// spreadsheet (OWASP "CSV injection"): unless `raw`, a text cell that begins with = + - @ tab or CR gets
// a leading `'`, so Excel, LibreOffice and Google Sheets show it as text instead of running it as a
// formula. Left as they are: numbers the API sent as numbers, number-looking text (`-12.5`), and phone
// numbers (`+33 6 12 34 56 78`, `+1 (555) 010-0199`), which keep their `+`.
//
// The `excel` dialect is for double-clicking the file in Excel: a UTF-8 byte-order mark (so accents
// survive), and long digit runs, numbers with a leading zero and phone numbers written as ="..." so
// Excel keeps them as text (no 4.47E+15, no lost leading 0, no lost `+`).

export type CsvDialect = 'rfc4180' | 'excel';

export interface CsvSettings {
  dialect?: CsvDialect;
  /** `,` (default), `;` or a tab. */
  delimiter?: string;
  /** Values exactly as sent: no formula neutralisation, no ="..." wrapping. */
  raw?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;
// Phone-shaped: an optional leading +, then digits with the usual separators (any space, ( ) . - /),
// at least 6 digits, and optionally an extension (`ext. 12`, `x12`, `#12`); nothing else. Such a cell
// cannot call a function or reach another cell, so it is not neutralised: a phone number keeps its +.
const PHONE = /^\+?\(?\d[\d\s().\-/]*(?:\s*(?:ext\.?|x|#)\s*\d{1,6})?$/i;
const LONG_DIGITS = /^\d{12,}$/;
const LEADING_ZERO = /^0\d+$/;

function isPhone(s: string): boolean {
  return PHONE.test(s) && (s.match(/\d/g)?.length ?? 0) >= 6 && /[+\s().\-/]/.test(s);
}

/**
 * What the spreadsheet should see for a cell's text (before quoting). `text`: the value was text (or
 * an object written as text), not a number or a boolean, so a leading formula character is neutralised.
 */
export function spreadsheetCell(s: string, text: boolean, settings: CsvSettings = {}): string {
  if (settings.raw || s === '') return s;
  if (settings.dialect === 'excel') {
    if (LONG_DIGITS.test(s) || LEADING_ZERO.test(s) || (text && isPhone(s) && s.startsWith('+'))) return `="${s}"`;
  }
  if (text && FORMULA_START.test(s) && !NUMBER.test(s) && !isPhone(s)) return `'${s}`;
  return s;
}

/** RFC 4180 quoting: a field holding the delimiter, a quote, CR or LF is quoted, quotes doubled. */
export function quoteField(s: string, delimiter = ','): string {
  return s.includes(delimiter) || /["\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line of cells exactly as given (quoted, nothing neutralised or rewritten), CRLF-terminated. */
export function rawCsvLine(cells: string[], delimiter = ','): string {
  return cells.map((c) => quoteField(c, delimiter)).join(delimiter) + '\r\n';
}

/** What goes before the header line: the byte-order mark of the excel dialect. */
export function csvPreamble(settings: CsvSettings = {}): string {
  return settings.dialect === 'excel' ? '\uFEFF' : '';
}
