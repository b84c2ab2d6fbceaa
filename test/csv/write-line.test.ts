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

  test('phone-shaped values keep their + (issue 35); formulas still get the quote', () => {
    const phones = [
      '+44 20 7946 0958',
      '+1 (555) 010-0000',
      '+33 1 23 45 67 89',
      '+44 (0)20 7946 0958',
      '+49-30-1234567',
      '+1.555.010.0000',
      '+44\u00a020\u00a07946\u00a00958', // no-break spaces, as pasted from a web page
      '+1 555 010 0000 ext. 12',
      '+1 555 010 0000 x12',
    ];
    for (const p of phones) expect([p, spreadsheetCell(p, true)]).toEqual([p, p]);
    for (const f of [
      '+SUM(1)',
      '=1+1',
      '@x',
      "+1+cmd|' /C calc'!A0",
      '-2+3+cmd|x',
      '+1 555 010 0000 ext. A1',
      '\t+44 20',
      '+A1',
    ])
      expect([f, spreadsheetCell(f, true)]).toEqual([f, `'${f}`]);
  });

  test('the excel dialect: long digit runs, leading zeros and phones as ="..." and a byte-order mark', () => {
    expect(spreadsheetCell('4470000000000001', false, { dialect: 'excel' })).toBe('="4470000000000001"');
    expect(spreadsheetCell('007', true, { dialect: 'excel' })).toBe('="007"');
    expect(spreadsheetCell('+1 (555) 010-0199', true, { dialect: 'excel' })).toBe('="+1 (555) 010-0199"');
    expect([csvPreamble({ dialect: 'excel' }), csvPreamble()]).toEqual(['\uFEFF', '']);
  });
});
