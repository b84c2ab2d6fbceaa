// Spreadsheet damage caught before sending: scientific notation, digits cut to 15, dropped leading
// zeros, mojibake. Each with line and column; --skip-invalid applies.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SpreadsheetCheck } from '../../../src/jobs/import/spreadsheet.js';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli } from '../../helpers/run-cli.js';
import { readReportLines, writeCsv } from './_files.js';

const emu = useEmulator();
const files: string[] = [];
const csv = (text: string) => {
  const f = writeCsv('people.csv', text);
  files.push(f);
  return f;
};
afterAll(() => {
  for (const f of files) rmSync(dirname(f), { recursive: true, force: true });
});

function check(headers: string[], rows: string[][]) {
  const s = new SpreadsheetCheck(headers, (cells) => cells[0] || null);
  const now = rows.flatMap((cells, i) => s.row(i + 2, cells));
  return [...now, ...s.finish()].map((p) => [p.line, p.code, p.message.slice(0, p.message.indexOf(':'))]);
}

describe('SpreadsheetCheck', () => {
  it('scientific notation in any column, with the column named', () => {
    expect(
      check(
        ['externalId', 'phone'],
        [
          ['P-1', '4.47E+11'],
          ['4,47E+11', '+44 20 7946 0958'],
          ['P-3', 'E+1 Street'],
        ],
      ),
    ).toEqual([
      [2, 'spreadsheet_scientific_notation', 'column "phone"'],
      [3, 'spreadsheet_scientific_notation', 'column "externalId"'],
    ]);
  });

  it('15 significant digits: only in a column where no long value keeps digits past the 15th', () => {
    const cut = check(
      ['externalId', 'card'],
      [
        ['A', '4470000000123450'],
        ['B', '1234567890123450000'],
        ['C', '123'],
      ],
    );
    expect(cut).toEqual([
      [2, 'spreadsheet_truncated_digits', 'column "card"'],
      [3, 'spreadsheet_truncated_digits', 'column "card"'],
    ]);
    expect(
      check(
        ['externalId', 'card'],
        [
          ['A', '4470000000123450'],
          ['B', '4470000000123456'],
        ],
      ),
    ).toEqual([]);
  });

  it('leading zeros: digit-only values one or two shorter than those that kept their 0 in the same column', () => {
    const rows = [
      ['A', '07700900123'],
      ['B', '7700900456'],
      ['C', '07700900789'],
      ['D', '770090012'],
      ['E', '12345'],
    ];
    expect(check(['externalId', 'mobile'], rows)).toEqual([
      [3, 'spreadsheet_leading_zero', 'column "mobile"'],
      [5, 'spreadsheet_leading_zero', 'column "mobile"'],
    ]);
    // US ZIP codes of the same length, some with a leading 0: nothing to say.
    expect(
      check(
        ['externalId', 'zip'],
        [
          ['A', '02134'],
          ['B', '94105'],
        ],
      ),
    ).toEqual([]);
  });

  it('mojibake: UTF-8 read as Windows-1252 or Latin-1; real accents and CJK pass', () => {
    const rows = [
      ['A', 'JosÃ© MÃ¼ller'],
      ['B', 'Oâ€™Brien'],
      ['C', 'José Müller, O’Brien, São Paulo, 渡辺, Ärger, Å'],
      ['D', 'Ã\u0089mile'],
    ];
    expect(check(['externalId', 'name'], rows)).toEqual([
      [2, 'spreadsheet_mojibake', 'column "name"'],
      [3, 'spreadsheet_mojibake', 'column "name"'],
      [5, 'spreadsheet_mojibake', 'column "name"'],
    ]);
  });
});

describe('campaigns import: spreadsheet damage in the validation pass', () => {
  const file = () =>
    csv(
      [
        'externalId,firstName,lastName,company,emails.0.label,emails.0.value,phones.0.label,phones.0.value',
        'P-1,Ada,Lovelace,Acme,Work,ada@x.example,Mobile,07700900123',
        'P-2,JosÃ©,Garcia,Acme,Work,jose@x.example,Mobile,7700900456',
        '4.47E+11,Alan,Turing,Acme,Work,alan@x.example,Mobile,07700900789',
        'P-4,Grace,Hopper,Acme,Work,grace@x.example,Mobile,+1 202 555 0100',
      ].join('\n') + '\n',
    );

  it('--validate-only: every finding with line and column; exit 2, nothing sent', async () => {
    const r = await runCli(['campaigns', 'import', 'cmp_native', file(), '--validate-only'], { emu });
    expect([r.exitCode, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain('error: 3 problems in the file; nothing was sent');
    expect(r.stderr).toContain('line 3: column "firstName": "JosÃ©" looks like UTF-8 text read as Windows-1252 ("Ã©")');
    expect(r.stderr).toContain(
      'line 3: column "phones.0.value": 10 digits where 2 other values in this column have 11 with a leading 0',
    );
    expect(r.stderr).toContain('line 4: column "externalId": "4.47E+11" is a number in scientific notation');
    expect(emu.requests({ method: 'POST' })).toHaveLength(0);
  });

  it('--skip-invalid: the damaged rows are recorded as invalid and the others imported', async () => {
    const f = file();
    const r = await runCli(['campaigns', 'import', 'cmp_native', f, '--skip-invalid'], { emu });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain('skipping 2 invalid rows');
    expect(
      emu.store.cards.filter((c) => c.campaignId === 'cmp_native' && ['P-1', 'P-4'].includes(c.externalId ?? ''))
        .length,
    ).toBe(2);
    const invalid = readReportLines(`${f}.report.ndjson`).filter((l) => l.outcome === 'invalid');
    expect(invalid.map((l) => [l.line, l.errorCode])).toEqual([
      [3, 'spreadsheet_mojibake'],
      [4, 'spreadsheet_scientific_notation'],
    ]);
    // One report line per row: line 3's leading-zero finding came after the pass and is shown on the terminal.
    expect(r.stderr).toContain('line 3: column "phones.0.value": 10 digits');
  });
});
