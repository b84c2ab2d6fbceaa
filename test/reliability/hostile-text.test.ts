// Text typed by strangers (issue 14, items 5 and 6; issue 18, item 3): card names and lead contacts
// holding escape sequences and spreadsheet formulas, stored in the emulator, and a server whose
// error messages carry escape sequences. Printed for people: escaped; -o json: exact; CSV: safe to
// open, raw on request, and an Excel dialect.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';
import { countHostileCases, json, runAgainst, useHostile, useTempDirs } from './_hostile.js';
import { addCards, addLeads } from '../helpers/records.js';
import { useCounters } from './_support.js';

const counts = useCounters('hostile-text');
countHostileCases(counts);
const emu = useEmulator();
const hostile = useHostile();
const temp = useTempDirs();

const CLEAR = '\x1b[2J';
const TITLE = '\x1b]0;pwned\x07';
const UP_ERASE = '\x1b[1A\x1b[2K';
const C1_CSI = '\u009b31m';
const BIDI = '\u202egnp.exe';
const EVIL = `Eve${CLEAR}${TITLE}${UP_ERASE}${C1_CSI}${BIDI}\rX\bY`;
// Anything that moves the cursor, clears, titles, recolours or reorders.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function hostileCards() {
  const [a, b] = addCards(emu, 2, 'evil');
  a!.name = EVIL;
  b!.name = 'Bob the honest';
  return [a!, b!];
}

