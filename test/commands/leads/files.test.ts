// Lead files for other tools: CRM presets (--preset hubspot|salesforce) and vCards (-o vcf).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { foldLine } from '../../../src/output/vcf.js';
import { PRESETS } from '../../../src/output/leads/presets.js';
import { splitName } from '../../../src/output/leads/names.js';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();
// tempDir() removes its directories when the file ends (test/helpers/run-cli.ts).
const tmp = () => tempDir();
const ROOT = join(import.meta.dirname, '..', '..', '..');
const LOCKED = ['lead_027', 'lead_028', 'lead_029', 'lead_030'];

async function addLeads(leads: Array<Record<string, unknown>>): Promise<void> {
  const res = await fetch(`${emu.publicBaseUrl}/_emulator/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ leads }),
  });
  expect(res.status).toBe(200);
}

const lead = (id: string, contact: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  id,
  cardId: 'crd_kenji',
  source: 'exchange',
  trigger: 'exchange',
  formName: 'Exchange',
  createdAt: '2026-06-01T10:00:00.000Z',
  read: false,
  archived: false,
  locked: false,
  answers: [],
  marketingOptIn: null,
  consentAt: null,
  country: 'JP',
  city: 'Tokyo',
  hubspot: null,
  contact: { name: '', email: '', phone: '', company: '', title: '', ...contact },
  ...extra,
});

/** The leads guide's "CRM presets" table (docs/export.md): preset → its column names in order. */
function readmeColumns(): Record<string, string[]> {
  const text = readFileSync(join(ROOT, 'docs', 'export.md'), 'utf8');
  const section = text.slice(text.indexOf('## CRM presets'));
  const out: Record<string, string[]> = {};
  for (const line of section.split('\n')) {
    const m = /^\| `(\w+)` \| (.+?) \|/.exec(line);
    if (m) (out[m[1]] ??= []).push(m[2].replace(/^`|`$/g, ''));
  }
  return out;
}

describe('leads --preset', () => {
  for (const name of ['hubspot', 'salesforce']) {
    it(`${name}: golden file; its header is the guide's cited column list; locked leads skipped with a count`, async () => {
      const r = await runCli(['leads', 'list', '--all', '--preset', name], { emu });
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toBe(
        "skipped 4 locked leads: their contact details stay hidden until the plan's lead allowance covers them\n",
      );
      await expect(r.stdout).toMatchFileSnapshot(`../../__golden__/leads-preset.${name}.csv`);
      const golden = parse(readFileSync(join(ROOT, 'test', '__golden__', `leads-preset.${name}.csv`), 'utf8'), {
        bom: true,
        to_line: 1,
      }) as string[][];
      expect(golden[0]).toEqual(readmeColumns()[name]);
      const rows = parse(r.stdout, { bom: true }) as string[][];
      expect(rows[0]).toEqual(golden[0]);
      expect(rows[0]).toEqual(PRESETS[name].columns.map((c) => c.header));
      expect(rows).toHaveLength(1 + 28 - LOCKED.length);
      const idAt = rows[0].indexOf('cardqr Lead ID');
      for (const id of LOCKED) expect(rows.some((row) => row[idAt] === id)).toBe(false);
    });
  }

  it('names split as documented; phones as typed; consent mapped; answers in one column', async () => {
    await addLeads([
      lead(
        'lead_a',
        { name: 'Ludwig van Beethoven', phone: '0044 20 7946 0958', email: 'lvb@x.example' },
        { marketingOptIn: true, consentAt: '2026-06-01T10:00:00.000Z' },
      ),
      lead(
        'lead_b',
        { name: '渡辺 健二', phone: '+81 90-1234-5678' },
        {
          marketingOptIn: false,
          answers: [
            { fieldId: 'f1', label: 'Topics', type: 'multi', value: ['Pricing', 'Demo'] },
            { fieldId: 'f2', label: 'Note', type: 'text', value: 'a; b' },
          ],
        },
      ),
      lead('lead_c', { name: 'Cher', phone: '00123' }),
    ]);
    const hub = parse(
      (
        await runCli(
          ['leads', 'list', '--card', 'crd_kenji', '--since', '2026-06-01T00:00:00Z', '--preset', 'hubspot'],
          { emu },
        )
      ).stdout,
      { columns: true },
    ) as Record<string, string>[];
    const by = (id: string) => hub.find((r) => r['cardqr Lead ID'] === id)!;
    expect([by('lead_a')['First Name'], by('lead_a')['Last Name'], by('lead_a')['Phone Number']]).toEqual([
      'Ludwig',
      'van Beethoven',
      '0044 20 7946 0958',
    ]);
    expect([by('lead_b')['First Name'], by('lead_b')['Last Name']]).toEqual(['健二', '渡辺']);
    expect([by('lead_c')['First Name'], by('lead_c')['Last Name'], by('lead_c')['Phone Number']]).toEqual([
      '',
      'Cher',
      '00123',
    ]);
    expect([
      by('lead_a')['Marketing Opt-In'],
      by('lead_b')['Marketing Opt-In'],
      by('lead_c')['Marketing Opt-In'],
    ]).toEqual(['true', 'false', '']);
    expect(by('lead_a')['Consent Date']).toBe('2026-06-01T10:00:00.000Z');
    expect(by('lead_b').Message).toBe('Topics: Pricing, Demo; Note: a; b');
    const sf = parse(
      (
        await runCli(
          [
            'leads',
            'list',
            '--card',
            'crd_kenji',
            '--since',
            '2026-06-01T00:00:00Z',
            '--preset',
            'salesforce',
            '-o',
            'csv',
          ],
          { emu },
        )
      ).stdout,
      { columns: true },
    ) as Record<string, string>[];
    const sfBy = (id: string) => sf.find((r) => r['cardqr Lead ID'] === id)!;
    expect([sfBy('lead_a')['Email Opt Out'], sfBy('lead_b')['Email Opt Out'], sfBy('lead_c')['Email Opt Out']]).toEqual(
      ['0', '1', ''],
    );
    expect(sfBy('lead_b').Description).toBe('Topics: Pricing, Demo; Note: a; b');
    // Nothing invented: no company stays empty (Salesforce will refuse that row, visibly).
    expect([sfBy('lead_c')['Last Name'], sfBy('lead_c').Company]).toEqual(['Cher', '']);
  });

  it('presets go through the CSV dialect: --csv-dialect excel adds the BOM and keeps phones as text; formulas typed by visitors are neutralised', async () => {
    await addLeads([
      lead('lead_f', { name: 'Eve Formula', phone: '+44 20 7946 0958', company: '=HYPERLINK("http://x.example")' }),
    ]);
    const r = await runCli(
      [
        'leads',
        'list',
        '--card',
        'crd_kenji',
        '--since',
        '2026-06-01T00:00:00Z',
        '--preset',
        'hubspot',
        '--csv-dialect',
        'excel',
      ],
      { emu },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stdout.startsWith('\uFEFFFirst Name,Last Name,')).toBe(true);
    const row = (parse(r.stdout, { bom: true, columns: true }) as Record<string, string>[]).find(
      (x) => x['cardqr Lead ID'] === 'lead_f',
    )!;
    expect(row['Phone Number']).toBe('="+44 20 7946 0958"');
    expect(row['Company Name'].startsWith("'=")).toBe(true);
  });

  it('phone-shaped values keep their + in every preset (issue 35); formulas typed by visitors still get the quote', async () => {
    const phones = ['+44 20 7946 0958', '+1 (555) 010-0000', '+33 1 23 45 67 89', '+1 555 010 0000 ext. 12'];
    const formulas = ['+SUM(1)', '=1+1', '@x'];
    await addLeads([
      ...phones.map((phone, i) => lead(`lead_p${i}`, { name: `Phone ${i}`, phone })),
      ...formulas.map((phone, i) => lead(`lead_f${i}`, { name: `Formula ${i}`, phone, company: phone })),
    ]);
    for (const preset of ['hubspot', 'salesforce']) {
      const r = await runCli(
        ['leads', 'list', '--card', 'crd_kenji', '--since', '2026-06-01T00:00:00Z', '--preset', preset],
        { emu },
      );
      expect(r.exitCode).toBe(0);
      const rows = parse(r.stdout, { columns: true }) as Record<string, string>[];
      const phoneOf = (id: string) => {
        const row = rows.find((x) => x['cardqr Lead ID'] === id)!;
        return row['Phone Number'] ?? row.Phone;
      };
      expect(phones.map((_, i) => phoneOf(`lead_p${i}`))).toEqual(phones);
      expect(formulas.map((_, i) => phoneOf(`lead_f${i}`))).toEqual(formulas.map((f) => `'${f}`));
    }
  });

  it('leads export --preset: the file holds the preset columns; locked leads counted, with the state-file caveat', async () => {
    const dir = tmp();
    const out = join(dir, 'hubspot.csv');
    const r = await runCli(['leads', 'export', '--state', join(dir, 's.json'), '--preset', 'hubspot', '--out', out], {
      emu,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('skipped 4 locked leads');
    expect(r.stderr).toContain('this state file will not export them again');
    expect(r.stderr).toContain(`26 leads exported to ${out}`);
    const rows = parse(readFileSync(out, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(26); // 30 with archived ones, 4 locked
    expect(Object.keys(rows[0])).toEqual(PRESETS.hubspot.columns.map((c) => c.header));
  });

  it('exit 2 before sending: unknown preset, a non-CSV -o, --fields, -q on list, --vcard-version without -o vcf', async () => {
    const cases: Array<[string[], string]> = [
      [['leads', 'list', '--preset', 'pipedrive'], 'unknown --preset "pipedrive": expected one of hubspot, salesforce'],
      [['leads', 'list', '--preset', 'hubspot', '-o', 'json'], '--preset writes CSV; drop -o json'],
      [['leads', 'list', '--preset', 'hubspot', '--fields', 'id'], '--fields does not apply to --preset hubspot'],
      [['leads', 'list', '--preset', 'hubspot', '-q'], '-q prints ids only'],
      [['leads', 'list', '--preset', 'hubspot', '--query', '[0]'], '--query does not apply to --preset hubspot'],
      [['leads', 'list', '-o', 'vcf', '--query', '[0]'], '--query filters JSON'],
      [['leads', 'list', '--vcard-version', '3.0'], '--vcard-version applies to -o vcf only'],
      [
        ['leads', 'get', 'lead_001', '-o', 'vcf', '--vcard-version', '2.1'],
        '--vcard-version "2.1": expected 4.0 or 3.0',
      ],
      [['cards', 'list', '-o', 'vcf'], '-o vcf (vCard) applies to leads list, leads get and leads export only'],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args, { emu });
      expect([r.exitCode, r.stdout], args.join(' ')).toEqual([2, '']);
      expect(r.stderr).toContain(message);
    }
    expect(emu.requests({ path: '/leads' })).toHaveLength(0);
  });
});

describe('splitName', () => {
  it.each([
    ['Ada Lovelace', '', 'Ada', 'Lovelace'],
    ['  Ada   King  Lovelace ', '', 'Ada King', 'Lovelace'],
    ['Maria de la Cruz', '', 'Maria', 'de la Cruz'],
    ['Martin Luther King Jr.', '', 'Martin Luther', 'King Jr.'],
    ['Martin Luther King, Jr.', '', 'Martin Luther', 'King Jr.'],
    ['Lovelace, Ada', '', 'Ada', 'Lovelace'],
    ['Cher', '', '', 'Cher'],
    ['渡辺 健二', '', '健二', '渡辺'],
    ['渡辺健二', '', '', '渡辺健二'],
    ['김 민준', '', '민준', '김'],
    ['', '', '', ''],
  ])('%j', (name, _, first, last) => {
    expect(splitName(name)).toEqual({ first, last });
  });
});

/** Physical lines of a vCard stream (CRLF) → every one at most 75 octets, folds never inside a UTF-8 sequence. */
function checkFolding(text: string): void {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) {
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(Buffer.from(line).toString('utf8')).not.toContain('\uFFFD');
  }
}

