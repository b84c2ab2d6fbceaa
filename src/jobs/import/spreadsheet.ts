// What a spreadsheet does to a CSV on its way through Excel, caught in the validation pass (README
// "Spreadsheet damage"): numbers shown in scientific notation (4.47E+11), long numbers cut to 15
// significant digits (4470000000123456 → 4470000000123450), leading zeros dropped (07700 900123 →
// 7700900123 next to values that kept theirs), and UTF-8 read as Windows-1252 (é → Ã©, ’ → â€™).
// Per-cell checks report at once; the two that need the whole column report after the pass.
import type { RowProblem } from './types.js';

/** Excel's display of a number too long for its column: one digit, a fraction, an exponent. */
// As a spreadsheet shows a number too long for its column: one digit, decimals, a signed exponent of at
// least two digits (4.47E+11, 1.23457E+15). "1E3", "12E5" or "3E-1" are how people write codes and
// units, not what a spreadsheet makes; and it switches to E+ only from 12 digits on (E+11).
const SCIENTIFIC = /^[+-]?\d(?:[.,]\d+)?E([+-])(\d{2,3})$/i;
const spreadsheetScientific = (v: string) => {
  const m = SCIENTIFIC.exec(v);
  return m !== null && (m[1] === '-' || Number(m[2]) >= 11);
};
/**
 * A UTF-8 lead byte (Â Ã Ä Å or â) shown as its Windows-1252 / Latin-1 character and followed by a
 * continuation byte (0x80-0xBF) shown the same way: the signature of UTF-8 decoded as cp1252.
 */
const CONT =
  '\\u0080-\\u00BF\\u20AC\\u201A\\u0192\\u201E\\u2026\\u2020\\u2021\\u02C6\\u2030\\u0160\\u2039\\u0152\\u017D\\u2018\\u2019\\u201C\\u201D\\u2022\\u2013\\u2014\\u02DC\\u2122\\u0161\\u203A\\u0153\\u017E\\u0178';
const MOJIBAKE = new RegExp(`[\\u00C2-\\u00C5][${CONT}]|\\u00E2[\\u20AC\\u0080][${CONT}]`);
const DIGITS = /^\d+$/;
/** Excel keeps 15 significant digits of a number. */
const EXCEL_DIGITS = 15;

interface ColumnState {
  /** A value of 16+ digits whose digits past the 15th are not all zero: this column was not cut. */
  uncut: boolean;
  /** Lines, values and row identifiers of 16+ digit values ending in zeros past the 15th digit. */
  cut: Array<[number, string, string | null]>;
  /** Lengths of digit-only values that start with 0 (the column keeps leading zeros). */
  zeroLengths: Map<number, number>;
  /** Digit-only values without a leading zero, by length: line numbers and row identifiers. */
  plain: Map<number, Array<[number, string | null]>>;
}

export class SpreadsheetCheck {
  private readonly columns: ColumnState[];

  constructor(
    private readonly headers: string[],
    private readonly idOf: (cells: string[]) => string | null,
  ) {
    this.columns = headers.map(() => ({ uncut: false, cut: [], zeroLengths: new Map(), plain: new Map() }));
  }

  /** The problems a single cell shows; column-wide evidence is collected for finish(). */
  row(line: number, cells: string[]): RowProblem[] {
    const out: RowProblem[] = [];
    const n = Math.min(cells.length, this.headers.length);
    for (let i = 0; i < n; i++) {
      const raw = cells[i];
      if (!raw) continue;
      const v = raw.trim();
      const where = `column "${this.headers[i]}"`;
      if (spreadsheetScientific(v)) {
        out.push(
          this.problem(
            line,
            cells,
            'spreadsheet_scientific_notation',
            `${where}: "${v}" is a number in scientific notation, as a spreadsheet shows long numbers; the original digits are lost: format the column as text in the spreadsheet, retype them and export again`,
          ),
        );
      } else if (DIGITS.test(v)) {
        this.digits(i, line, v, cells);
      }
      const m = MOJIBAKE.exec(raw);
      if (m) {
        out.push(
          this.problem(
            line,
            cells,
            'spreadsheet_mojibake',
            `${where}: "${excerpt(raw, m.index)}" looks like UTF-8 text read as Windows-1252 ("${m[0]}"): save the file as UTF-8 again from the original, or pass the file's real --encoding`,
          ),
        );
      }
    }
    return out;
  }

  private digits(i: number, line: number, v: string, cells: string[]): void {
    const c = this.columns[i];
    if (v.length > EXCEL_DIGITS) {
      if (/^0*$/.test(v.slice(EXCEL_DIGITS))) c.cut.push([line, v, this.idOf(cells)]);
      else c.uncut = true;
    }
    if (v.length > 1 && v.startsWith('0')) c.zeroLengths.set(v.length, (c.zeroLengths.get(v.length) ?? 0) + 1);
    else if (v.length > 1) {
      const entry: [number, string | null] = [line, this.idOf(cells)];
      const list = c.plain.get(v.length);
      if (list) list.push(entry);
      else c.plain.set(v.length, [entry]);
    }
  }

  /**
   * Column-wide findings, after every row was seen: 16+ digit values that all end in zeros past the
   * 15th digit (a column Excel cut), and digit-only values one or two digits shorter than the values
   * in the same column that kept their leading zero.
   */
  finish(): Array<RowProblem & { column: number }> {
    const out: Array<RowProblem & { column: number }> = [];
    this.columns.forEach((c, i) => {
      const where = `column "${this.headers[i]}"`;
      if (!c.uncut) {
        for (const [line, v, externalId] of c.cut) {
          out.push({
            line,
            externalId,
            column: i,
            code: 'spreadsheet_truncated_digits',
            message: `${where}: "${v}" has ${v.length} digits and ends in zeros after the 15th, as a spreadsheet cuts long numbers; the last digits are lost: format the column as text and retype them`,
          });
        }
      }
      for (const [zeroLength, count] of c.zeroLengths) {
        for (const shorter of [zeroLength - 1, zeroLength - 2]) {
          for (const [line, externalId] of c.plain.get(shorter) ?? []) {
            out.push({
              line,
              externalId,
              column: i,
              code: 'spreadsheet_leading_zero',
              message: `${where}: ${shorter} digits where ${count} other value${count === 1 ? '' : 's'} in this column ${count === 1 ? 'has' : 'have'} ${zeroLength} with a leading 0: a spreadsheet probably dropped its leading zero${shorter === zeroLength - 2 ? 's' : ''}; format the column as text and retype it`,
            });
          }
        }
      }
    });
    return out.sort((a, b) => a.line - b.line || a.column - b.column);
  }

  private problem(line: number, cells: string[], code: string, message: string): RowProblem {
    return { line, externalId: this.idOf(cells), code, message };
  }
}

function excerpt(text: string, at: number): string {
  const start = Math.max(0, at - 12);
  const end = Math.min(text.length, at + 16);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/[\r\n]+/g, ' ')}${end < text.length ? '…' : ''}`;
}
