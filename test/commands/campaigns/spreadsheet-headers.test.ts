// CSVs as spreadsheets write them (issue: the operator's first hour): header names matched ignoring case,
// spaces, `_` and `-` with a note, --map / --map-file for the rest, a `;`, tab or `|` file read as such
// with a note, and the schema pointer said once. The import, its rejects file and qr apply share it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { readReportLines, writeCsv } from '../../jobs/import/_files.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
const SHEET = [
  'External ID,First Name,Last_Name,COMPANY,Email,Email Type',
  'S-1,Ada,Lovelace,Analytical Engines,ada@example.com,Work',
  'S-2,Grace,Hopper,Navy,grace@example.com,Work',
].join('\n');
const cards = (ids: string[]) =>
  emu.store.cards.filter((c) => c.campaignId === 'cmp_native' && ids.includes(String(c.externalId)));

describe('campaigns import: a spreadsheet-style header', () => {
  it('matches loosely with a note; --map names the rest; the cards hold every column', async () => {
    const file = writeCsv('staff.csv', `${SHEET}\n`);
    const r = await runCli(
      [
        'campaigns',
        'import',
        'cmp_native',
        file,
        '--map',
        'Email=emails.0.value',
        '--map',
        'Email Type=emails.0.label',
      ],
      { emu },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      'note: columns read as: "External ID" → externalId, "First Name" → firstName, "Last_Name" → lastName, "COMPANY" → company, "Email" → emails.0.value (--map), "Email Type" → emails.0.label (--map)',
    );
    const made = cards(['S-1', 'S-2']);
    expect(made.map((c) => [c.fields.firstName, c.fields.company])).toEqual([
      ['Ada', 'Analytical Engines'],
      ['Grace', 'Navy'],
    ]);
    expect(made[0].fields.emails?.[0]?.value).toBe('ada@example.com');
  });

  it('without --map the unknown column is refused, nothing sent, the schema pointer once', async () => {
    const file = writeCsv(
      'staff.csv',
      `${SHEET.replace('Email', 'Email,Phone Number')}\n`.replace(/com\n/g, 'com,1\n'),
    );
    const before = emu.requests({ method: 'POST' }).length;
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--dry-run'], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('unknown column "Email Type"');
    expect(r.stderr).toContain('unknown column "Phone Number"');
    expect(r.stderr.match(/cardqr campaigns schema cmp_native/g)).toHaveLength(1);
    expect(emu.requests({ method: 'POST' }).length).toBe(before);
  });

  it('--map-file: one mapping a line, comments allowed; a bad line is exit 2 before any request', async () => {
    const dir = tempDir();
    const file = writeCsv('staff.csv', `${SHEET.replace(/S-(\d)/g, 'M-$1')}\n`, dir);
    writeFileSync(join(dir, 'map.txt'), '# our HR export\nEmail = emails.0.value\nEmail Type=emails.0.label\n');
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--map-file', join(dir, 'map.txt')], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(cards(['M-1', 'M-2'])).toHaveLength(2);
    writeFileSync(join(dir, 'bad.txt'), 'Email\n');
    emu.clearRequests();
    const bad = await runCli(['campaigns', 'import', 'cmp_native', file, '--map-file', join(dir, 'bad.txt')], { emu });
    expect([bad.exitCode, bad.stderr]).toEqual([2, expect.stringContaining("bad.txt line 1: expected 'Column")]);
    expect(emu.requests()).toEqual([]);
  });

  it.each([
    ['semicolons', ';'],
    ['tabs', '\t'],
    ['pipes', '|'],
  ])('a file of %s is read with a note, and its rejects file re-imports', async (_name, d) => {
    const ids = [`D${d.charCodeAt(0)}-1`, `D${d.charCodeAt(0)}-2`];
    const text = [
      ['externalId', 'firstName', 'lastName', 'company', 'emails.0.label', 'emails.0.value'].join(d),
      [ids[0], 'Zoë', 'Müller', 'Acme', 'Work', 'zoe@example.com'].join(d),
      [ids[1], '', '', 'Acme', 'Work', 'nobody@example.com'].join(d), // invalid: no name
    ].join('\n');
    const dir = tempDir();
    const file = writeCsv('export.csv', `${text}\n`, dir);
    const rejects = join(dir, 'rejects.csv');
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--skip-invalid', '--rejects', rejects], {
      emu,
    });
    expect(r.exitCode, r.stderr).toBe(7); // one row invalid
    expect(r.stderr).toMatch(/note: reading .*export\.csv as .*-separated/);
    expect(cards([ids[0]])).toHaveLength(1);
    expect(readReportLines(`${file}.report.ndjson`).some((l) => l.outcome === 'invalid')).toBe(true);
    // The rejects file, fixed and imported again, goes through the same reader.
    const fixed = writeCsv(
      'fixed.csv',
      readFileSync(rejects, 'utf8').replace(/([,;\t|])\1\1Acme/, '$1Fixed$1Person$1Acme'),
      dir,
    );
    const again = await runCli(['campaigns', 'import', 'cmp_native', fixed], { emu });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(cards(ids)).toHaveLength(2);
  });
});

