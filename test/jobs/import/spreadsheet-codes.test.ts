// Scientific notation as a spreadsheet makes it (4.47E+11: one digit, decimals, a signed exponent of 11 or
// more) is damage; codes that merely look like it ("1E3", "12E5", "3E-1", "2E+05") are data.
import { describe, expect, it } from 'vitest';
import { SpreadsheetCheck } from '../../../src/jobs/import/spreadsheet.js';

const flagged = (v: string) =>
  new SpreadsheetCheck(['externalId', 'unit'], () => 'P-1')
    .row(2, ['P-1', v])
    .some((p) => p.code === 'spreadsheet_scientific_notation');

describe('scientific notation', () => {
  it.each(['1E3', '12E5', '3E-1', '2E+05', '1e10', 'B1E3'])('%s is data', (v) => {
    expect(flagged(v)).toBe(false);
  });
  it.each(['4.47E+11', '4,47E+11', '1.23457E+15', '-7.1E+12', '1.5E-10'])('%s is what a spreadsheet made', (v) => {
    expect(flagged(v)).toBe(true);
  });
});