describe('5. text from outside cannot drive the terminal', () => {
  it('tables and records (terminal, no colour) show control characters as visible escapes', async () => {
    const [a] = hostileCards();
    for (const args of [
      ['cards', 'list', '--all'],
      ['cards', 'get', a!.id],
      ['cards', 'list', '--all', '--fields', 'id,name'],
    ]) {
      const r = await runCli([...args, '-o', 'table'], {
        emu,
        tty: true,
        env: { NO_COLOR: '1', COLUMNS: '1000' },
        configDir: temp(),
      });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).not.toMatch(RAW_CONTROL);
      expect(r.stdout).toContain('\\x1b[2J');
      expect(r.stdout).toContain('\\u202e');
      counts.badInputs++;
    }
  });

  it('with colour on, the only escape sequences are the colours cardqr paints', async () => {
    hostileCards();
    const r = await runCli(['cards', 'list', '--all', '-o', 'table'], {
      emu,
      tty: true,
      env: { FORCE_COLOR: '1' },
      configDir: temp(),
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/\x1b\[\d+m/);
    expect(r.stdout.replace(/\x1b\[\d+(;\d+)*m/g, '')).not.toMatch(RAW_CONTROL);
  });

  it('cards delete A B on a terminal: a name cannot erase the line naming the other card', async () => {
    const [a, b] = hostileCards();
    const r = await runCli(['cards', 'delete', a!.id, b!.id], {
      emu,
      tty: true,
      answers: ['n'],
      configDir: temp(),
      env: { NO_COLOR: '1' }, // our own colour (a red `error:`) is not the text under test
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toMatch(new RegExp(`${b!.id}\\s+Bob the honest`));
    expect(r.stderr).toContain('\\x1b[1A\\x1b[2K');
    expect(r.prompts.join('')).not.toMatch(RAW_CONTROL);
    expect(emu.store.cards.filter((c) => c.id === a!.id || c.id === b!.id)).toHaveLength(2);
    counts.badInputs++;
  });

  it('leads list (table): contacts with escape sequences are escaped', async () => {
    const [l] = addLeads(emu, 1, 'evil');
    l!.contact = { ...l!.contact!, name: EVIL, company: `Acme${TITLE}` };
    const r = await runCli(['leads', 'list', '-o', 'table'], {
      emu,
      tty: true,
      env: { NO_COLOR: '1', COLUMNS: '1000' },
      configDir: temp(),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(r.stdout).toContain('\\x1b]0;pwned\\x07');
  });

  it('a server error message, details and request id with escape sequences: one escaped line each', async () => {
    const h = await hostile((_req, res) =>
      json(
        res,
        422,
        {
          error: {
            code: `validation_failed${CLEAR}`,
            message: `bad${TITLE}\nerror: fake second line`,
            details: [{ field: `name${UP_ERASE}`, message: EVIL }],
          },
        },
        { 'request-id': `req_${C1_CSI}` },
      ),
    );
    const r = await runAgainst(h, ['cards', 'get', 'crd_x'], 'cq_live_text_9Hs3Kd8Lq2Wz', temp());
    expect(r.exitCode).toBe(5);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe('error: validation_failed\\x1b[2J (422): bad\\x1b]0;pwned\\x07\\nerror: fake second line');
    expect(lines).toHaveLength(3); // headline, one detail, the request id: no forged line
    counts.badInputs++;
  });

  it('-o json and ndjson keep the data exact', async () => {
    const [a] = hostileCards();
    const r = await runCli(['cards', 'get', a!.id, '-o', 'json'], { emu, configDir: temp() });
    expect((JSON.parse(r.stdout) as { name: string }).name).toBe(EVIL);
    const n = await runCli(['cards', 'list', '--all', '-o', 'ndjson'], { emu, configDir: temp() });
    expect(
      n.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { name: string }).name),
    ).toContain(EVIL);
  });
});

describe('6. CSV of what strangers typed is safe to open', () => {
  const NAMES = [
    '=HYPERLINK("http://evil.example","click")',
    "+cmd|' /C calc'!A0",
    '@SUM(1+1)',
    '-2+3+cmd',
    '\t=1+1',
    '\r=1+1',
  ];
  const PHONE = '+33 6 12 34 56 78';
  const LONG = '4470000000123456';

  function formulaLeads() {
    const leads = addLeads(emu, NAMES.length + 1, 'csv');
    NAMES.forEach((name, i) => (leads[i]!.contact = { ...leads[i]!.contact!, name, phone: PHONE }));
    leads[NAMES.length]!.contact = {
      ...leads[NAMES.length]!.contact!,
      name: 'Plain Person',
      phone: LONG,
      company: '-12.5',
    };
    return leads;
  }
  const rows = (text: string, delimiter = ',') =>
    parse(text.replace(/^\uFEFF/, ''), { columns: true, delimiter }) as Array<Record<string, string>>;
  const byName = (r: Array<Record<string, string>>) =>
    r.filter((x) => x['contact.name'] !== undefined && /csv/.test(x.id ?? ''));

  it('leads list -o csv and leads export -o csv: formula cells start with a quote; phones and numbers stay as they are', async () => {
    formulaLeads();
    const dir = temp();
    const list = await runCli(['leads', 'list', '--all', '-o', 'csv'], { emu, configDir: dir });
    const exp = await runCli(
      ['leads', 'export', '--state', join(dir, 's.json'), '--out', join(dir, 'l.csv'), '-o', 'csv'],
      { emu, configDir: dir },
    );
    expect([list.exitCode, exp.exitCode]).toEqual([0, 0]);
    for (const text of [list.stdout, readFileSync(join(dir, 'l.csv'), 'utf8')]) {
      const got = byName(rows(text));
      expect(
        got
          .map((r) => r['contact.name'])
          .filter((n) => n !== 'Plain Person')
          .sort(),
      ).toEqual(NAMES.map((n) => `'${n}`).sort());
      expect(got.filter((r) => r['contact.name'] !== 'Plain Person').every((r) => r['contact.phone'] === PHONE)).toBe(
        true,
      );
      const plain = got.find((r) => r['contact.name'] === 'Plain Person')!;
      expect([plain['contact.phone'], plain['contact.company']]).toEqual([LONG, '-12.5']);
      counts.badInputs += NAMES.length;
    }
  });

  it('--csv-raw gives the values exactly as sent', async () => {
    formulaLeads();
    const r = await runCli(['leads', 'list', '--all', '-o', 'csv', '--csv-raw'], { emu, configDir: temp() });
    expect(
      byName(rows(r.stdout))
        .map((x) => x['contact.name'])
        .filter((n) => n !== 'Plain Person')
        .sort(),
    ).toEqual([...NAMES].sort());
  });

  it('--csv-dialect excel: a BOM, long numbers and phones as ="..." text, formulas still neutralised', async () => {
    formulaLeads();
    const dir = temp();
    const r = await runCli(['leads', 'list', '--all', '-o', 'csv', '--csv-dialect', 'excel'], { emu, configDir: dir });
    expect(r.stdout.startsWith('\uFEFFid,')).toBe(true);
    const got = byName(rows(r.stdout));
    expect(got.find((x) => x['contact.name'] === 'Plain Person')!['contact.phone']).toBe(`="${LONG}"`);
    expect(got.find((x) => x['contact.name'] === "'@SUM(1+1)")!['contact.phone']).toBe(`="${PHONE}"`);
    const exp = await runCli(
      ['leads', 'export', '--state', join(dir, 's.json'), '-o', 'csv', '--csv-dialect', 'excel'],
      { emu, configDir: dir },
    );
    expect(exp.stdout.startsWith('\uFEFF')).toBe(true);
    expect(exp.stdout).toContain(`"=""${LONG}"""`);
  });

  it.each([[['--csv-dialect', 'excel-semicolon']], [['--csv-delimiter', ';']]])(
    '%j: ; as separator, quoting follows it',
    async (flags) => {
      const [a] = hostileCards();
      a!.name = 'Doe; Jane, "JD"';
      const r = await runCli(['cards', 'list', '--all', '-o', 'csv', '--fields', 'id,name', ...flags], {
        emu,
        configDir: temp(),
      });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('id;name');
      expect(r.stdout).toContain(`${a!.id};"Doe; Jane, ""JD"""`);
    },
  );

  it('every CSV output: cards list and a single record are neutralised too', async () => {
    const [a] = hostileCards();
    a!.name = '=1+1';
    const l = await runCli(['cards', 'list', '--all', '-o', 'csv', '--fields', 'id,name'], { emu, configDir: temp() });
    const g = await runCli(['cards', 'get', a!.id, '-o', 'csv', '--fields', 'id,name'], { emu, configDir: temp() });
    expect(l.stdout).toContain(`${a!.id},'=1+1\r\n`);
    expect(g.stdout).toBe(`id,name\r\n${a!.id},'=1+1\r\n`);
  });
});
