// campaigns import --rejects: failed and invalid rows with their original cells, ready to fix and
// import as they are; and the plan a --dry-run ends with.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, spawnCli } from '../../helpers/built-cli.js';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';
import { readReportLines, writeCsv } from './_files.js';

const emu = useEmulator();
/** What a spreadsheet saves: RFC 4180, cells as they are. */
const csvLine = (cells: string[]) =>
  cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',') + '\r\n';
const dirs: string[] = [];
const csv = (text: string, name = 'people.csv') => {
  const f = writeCsv(name, text);
  dirs.push(dirname(f));
  return f;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const cards = (id: string) => emu.store.cards.filter((c) => c.campaignId === 'cmp_native' && c.externalId === id);

const HEADER = 'externalId,firstName,lastName,company,emails.0.label,emails.0.value';
// Line 2 fine; line 3 invalid in the file (company required, empty); line 4 refused by the API
// (an email label without a value); line 5 a quoted cell with a comma, a quote and a line break, refused too;
// line 7 cells a spreadsheet would take for formulas, refused too (kept exactly as read).
const FILE =
  [
    HEADER,
    'P-1,Ada,Lovelace,Acme,Work,ada@x.example',
    'P-2,Alan,Turing,,Work,alan@x.example',
    'P-3,Grace,Hopper,Navy,Work,',
    'P-4,"Jo, ""JJ""","Line\nTwo",Acme,Work,',
    'P-5,=Eve,@handle,-Dash,Work,',
  ].join('\r\n') + '\r\n';

describe('campaigns import --rejects', () => {
  it('writes the header and cells of every failed or invalid row, plus line, errorCode, message', async () => {
    const file = csv(FILE);
    const rejects = join(dirname(file), 'rejects.csv');
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--skip-invalid', '--rejects', rejects], {
      emu,
    });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain(`rejects: 4 rows in ${rejects} (fix them there and import that file as it is)`);
    expect(cards('P-1')).toHaveLength(1);
    const rows = parse(readFileSync(rejects, 'utf8'), { relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual([...HEADER.split(','), 'line', 'errorCode', 'message']);
    expect(rows.slice(1).map((x) => x.slice(0, 7))).toEqual([
      ['P-2', 'Alan', 'Turing', '', 'Work', 'alan@x.example', '3'],
      ['P-3', 'Grace', 'Hopper', 'Navy', 'Work', '', '4'],
      ['P-4', 'Jo, "JJ"', 'Line\nTwo', 'Acme', 'Work', '', '5'],
      ['P-5', '=Eve', '@handle', '-Dash', 'Work', '', '7'], // the cells exactly as read, nothing neutralised
    ]);
    expect(rows[1].slice(7)).toEqual(['validation_failed', 'required field "company" is empty']);
    const report = readReportLines(`${file}.report.ndjson`).slice(1);
    const failed = report.find((l) => l.line === 4);
    expect(rows[2].slice(7)).toEqual([failed.errorCode, failed.message]);
    expect(readdirSync(dirname(file)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('the rejects file imports as it is: its three columns are ignored with a note; fixed rows are created', async () => {
    const file = csv(FILE);
    const rejects = join(dirname(file), 'rejects.csv');
    await runCli(['campaigns', 'import', 'cmp_native', file, '--skip-invalid', '--rejects', rejects], { emu });
    // Unchanged: the same rows fail the same way, nothing about unknown columns.
    const again = await runCli(
      ['campaigns', 'import', 'cmp_native', rejects, '--skip-invalid', '--report', join(dirname(file), 'again.ndjson')],
      { emu },
    );
    expect(again.exitCode).toBe(7);
    expect(again.stderr).toContain(
      `note: ignoring the last columns line, errorCode and message of ${rejects} (a rejects file of an earlier import)`,
    );
    expect(again.stderr).not.toContain('unknown column');
    // Fixed in a "spreadsheet": fill the gaps, keep the extra columns, import as it is.
    const rows = parse(readFileSync(rejects, 'utf8')) as string[][];
    rows[1][3] = 'Bletchley';
    rows[2][5] = 'grace@x.example';
    rows[3][5] = 'jo@x.example';
    rows[4][5] = 'eve@x.example';
    writeFileSync(rejects, rows.map((row) => csvLine(row)).join(''));
    const fixed = await runCli(
      ['campaigns', 'import', 'cmp_native', rejects, '--report', join(dirname(file), 'fixed.ndjson')],
      { emu },
    );
    expect(fixed.exitCode).toBe(0);
    expect(fixed.stderr).toContain('created  4');
    expect(cards('P-5')[0].fields).toMatchObject({ firstName: '=Eve', lastName: '@handle', company: '-Dash' });
    expect(cards('P-4')[0].fields).toMatchObject({ firstName: 'Jo, "JJ"', lastName: 'Line\nTwo' });
    const sent = emu.requests({ method: 'POST', path: '/campaigns/cmp_native/cards' }).at(-1)!.body as Record<
      string,
      unknown
    >;
    expect(Object.keys(sent).sort()).toEqual(['externalId', 'fields']);
  });

  it('--validate-only and a stopped import (no --skip-invalid) write the invalid rows too; nothing sent', async () => {
    const file = csv(FILE);
    const rejects = join(dirname(file), 'rejects.csv');
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--rejects', rejects], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`rejects: 4 rows in ${rejects}`); // an email entry without its value is caught here too
    expect(emu.requests({ method: 'POST' })).toHaveLength(0);
    const clean = csv(`${HEADER}\nP-9,A,B,C,Work,a@x.example\n`, 'clean.csv');
    const v = await runCli(['campaigns', 'import', 'cmp_native', clean, '--validate-only', '--rejects', rejects], {
      emu,
    });
    expect(v.exitCode).toBe(0);
    expect(v.stderr).toContain(`rejects: none; ${rejects} holds the header only`);
    expect(readFileSync(rejects, 'utf8')).toBe(`${HEADER},line,errorCode,message\r\n`);
  });

  it('UTF-8 with commas whatever the input was; stray cells past the header are not copied, the message counts them', async () => {
    const latin1 = Buffer.from(
      `externalId;firstName;lastName;company;emails.0.label;emails.0.value\nP-7;José;Núñez;;Work;j@x.example;stray\n`,
      'latin1',
    );
    const file = csv('');
    writeFileSync(file, latin1);
    const rejects = join(dirname(file), 'rejects.csv');
    const r = await runCli(
      [
        'campaigns',
        'import',
        'cmp_native',
        file,
        '--delimiter',
        ';',
        '--encoding',
        'latin1',
        '--validate-only',
        '--rejects',
        rejects,
      ],
      { emu },
    );
    expect(r.exitCode).toBe(2);
    const rows = parse(readFileSync(rejects, 'utf8')) as string[][];
    expect(rows[0]).toEqual([
      'externalId',
      'firstName',
      'lastName',
      'company',
      'emails.0.label',
      'emails.0.value',
      'line',
      'errorCode',
      'message',
    ]);
    expect(rows[1].slice(0, 7)).toEqual(['P-7', 'José', 'Núñez', '', 'Work', 'j@x.example', '2']);
    expect(rows[1][8]).toContain('7 values for 6 columns');
  });

  it('exit 2 before sending: --rejects naming the input, the report, or a directory', async () => {
    const file = csv(FILE);
    const dir = join(dirname(file), 'sub');
    mkdirSync(dir);
    for (const [args, message] of [
      [['--rejects', file], 'is also'],
      [['--rejects', `${file}.report.ndjson`], 'is also'],
      [['--rejects', dir], 'is a directory'],
      [['--rejects', '/nonexistent-dir/r.csv'], 'cannot write in /nonexistent-dir'],
    ] as Array<[string[], string]>) {
      const r = await runCli(['campaigns', 'import', 'cmp_native', file, ...args], { emu });
      expect([r.exitCode, r.stdout], args.join(' ')).toEqual([2, '']);
      expect(r.stderr).toContain(message);
    }
    expect(emu.requests()).toHaveLength(0);
    expect(existsSync(`${file}.report.ndjson`)).toBe(false);
  });
});

describe('campaigns import --rejects on a full disk (ulimit -f)', () => {
  beforeAll(async () => {
    await ensureFreshBuild();
  }, 180_000);

  it('the old rejects file stays whole; the temporary file is swept by the next run', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `P-${i},${'x'.repeat(80)},Lovelace,,Work,a${i}@x.example`);
    const file = csv([HEADER, ...rows].join('\n') + '\n');
    const rejects = join(dirname(file), 'rejects.csv');
    writeFileSync(rejects, 'OLD\r\n');
    const env = { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full, CARDQR_CONFIG_DIR: dirname(file) };
    const cmd = `ulimit -f 2; exec $CARDQR campaigns import cmp_native '${file}' --validate-only --rejects '${rejects}'`;
    const full = await spawnCli([], { shell: cmd, env }).done;
    // A short write is not taken for success: the problems are still listed (exit 2) with a line saying the file could not be written.
    expect(full.code).toBe(2);
    expect(full.stderr).toContain(
      `rejects: could not write the rejects file ${rejects} (EFBIG); the file there before is unchanged`,
    );
    expect(readFileSync(rejects, 'utf8')).toBe('OLD\r\n');
    const again = await spawnCli(['campaigns', 'import', 'cmp_native', file, '--validate-only', '--rejects', rejects], {
      env,
    }).done;
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`rejects: 60 rows in ${rejects}`);
    expect(readdirSync(dirname(file)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});

describe('campaigns import --dry-run: the plan', () => {
  it('would create N, already exist M, invalid K (in the file and refused by the dry run); -o json carries it', async () => {
    await runCli(
      ['campaigns', 'import', 'cmp_native', csv(`${HEADER}\nP-1,Ada,Lovelace,Acme,Work,ada@x.example\n`, 'first.csv')],
      { emu },
    );
    const file = csv(FILE + 'P-6,Katherine,Johnson,NASA,Work,kj@x.example\r\n');
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--dry-run', '--skip-invalid', '-o', 'json'], {
      emu,
    });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain(
      // An email entry without its value is the file check's to find now (the dry run refused them before).
      'plan: would create 1, already exist 1, invalid 4 (4 found in the file, 0 refused by the dry run)',
    );
    expect(json(r).plan).toEqual({ create: 1, exist: 1, invalid: 4 });
    expect(cards('P-6')).toHaveLength(0);
  });
});

describe('writeRejects: text from the API', () => {
  it("neutralises a formula in the API's code and message, and keeps the operator's cells exactly", async () => {
    const { Rejects, writeRejects } = await import('../../../src/jobs/import/rejects.js');
    const out = join(dirname(csv('x\n')), 'rejects.csv');
    const rejects = new Rejects();
    rejects.add(2, '=cmd', '=HYPERLINK("http://evil.example","click")');
    async function* rows() {
      yield { line: 2, cells: ['=SUM(A1)', '+44 20 7946 0000'] };
    }
    expect(await writeRejects(out, ['name', 'phone'], rows(), rejects)).toBe(1);
    const [, row] = parse(readFileSync(out, 'utf8'), { relax_column_count: true }) as string[][];
    expect(row).toEqual(['=SUM(A1)', '+44 20 7946 0000', '2', "'=cmd", `'=HYPERLINK("http://evil.example","click")`]);
  });
});
