// CSV text shared by output/ and jobs/import/: RFC 4180 quoting, cells exactly as given (the rejects file),
// and the spreadsheet-safe form of a text cell.
import { describe, expect, test } from 'vitest';
import { csvPreamble, quoteField, rawCsvLine, spreadsheetCell } from '../../src/csv/write-line.js';

describe('src/csv/write-line.ts', () => {
  test('quoting: the delimiter, a quote, CR or LF; quotes doubled', () => {
    expect(quoteField('plain')).toBe('plain');
    expect(quoteField('a,b')).toBe('"a,b"');
    expect(quoteField('a;b')).toBe('a;b');
    expect(quoteField('a;b', ';')).toBe('"a;b"');
    expect(quoteField('say "hi"')).toBe('"say ""hi"""');
    expect(quoteField('two\nlines')).toBe('"two\nlines"');
  });

  test('a raw line keeps every cell as read, formulas included', () => {
    expect(rawCsvLine(['=SUM(A1)', '+33 6', 'a,b', ''])).toBe('=SUM(A1),+33 6,"a,b",\r\n');
  });

  test('a text cell that would run as a formula gets a leading quote; numbers and phones stay', () => {
    expect(spreadsheetCell('=HYPERLINK("x")', true)).toBe('\'=HYPERLINK("x")');
    expect(spreadsheetCell('@cmd', true)).toBe("'@cmd");
    expect(spreadsheetCell('-12.5', true)).toBe('-12.5');
    expect(spreadsheetCell('+33 6 12 34 56 78', true)).toBe('+33 6 12 34 56 78');
    expect(spreadsheetCell('-5', false)).toBe('-5');
    expect(spreadsheetCell('=1', true, { raw: true })).toBe('=1');
  });

  test('the excel dialect: long digit runs, leading zeros and phones as ="..." and a byte-order mark', () => {
    expect(spreadsheetCell('4470000000000001', false, { dialect: 'excel' })).toBe('="4470000000000001"');
    expect(spreadsheetCell('007', true, { dialect: 'excel' })).toBe('="007"');
    expect(spreadsheetCell('+1 (555) 010-0199', true, { dialect: 'excel' })).toBe('="+1 (555) 010-0199"');
    expect([csvPreamble({ dialect: 'excel' }), csvPreamble()]).toEqual(['\uFEFF', '']);
  });
});
