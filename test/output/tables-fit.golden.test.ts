// Tables that fit the terminal, held against golden files at 40, 60, 80, 120 and 200 columns
// (test/__golden__/tables.fit.<resource>.txt): the real CLI against the emulator, seeded and clocked
// at TEST_START (whatever today's date), names with CJK and emoji. Besides the golden text, each width
// is checked for the rules themselves: no line wider than the terminal, no id or URL cut in the
// middle, every column either shown or named in the "left out" note on stderr, the paused flag folded
// into the status and dates compact. After a deliberate change:
// `UPDATE_GOLDEN=1 npx vitest run test/output/tables-fit.golden.test.ts`, then review the diff.
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultSeed } from '../../src/emulator/default-seed.js';
import type { Seed } from '../../src/emulator/seed.js';
import { displayWidth, loadWidth } from '../../src/output/width.js';
import { TEST_START } from '../helpers/clock.js';
import { useEmulator } from '../helpers/emulator.js';
import { expectGolden } from '../helpers/golden.js';
import { runCli } from '../helpers/run-cli.js';

// Tables measure text beyond ASCII with string-width, loaded before any layout (src/output/width.ts).
beforeAll(loadWidth);

const WIDTHS = [40, 60, 80, 120, 200];

/** The built-in seed dated from TEST_START, a fixed public domain, and names with CJK and emoji. */
function seed(): Seed {
  const s = defaultSeed({ now: TEST_START });
  const rename = <T extends { id: string; name?: string }>(list: T[] | undefined, names: Record<string, string>) =>
    list?.map((x) => (names[x.id] ? { ...x, name: names[x.id] } : x));
  return {
    ...s,
    accounts: s.accounts.map((a) => ({ ...a, publicBase: `https://cards.${a.id.slice(4)}.example` })),
    cards: rename(s.cards, { crd_zoe: 'Zoë Müller-Østergaard 🌻' }),
    qrCodes: rename(s.qrCodes, { qr_roboconf: 'RoboConf 2026 booth 🤖', qr_careers: '採用情報 Careers 🚀' }),
    templates: rename(s.templates, { tpl_sales: '営業チーム Sales 🎯' }),
    campaigns: rename(s.campaigns, { cmp_native: 'Partner directory 🤝 パートナー' }),
  };
}

const emu = useEmulator({ seed: seed() });
const at = (columns: number) => ({
  emu,
  tty: true,
  columns,
  now: new Date(TEST_START),
  env: { NO_COLOR: '1', COLUMNS: String(columns) },
});

interface Case {
  name: string;
  args: string[];
  /** Every header of the list, as printed at the widest terminal. */
  headers?: string[];
}

const LISTS: Case[] = [
  {
    name: 'cards',
    args: ['cards', 'list', '--all'],
    headers: ['ID', 'NAME', 'STATUS', 'SHORT CODE', 'URL', 'UPDATED'],
  },
  {
    name: 'qr',
    args: ['qr', 'list', '--all'],
    headers: ['ID', 'NAME', 'TYPE', 'STATUS', 'SHORT CODE', 'URL', 'SCANS', 'UPDATED'],
  },
  {
    name: 'leads',
    args: ['leads', 'list', '--limit', '12'],
    headers: ['ID', 'CREATED', 'SOURCE', 'CARD', 'CONTACT', 'EMAIL', 'CRM'],
  },
  {
    name: 'templates',
    args: ['templates', 'list', '--all'],
    headers: ['ID', 'NAME', 'THEME', 'BLOCKS', 'REQUIRED', 'LOCKED', 'HIDDEN', 'UPDATED'],
  },
  {
    name: 'campaigns',
    args: ['campaigns', 'list', '--all'],
    headers: ['ID', 'NAME', 'STATUS', 'API', 'TEMPLATE', 'CREATED'],
  },
];

/** The lower-case column names a "left out" note on stderr lists (the note may be wrapped). */
function leftOut(stderr: string): string[] {
  const m = /left out to fit \d+ columns: ([^;]+);/.exec(stderr.replace(/\n {2}/g, ' '));
  return m ? m[1].split(', ').map((s) => s.trim()) : [];
}