describe('qr apply: a spreadsheet-style header', () => {
  it('Short Code / Name / Destination URL / Status, ;-separated: read with notes, applied', async () => {
    const file = writeCsv(
      'codes.csv',
      'Short Code;Name;Destination URL;Status\nsheet-one;Sheet one;https://example.com/1;published\n',
    );
    const r = await runCli(['qr', 'apply', file], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('read as ";"-separated');
    expect(r.stderr).toContain('"Destination URL" → destinationUrl');
    expect(emu.store.qrCodes.find((q) => q.shortCode === 'sheet-one')?.destinationUrl).toBe('https://example.com/1');
  });

  it('--map names a column the loose match cannot', async () => {
    const file = writeCsv('codes.csv', 'code,label,link\nsheet-two,Sheet two,https://example.com/2\n');
    const r = await runCli(
      ['qr', 'apply', file, '--map', 'code=shortCode', '--map', 'label=name', '--map', 'link=destinationUrl'],
      { emu },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(emu.store.qrCodes.find((q) => q.shortCode === 'sheet-two')?.name).toBe('Sheet two');
  });
});

describe("campaigns import: the schema's own labels and --set constants (issue 35)", () => {
  const HEAD = 'External ID,First name,Last name,Company,Job Title,City,Email';
  it('"Job Title" reads as title (its schema label "Job title"), "City" as address.city, "Email" as emails.0.value; --set gives the label', async () => {
    const file = writeCsv('labels.csv', `${HEAD}\nJ-1,Ada,Lovelace,Engines,Analyst,London,ada@example.com\n`);
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--set', 'emails.0.label=Work'], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('"Job Title" → title');
    expect(r.stderr).toContain('"City" → address.city');
    expect(r.stderr).toContain('"Email" → emails.0.value');
    const [card] = cards(['J-1']);
    expect(card.fields).toMatchObject({
      title: 'Analyst',
      address: { city: 'London' },
      emails: [{ label: 'Work', value: 'ada@example.com' }],
    });
  });

  it('a column of the same name wins where its cell has a value; --set fills its empty cells', async () => {
    const file = writeCsv(
      'both.csv',
      'externalId,firstName,lastName,company,emails.0.label,emails.0.value\nK-1,A,B,C,Home,a@x.example\nK-2,D,E,F,,d@x.example\n',
    );
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--set', 'emails.0.label=Work'], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(cards(['K-1'])[0].fields.emails).toEqual([{ label: 'Home', value: 'a@x.example' }]);
    expect(cards(['K-2'])[0].fields.emails).toEqual([{ label: 'Work', value: 'd@x.example' }]);
  });

  it('--set is checked like a column: an unknown path, a bad entry or a path given twice is exit 2, nothing sent', async () => {
    const file = writeCsv('s.csv', 'externalId,firstName,lastName,company,emails.0.value\nK-1,A,B,C,a@x.example\n');
    const cases: Array<[string[], string]> = [
      [['--set', 'emails.0.lable=Work'], 'unknown column "emails.0.lable"'],
      [['--set', 'emails.0.label'], '--set "emails.0.label": expected path=value'],
      [['--set', 'title=A', '--set', 'title=B'], '--set title is given twice'],
      [['--set', 'emails.5.label=Work'], 'emails holds at most 3 entries'],
    ];
    for (const [flags, message] of cases) {
      emu.clearRequests();
      const r = await runCli(['campaigns', 'import', 'cmp_native', file, ...flags], { emu });
      expect([r.exitCode, r.stderr], flags.join(' ')).toEqual([2, expect.stringContaining(message)]);
      expect(emu.requests().filter((q) => q.method !== 'GET')).toEqual([]);
    }
  });

  it('the resume command carries the --set flags', async () => {
    const file = writeCsv(
      'r.csv',
      'externalId,firstName,lastName,company,emails.0.value\nR-1,A,B,C,a@x.example\nR-2,D,E,F,d@x.example\n',
    );
    const r = await runCli(
      ['campaigns', 'import', 'cmp_native', file, '--set', 'emails.0.label=Work', '--max-rows', '1'],
      { emu },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /to go on with the rest: cardqr campaigns import cmp_native \S+ --resume --set emails\.0\.label=Work/,
    );
  });
});