describe('leads -o vcf', () => {
  const longCjk = '渡辺健二郎右衛門'.repeat(6); // 48 characters, 144 octets
  it('vCard 4.0: parsed by ical.js; CRLF, folded at 75 octets on CJK without splitting a character; escaping round-trips', async () => {
    await addLeads([
      lead(
        'lead_x',
        {
          name: longCjk,
          email: 'k@x.example',
          phone: '+81 90-1234-5678',
          company: 'Acme, Inc; Tokyo\\Osaka',
          title: 'Lead\nEngineer',
        },
        {
          answers: [
            { fieldId: 'f3', label: 'Message', type: 'text', value: 'line one\r\nline two, with; punctuation' },
          ],
          marketingOptIn: true,
          consentAt: '2026-06-01T10:00:00.000Z',
        },
      ),
    ]);
    const r = await runCli(['leads', 'get', 'lead_x', '-o', 'vcf'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    checkFolding(r.stdout);
    expect(r.stdout.split('\r\n').filter((l) => l.startsWith(' ')).length).toBeGreaterThan(1);
    const card = new ICAL.Component(ICAL.parse(r.stdout) as unknown as any[]);
    expect(card.name).toBe('vcard');
    expect(card.getFirstPropertyValue('version')).toBe('4.0');
    expect(card.getFirstPropertyValue('fn')).toBe(longCjk);
    expect(card.getFirstPropertyValue('org')).toEqual('Acme, Inc; Tokyo\\Osaka');
    expect(card.getFirstPropertyValue('title')).toBe('Lead\nEngineer');
    expect(card.getFirstPropertyValue('email')).toBe('k@x.example');
    expect(card.getFirstPropertyValue('tel')).toBe('+81 90-1234-5678');
    expect(String(card.getFirstPropertyValue('note'))).toContain('Message: line one\nline two, with; punctuation');
    expect(String(card.getFirstPropertyValue('note'))).toContain(
      'Marketing opt-in: yes, consent given 2026-06-01T10:00:00.000Z',
    );
    expect(card.getFirstPropertyValue('uid')).toBe('urn:cardqr:lead:lead_x');
    expect(card.getFirstPropertyValue('adr')).toEqual(['', '', '', 'Tokyo', '', '', 'JP']);
    expect(String(card.getFirstPropertyValue('rev'))).toMatch(/^2026-06-01T10:00:00/);
  });

  it('leads list -o vcf --vcard-version 3.0: one card per unlocked lead, N present, locked ones counted', async () => {
    const r = await runCli(['leads', 'list', '--all', '-o', 'vcf', '--vcard-version', '3.0'], { emu });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe(
      "skipped 4 locked leads: their contact details stay hidden until the plan's lead allowance covers them\n",
    );
    checkFolding(r.stdout);
    const parsed = ICAL.parse(r.stdout) as unknown as any[][];
    expect(parsed).toHaveLength(24);
    const cards = parsed.map((c) => new ICAL.Component(c));
    for (const c of cards) {
      expect(c.getFirstPropertyValue('version')).toBe('3.0');
      expect(c.getFirstProperty('n')).not.toBeNull();
    }
    const kenji = cards.find((c) => String(c.getFirstPropertyValue('note')).includes('on 渡辺 健二 (crd_kenji)'));
    expect(kenji).toBeDefined();
  });

  it('leads export -o vcf writes the file; a locked lead via leads get is skipped with a note', async () => {
    const dir = tmp();
    const r = await runCli(
      ['leads', 'export', '--state', join(dir, 's.json'), '-o', 'vcf', '--out', join(dir, 'leads.vcf')],
      { emu },
    );
    expect(r.exitCode).toBe(0);
    const text = readFileSync(join(dir, 'leads.vcf'), 'utf8');
    expect(text.match(/BEGIN:VCARD\r\n/g)).toHaveLength(26);
    const locked = await runCli(['leads', 'get', 'lead_030', '-o', 'vcf'], { emu });
    expect([locked.exitCode, locked.stdout]).toEqual([0, '']);
    expect(locked.stderr).toContain('skipped 1 locked lead:');
  });

  it('control characters typed by a visitor (terminal escapes, NUL) never reach the vCard', async () => {
    await addLeads([
      lead('lead_esc', {
        name: 'Eve \u001b[31mRed\u001b[0m\u0000 \u009bX',
        email: 'e@x.example',
        company: 'Bell\u0007 Inc',
      }),
    ]);
    const r = await runCli(['leads', 'get', 'lead_esc', '-o', 'vcf'], { emu });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/);
    const card = new ICAL.Component(ICAL.parse(r.stdout) as unknown as any[]);
    expect(card.getFirstPropertyValue('fn')).toBe('Eve [31mRed[0m X');
    expect(card.getFirstPropertyValue('org')).toBe('Bell Inc');
  });

  it('foldLine: exactly 75 octets stays one line; 4-byte characters are never split', () => {
    expect(foldLine('a'.repeat(75))).toBe(`${'a'.repeat(75)}\r\n`);
    const folded = foldLine(`NOTE:${'😀'.repeat(40)}`);
    checkFolding(folded);
    expect(folded.replace(/\r\n /g, '').replace(/\r\n$/, '')).toBe(`NOTE:${'😀'.repeat(40)}`);
  });
});