/** Checks shared by every table: width, no URL cut, the ids of `ids` each whole on its own line. */
function checkFits(out: string, width: number, ids: string[]) {
  for (const line of out.trimEnd().split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
  expect(out).not.toMatch(/https?:\/\/\S*…/);
  const rows = out.split('\n');
  for (const id of ids)
    expect(
      rows.some((l) => new RegExp(`(^|\\s)${id}(\\s|$)`).test(l)),
      id,
    ).toBe(true);
}

describe('tables fit 40, 60, 80, 120 and 200 columns (golden files)', () => {
  for (const c of LISTS) {
    it(`${c.name}: low-priority columns left out whole and named, no id or URL cut`, async () => {
      const ids = (JSON.parse((await runCli([...c.args, '-o', 'json'], { emu })).stdout) as Array<{ id: string }>).map(
        (x) => x.id,
      );
      let golden = '';
      for (const width of WIDTHS) {
        const r = await runCli(c.args, at(width));
        expect(r.exitCode, r.stderr).toBe(0);
        checkFits(r.stdout, width, ids);
        // Every column is shown or named as left out, never dropped silently.
        const shown = (c.headers ?? []).filter((h) => new RegExp(`(^|  )${h}(  |$)`).test(r.stdout.split('\n')[0]));
        const named = leftOut(r.stderr).map((h) => h.toUpperCase());
        expect([...shown, ...named].sort(), `${width} columns`).toEqual([...(c.headers ?? [])].sort());
        if (width === 200) expect(named).toEqual([]);
        golden += `=== ${width} columns\n${r.stdout}--- stderr\n${r.stderr.replace(/^\d+ of \d+ shown.*\n/m, '')}`;
      }
      expectGolden(`tables.fit.${c.name}.txt`, golden);
    });
  }

  it('the paused flag is folded into the status, dates are compact', async () => {
    const r = await runCli(['qr', 'list', '--all'], at(120));
    const manual = r.stdout.split('\n').find((l) => l.startsWith('qr_manual ')) as string;
    expect(manual).toMatch(/ published \(paused\) /);
    expect(manual).toMatch(/ \d+(m|h|d|mo|y)$/);
    expect(r.stdout.split('\n')[0]).not.toContain('PAUSED');
  });

  it('analytics: every sub-table keeps its number column; what is left out is named', async () => {
    let golden = '';
    for (const width of WIDTHS) {
      const r = await runCli(['analytics', 'overview', '--range', '30d', '--tz', 'UTC'], at(width));
      expect(r.exitCode, r.stderr).toBe(0);
      checkFits(r.stdout, width, []);
      for (const title of ['Top codes', 'Top countries', 'Devices']) {
        const section = r.stdout.split(`\n${title}\n`)[1];
        expect(section, `${title} at ${width}`).toBeDefined();
        expect(section.split('\n')[0], `${title} at ${width}`).toMatch(/SCANS/);
      }
      const top = r.stdout.split('\nTop codes\n')[1].split('\n\n')[0];
      expect(top.split('\n')[0]).toMatch(/^NAME/);
      // The ids of the top codes are never cut.
      expect(top).not.toMatch(/qr_\S*…/);
      for (const note of r.stderr.trimEnd().split('\n').filter(Boolean)) {
        expect(note).toMatch(/^(note: (Top codes|Top countries|Devices): left out|  )/);
      }
      golden += `=== ${width} columns\n${r.stdout}--- stderr\n${r.stderr}`;
    }
    expectGolden('tables.fit.analytics.txt', golden);
  });

  it("the tables after a record follow the same rule: a template's field rules at 24 columns", async () => {
    const r = await runCli(['templates', 'get', 'tpl_corporate'], at(24));
    expect(r.exitCode).toBe(0);
    const rules = r.stdout.split('\nField rules\n')[1].split('\n');
    expect(rules[0]).toMatch(/^KEY +MODE$/);
    expect(r.stderr.replace(/\n {2}/g, ' ')).toBe('note: Field rules: left out to fit 24 columns: value\n');
  });

  it('analytics at 30 columns: the top codes keep their ids and scans, and stderr names what went', async () => {
    const r = await runCli(['analytics', 'overview', '--range', '30d', '--tz', 'UTC'], at(30));
    expect(r.exitCode).toBe(0);
    const top = r.stdout.split('\nTop codes\n')[1].split('\n\n')[0].split('\n');
    expect(top[0]).toBe('ID             SCANS');
    expect(top[1]).toMatch(/^crd_amelie +31$/);
    expect(r.stderr.replace(/\n {2}/g, ' ')).toContain('note: Top codes: left out to fit 30 columns: name, type\n');
    for (const line of r.stderr.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(30);
  });
});
