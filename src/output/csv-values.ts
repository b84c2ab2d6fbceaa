// The one CSV writer of output/ (lists, records, lead exports, presets): values as text (output/values.ts),
// made spreadsheet-safe and quoted by src/csv/write-line.ts (RFC 4180: CRLF line ends; fields holding the
// delimiter, a quote, CR or LF are quoted, quotes doubled; formulas neutralised unless --csv-raw).
import { own } from '../own.js';
import { type CsvDialect, csvPreamble, type CsvSettings, quoteField, spreadsheetCell } from '../csv/write-line.js';
import { cellText } from './values.js';

export { csvPreamble, type CsvDialect, type CsvSettings };
export const CSV_DIALECTS = ['rfc4180', 'excel', 'excel-semicolon'] as const;
export const CSV_DELIMITERS: Record<string, string> = { ',': ',', ';': ';', tab: '\t', '\t': '\t' };

/** What the spreadsheet should see for one value (before CSV quoting). */
export function csvCell(v: unknown, settings: CsvSettings = {}): string {
  const text = typeof v === 'string' || (v !== null && typeof v === 'object');
  return spreadsheetCell(cellText(v), text, settings);
}

export function csvField(v: unknown, settings: CsvSettings = {}): string {
  return quoteField(csvCell(v, settings), settings.delimiter ?? ',');
}

export function csvLine(values: unknown[], settings: CsvSettings = {}): string {
  return values.map((v) => csvField(v, settings)).join(settings.delimiter ?? ',') + '\r\n';
}

/** The settings of the global flags --csv-dialect, --csv-delimiter, --csv-raw (validated by commander). */
export function csvSettingsFrom(flags: { csvDialect?: string; csvDelimiter?: string; csvRaw?: boolean }): CsvSettings {
  const semicolon = flags.csvDialect === 'excel-semicolon';
  return {
    dialect: semicolon || flags.csvDialect === 'excel' ? 'excel' : 'rfc4180',
    delimiter: flags.csvDelimiter !== undefined ? own(CSV_DELIMITERS, flags.csvDelimiter) : semicolon ? ';' : ',',
    raw: Boolean(flags.csvRaw),
  };
}
