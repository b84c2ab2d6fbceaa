// The one CSV writer (lists, records, lead exports, presets). RFC 4180: CRLF line ends; fields holding
// the delimiter, a quote, CR or LF are quoted, quotes doubled.
//
// Text typed by strangers (lead names, card fields) must be safe to open in a spreadsheet (OWASP
// "CSV injection"): unless `raw`, a text cell that begins with = + - @ tab or CR gets a leading `'`,
// so Excel, LibreOffice and Google Sheets show it as text instead of running it as a formula. Left as
// they are: numbers the API sent as numbers, number-looking text (`-12.5`), and phone numbers
// (`+33 6 12 34 56 78`, `+1 (555) 010-0199`), which keep their `+`.
//
// The `excel` dialect is for double-clicking the file in Excel: a UTF-8 byte-order mark (so accents
// survive), and long digit runs, numbers with a leading zero and phone numbers written as ="..." so
// Excel keeps them as text (no 4.47E+15, no lost leading 0, no lost `+`).
import { cellText } from './values.js';

export type CsvDialect = 'rfc4180' | 'excel';
export const CSV_DIALECTS = ['rfc4180', 'excel', 'excel-semicolon'] as const;
export const CSV_DELIMITERS: Record<string, string> = { ',': ',', ';': ';', tab: '\t', '\t': '\t' };

export interface CsvSettings {
  dialect?: CsvDialect;
  /** `,` (default), `;` or a tab. */
  delimiter?: string;
  /** Values exactly as sent: no formula neutralisation, no ="..." wrapping. */
  raw?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;
// A leading +, then digits with the usual separators; at least 6 digits and nothing else.
const PHONE = /^\+?\(?\d[\d\s().\-/]*$/;
const LONG_DIGITS = /^\d{12,}$/;
const LEADING_ZERO = /^0\d+$/;

function isPhone(s: string): boolean {
  return PHONE.test(s) && (s.match(/\d/g)?.length ?? 0) >= 6 && /[+\s().\-/]/.test(s);
}

/** What the spreadsheet should see for one value (before CSV quoting). */
export function csvCell(v: unknown, settings: CsvSettings = {}): string {
  const s = cellText(v);
  if (settings.raw || s === '') return s;
  const text = typeof v === 'string' || (v !== null && typeof v === 'object');
  if (settings.dialect === 'excel') {
    if (LONG_DIGITS.test(s) || LEADING_ZERO.test(s) || (text && isPhone(s) && s.startsWith('+'))) return `="${s}"`;
  }
  if (text && FORMULA_START.test(s) && !NUMBER.test(s) && !isPhone(s)) return `'${s}`;
  return s;
}

export function csvField(v: unknown, settings: CsvSettings = {}): string {
  const s = csvCell(v, settings);
  const delimiter = settings.delimiter ?? ',';
  return s.includes(delimiter) || /["\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: unknown[], settings: CsvSettings = {}): string {
  return values.map((v) => csvField(v, settings)).join(settings.delimiter ?? ',') + '\r\n';
}

/** What goes before the header line: the byte-order mark of the excel dialect. */
export function csvPreamble(settings: CsvSettings = {}): string {
  return settings.dialect === 'excel' ? '\uFEFF' : '';
}

/** The settings of the global flags --csv-dialect, --csv-delimiter, --csv-raw (validated by commander). */
export function csvSettingsFrom(flags: { csvDialect?: string; csvDelimiter?: string; csvRaw?: boolean }): CsvSettings {
  const semicolon = flags.csvDialect === 'excel-semicolon';
  return {
    dialect: semicolon || flags.csvDialect === 'excel' ? 'excel' : 'rfc4180',
    delimiter: flags.csvDelimiter !== undefined ? CSV_DELIMITERS[flags.csvDelimiter] : semicolon ? ';' : ',',
    raw: Boolean(flags.csvRaw),
  };
}
