import { existsSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli } from '../../helpers/run-cli.js';
import { copyFixture, partnersCsv, readReportLines, writeCsv } from '../../jobs/import/_files.js';

const emu = useEmulator();
const cardsOf = (campaign: string, id: string) =>
  emu.store.cards.filter((c) => c.campaignId === campaign && c.externalId === id);
const posts = () => emu.requests({ method: 'POST', path: /^\/campaigns\/[^/]+\/cards$/ });
const rows = (file: string) => readReportLines(file).slice(1);

describe('campaigns import: rows in, cards out', () => {
  it('tricky quoting, BOM, CRLF and non-ASCII names: every card exactly as in the file', async () => {
    const file = copyFixture('tricky.csv');
    const r = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect([r.exitCode, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toContain('created  3');
    expect(cardsOf('cmp_native', 'P-1001')).toHaveLength(1);
    expect(cardsOf('cmp_native', 'P-1001')[0]).toMatchObject({
      shortCode: 'jose-m',
      templateId: 'tpl_cmp_partners',
      name: 'José Müller-Østergaard',
      fields: {
        firstName: 'José',
        lastName: 'Müller-Østergaard',
        company: 'Acme, "Robotics" Ltd',
        title: 'Head of R&D',
        emails: [{ label: 'Work', value: 'jose@acme.example' }],
        phones: [{ label: 'Mobile', value: '+49 30 1234' }],
        address: { city: 'Köln' },
      },
    });
    expect(cardsOf('cmp_native', 'P-1002')[0].fields).toEqual({
      firstName: '渡辺',
      lastName: '健二',
      company: 'Ñandú S.A.',
      title: 'Line one\r\nLine two',
      emails: [{ label: 'Work', value: 'kenji@nandu.example' }],
      address: { city: '東京' },
    });
    expect(cardsOf('cmp_native', 'P-1003')[0].fields).toMatchObject({
      lastName: "O'Brien",
      company: 'Café „Zum Löwen“',
      phones: [{ label: 'Office', value: '+33 1 23, ext. 4' }],
    });
    const lines = readReportLines(`${file}.report.ndjson`);
    expect(lines[0]).toMatchObject({
      type: 'header',
      version: 1,
      mode: 'import',
      campaignId: 'cmp_native',
      file,
      fileSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(lines.slice(1).map((l) => [l.line, l.externalId, l.outcome])).toEqual([
      [2, 'P-1001', 'created'],
      [3, 'P-1002', 'created'],
      [5, 'P-1003', 'created'],
    ]);
    const card = cardsOf('cmp_native', 'P-1001')[0];
    expect(lines[1]).toEqual({
      line: 2,
      externalId: 'P-1001',
      outcome: 'created',
      cardId: card.id,
      url: `${emu.publicBaseUrl}/c/jose-m`,
      shortCode: 'jose-m',
      paused: false,
      errorCode: null,
      message: null,
      requestId: expect.stringMatching(/^req_/),
      status: 201,
    });
  });

  it('mapped mode: dotted headers become the nested record; identifiers by the campaign key', async () => {
    const file = writeCsv(
      'hris.csv',
      [
        'employee.id,employee.givenName,employee.familyName,contact.workEmail,contact.mobile,office.city',
        'EMP-3001,Ada,Lovelace,ada@acme.example,+44 1,London',
        'EMP-3002,Alan,Turing,alan@acme.example,,Wilmslow',
      ].join('\n'),
    );
    const r = await runCli(['campaigns', 'import', 'cmp_mapped', file], { emu, key: emu.keys.campaign });
    expect(r.exitCode).toBe(0);
    expect(posts()[1].body).toEqual({
      employee: { id: 'EMP-3002', givenName: 'Alan', familyName: 'Turing' },
      contact: { workEmail: 'alan@acme.example' },
      office: { city: 'Wilmslow' },
    });
    expect(cardsOf('cmp_mapped', 'EMP-3001')[0]).toMatchObject({
      shortCode: 'ada-lovelace',
      fields: { company: 'Acme Robotics', phones: [{ label: 'Mobile', value: '+44 1' }] },
    });
  });

  it('idempotency keys: derived, one per row; a new report gets keys of its own, and the API refuses the existing ids', async () => {
    const file = writeCsv('p.csv', partnersCsv(3));
    expect((await runCli(['campaigns', 'import', 'cmp_native', file], { emu })).exitCode).toBe(0);
    const keys = posts().map((q) => q.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((k) => /^cqimp-[0-9a-f]{64}$/.test(k))).toBe(true);
    const again = await runCli(['campaigns', 'import', 'cmp_native', file, '--report', `${file}.second.ndjson`], {
      emu,
    });
    expect(again.exitCode).toBe(0);
    const second = posts()
      .slice(3)
      .map((q) => q.headers['idempotency-key']);
    expect(second).toHaveLength(3);
    expect(second.filter((k) => keys.includes(k))).toEqual([]); // never another report's stored answers
    expect(again.stderr).toMatch(/exists\D+3/);
    expect(['P-0001', 'P-0002', 'P-0003'].map((id) => cardsOf('cmp_native', id).length)).toEqual([1, 1, 1]);
  });

  it('the same file after a finished run is a new run (its own header); an unfinished one asks for --resume, which sends nothing twice', async () => {
    const file = writeCsv('p.csv', partnersCsv(3));
    await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    const plain = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect(plain.exitCode).toBe(0);
    expect(plain.stderr).toMatch(/exists\D+3/);
    expect(readReportLines(`${file}.report.ndjson`).filter((l) => l.type === 'header')).toHaveLength(2);

    const part = writeCsv('q.csv', partnersCsv(3));
    await runCli(['campaigns', 'import', 'cmp_native', part, '--max-rows', '2'], { emu }); // unfinished
    const refused = await runCli(['campaigns', 'import', 'cmp_native', part], { emu });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('add --resume to continue it');
    const resumed = await runCli(['campaigns', 'import', 'cmp_native', part, '--resume'], { emu });
    expect(resumed.exitCode).toBe(0);
    expect(resumed.stderr).toContain('2 rows already done by an earlier run');
    expect(rows(`${part}.report.ndjson`)).toHaveLength(3);
  });

  it('--resume refuses a report of another campaign or of a changed file', async () => {
    const file = writeCsv('p.csv', partnersCsv(2));
    await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    const other = await runCli(['campaigns', 'import', 'cmp_mapped', file, '--resume'], { emu });
    expect(other.exitCode).toBe(2);
    writeFileSync(file, partnersCsv(3));
    const changed = await runCli(['campaigns', 'import', 'cmp_native', file, '--resume'], { emu });
    expect([changed.exitCode, changed.stderr]).toEqual([2, expect.stringContaining('changed since')]);
    expect(posts()).toHaveLength(2);
  });

  it('a report held by a running import is refused (lock); a lock left by a dead process is taken over', async () => {
    const file = writeCsv('p.csv', partnersCsv(1));
    writeFileSync(
      `${file}.report.ndjson.lock`,
      JSON.stringify({ pid: process.pid, host: (await import('node:os')).hostname(), startedAt: 'now' }),
    );
    const busy = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect([busy.exitCode, busy.stderr]).toEqual([2, expect.stringContaining('report busy: another import')]);
    writeFileSync(
      `${file}.report.ndjson.lock`,
      JSON.stringify({ pid: 2 ** 22 + 7, host: (await import('node:os')).hostname(), startedAt: 'then' }),
    );
    expect((await runCli(['campaigns', 'import', 'cmp_native', file], { emu })).exitCode).toBe(0);
    expect(existsSync(`${file}.report.ndjson.lock`)).toBe(false);
  });

  it('--concurrency 4: every row once, every outcome in the report', async () => {
    emu.store.accounts.find((a) => a.id === 'acc_acme')!.cardAllowance = 100;
    const file = writeCsv('p.csv', partnersCsv(20));
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--concurrency', '4'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.any(String)]);
    const lines = rows(`${file}.report.ndjson`);
    expect(lines.map((l) => l.line).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(lines.every((l) => l.outcome === 'created')).toBe(true);
    expect(emu.store.cards.filter((c) => c.campaignId === 'cmp_native')).toHaveLength(21); // + the seed's crd_chloe
  });

  it('--delimiter and --encoding (latin1; UTF-16 found by its byte-order mark)', async () => {
    const text =
      'externalId;firstName;lastName;company;emails.0.label;emails.0.value\nP-4001;Zoë;Ölçer;Café Müller;Work;z@x.example\n';
    const latin1 = writeCsv('latin1.csv', '');
    writeFileSync(latin1, Buffer.from(text, 'latin1'));
    expect(
      (await runCli(['campaigns', 'import', 'cmp_native', latin1, '--delimiter', ';', '--encoding', 'latin1'], { emu }))
        .exitCode,
    ).toBe(0);
    expect(cardsOf('cmp_native', 'P-4001')[0].fields).toMatchObject({
      firstName: 'Zoë',
      lastName: 'Ölçer',
      company: 'Café Müller',
    });
    const utf16 = writeCsv('utf16.csv', '');
    writeFileSync(
      utf16,
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(text.replace('P-4001', 'P-4002').replace(/;/g, '\t'), 'utf16le'),
      ]),
    );
    expect((await runCli(['campaigns', 'import', 'cmp_native', utf16, '--delimiter', 'tab'], { emu })).exitCode).toBe(
      0,
    );
    expect(cardsOf('cmp_native', 'P-4002')[0].fields.lastName).toBe('Ölçer');
    const bad = await runCli(['campaigns', 'import', 'cmp_native', latin1, '--encoding', 'klingon'], { emu });
    expect([bad.exitCode, bad.stderr]).toEqual([2, expect.stringContaining('unknown encoding "klingon"')]);
  });

  it('--max-rows: a rehearsal on the first rows; a later --resume imports the rest', async () => {
    const file = writeCsv('p.csv', partnersCsv(5));
    expect((await runCli(['campaigns', 'import', 'cmp_native', file, '--max-rows', '2'], { emu })).exitCode).toBe(0);
    expect(posts().map((q) => (q.body as { externalId: string }).externalId)).toEqual(['P-0001', 'P-0002']);
    expect((await runCli(['campaigns', 'import', 'cmp_native', file, '--resume'], { emu })).exitCode).toBe(0);
    expect(posts().map((q) => (q.body as { externalId: string }).externalId)).toEqual([
      'P-0001',
      'P-0002',
      'P-0003',
      'P-0004',
      'P-0005',
    ]);
  });

  it('-o json prints the summary on stdout; --quiet prints nothing on success', async () => {
    const file = writeCsv('p.csv', partnersCsv(2) + 'P-2001,Chloé,Dubois,Robotique,Work,c@r.example\n');
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '-o', 'json'], { emu });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      campaignId: 'cmp_native',
      mode: 'import',
      stopped: 'done',
      outcomes: { created: 2, exists: 1, failed: 0 },
      errors: {}, // exists is not an error
      resume: null,
    });
    const q = await runCli(['campaigns', 'import', 'cmp_native', writeCsv('q.csv', partnersCsv(1, 50)), '-q'], { emu });
    expect([q.exitCode, q.stdout, q.stderr]).toEqual([0, '', '']);
  });

  it('progress on a terminal goes to stderr (spinner), never stdout', async () => {
    const file = writeCsv('p.csv', partnersCsv(3));
    const r = await runCli(['campaigns', 'import', 'cmp_native', file], { emu, tty: true });
    expect([r.exitCode, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toContain('import: 3/3 rows · 3 created · 0 exists · 0 failed');
  });
});

describe('campaigns import: checks before anything is sent', () => {
  it('invalid rows anywhere stop the import before any request, every problem listed by line', async () => {
    const big = 'x'.repeat(1024 * 1024);
    const file = writeCsv(
      'bad.csv',
      [
        'externalId,firstName,lastName,company,emails.0.label,emails.0.value,shortCode,bio,nickname',
        'P-1,Ada,Lovelace,Acme,Work,a@x.example,ada,,',
        ',Alan,Turing,Acme,Work,t@x.example,,,',
        'P-1,Grace,Hopper,Navy,Work,g@x.example,,,',
        `P-4,Big,Body,Acme,Work,b@x.example,,${big},`,
        'P-5,Bad,Code,Acme,Work,c@x.example,no spaces!,,',
        `${'L'.repeat(129)},Long,Id,Acme,Work,l@x.example,,,`,
        'P-7,No,Company,,Work,n@x.example,,,',
      ].join('\r\n'),
    );
    const r = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect(r.exitCode).toBe(2);
    expect(posts()).toHaveLength(0);
    expect(r.stderr).toContain('error: 8 problems in the file; nothing was sent');
    for (const text of [
      'line 1: unknown column "nickname"',
      'line 2: identifier "P-1" appears again on line 4',
      'line 3: no identifier (externalId is empty)',
      'line 4: identifier "P-1" already on line 2',
      'line 5: the request body would be',
      'line 6: shortCode "no spaces!" may contain only letters, digits and hyphens',
      'line 7: identifier must be 1 to 128 characters',
      'line 8: required field "company" is empty',
    ])
      expect(r.stderr).toContain(text);
    // The report lists every row problem; nothing was sent, so a corrected run may replace it.
    expect(rows(`${file}.report.ndjson`).map((l) => [l.line, l.outcome, l.errorCode])).toEqual([
      [3, 'invalid', 'missing_external_id'],
      [5, 'invalid', 'payload_too_large'],
      [6, 'invalid', 'invalid_short_link'],
      [7, 'invalid', 'invalid_external_id'],
      [8, 'invalid', 'validation_failed'],
      [2, 'invalid', 'duplicate_in_file'],
      [4, 'invalid', 'duplicate_in_file'],
    ]);
    writeFileSync(file, partnersCsv(2));
    expect((await runCli(['campaigns', 'import', 'cmp_native', file], { emu })).exitCode).toBe(0);
  });

  it('more than 50 problems: 50 shown, the rest counted, all in the report', async () => {
    const lines = ['externalId,firstName,lastName,company,emails.0.label,emails.0.value'];
    for (let i = 0; i < 70; i++) lines.push(`,A,B,C,Work,a${i}@x.example`);
    const file = writeCsv('many.csv', lines.join('\n'));
    const r = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr.match(/^ {2}line \d+:/gm)).toHaveLength(50);
    expect(r.stderr).toContain(`… and 20 more (every row problem is in ${file}.report.ndjson)`);
    expect(rows(`${file}.report.ndjson`)).toHaveLength(70);
  });

  it('--skip-invalid imports the valid rows and records the others as invalid (exit 7)', async () => {
    const file = writeCsv(
      'mixed.csv',
      `${partnersCsv(2)},No,Id,C,Work,n@x.example\nP-0001,Dup,Row,C,Work,d@x.example\n`,
    );
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--skip-invalid'], { emu });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain('skipping 3 invalid rows');
    expect(cardsOf('cmp_native', 'P-0002')).toHaveLength(1);
    expect(cardsOf('cmp_native', 'P-0001')).toHaveLength(0); // both rows claiming P-0001 are held back
    const byLine = Object.fromEntries(rows(`${file}.report.ndjson`).map((l) => [l.line, l.outcome]));
    expect(byLine).toEqual({ 2: 'invalid', 3: 'created', 4: 'invalid', 5: 'invalid' });
  });

  it('--validate-only creates nothing: exit 0 when clean (one row of each shape to the dry run), 2 with the problems', async () => {
    const ok = await runCli(
      ['campaigns', 'import', 'cmp_native', writeCsv('p.csv', partnersCsv(4)), '--validate-only'],
      { emu },
    );
    expect([ok.exitCode, ok.stderr]).toEqual([
      0,
      expect.stringContaining('4 rows checked against campaign cmp_native: no problems'),
    ]);
    const bad = await runCli(
      ['campaigns', 'import', 'cmp_native', writeCsv('b.csv', 'externalId,firstNam\nP-1,A\n'), '--validate-only'],
      { emu },
    );
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('unknown column "firstNam"; did you mean "firstName"?');
    // Four rows of one shape: one dry run, no create; the refused file sends none.
    expect(emu.requests().map((q) => q.path)).toEqual([
      '/campaigns/cmp_native',
      '/campaigns/cmp_native/schema',
      '/campaigns/cmp_native/cards/test',
      '/campaigns/cmp_native',
      '/campaigns/cmp_native/schema',
    ]);
  });

  it('a campaign that cannot take API requests is refused before reading the file', async () => {
    const file = writeCsv('p.csv', partnersCsv(1));
    const draft = await runCli(['campaigns', 'import', 'cmp_draft', file], { emu });
    expect([draft.exitCode, draft.stderr]).toEqual([
      3,
      expect.stringContaining('campaign cmp_draft (Summer interns 2026) is draft: it does not accept API requests'),
    ]);
    expect((await runCli(['campaigns', 'import', 'cmp_disabled', file], { emu })).stderr).toContain(
      'has its API switch off',
    );
    const never = await runCli(['campaigns', 'import', 'cmp_unconfigured', file], { emu });
    expect([never.exitCode, never.stderr]).toEqual([
      5,
      expect.stringContaining('has never had an API configuration activated'),
    ]);
    expect((await runCli(['campaigns', 'import', 'cmp_nope', file], { emu })).exitCode).toBe(4);
    expect((await runCli(['campaigns', 'import', 'cmp_native', file], { emu, key: emu.keys.campaign })).exitCode).toBe(
      3,
    );
    expect(posts()).toHaveLength(0);
  });

  it('bad flags and files: exit 2 before any request', async () => {
    const file = writeCsv('p.csv', partnersCsv(1));
    for (const args of [
      [file, '--dry-run', '--validate-only'],
      [file, '--resume', '--dry-run'],
      [file, '--concurrency', '0'],
      [file, '--rate', '-1'],
      [file, '--delimiter', '"'],
      [file, '--encoding', 'klingon'],
      [`${file}.missing`],
      [writeCsv('empty.csv', '')],
    ]) {
      const r = await runCli(['campaigns', 'import', 'cmp_native', ...args], { emu });
      expect([args, r.exitCode]).toEqual([args, 2]);
    }
    expect(emu.requests()).toHaveLength(0);
  });
});
