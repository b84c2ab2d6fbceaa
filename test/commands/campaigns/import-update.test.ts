// `campaigns import --update` and `--trash-missing` (PRODUCT §11) against the emulator over HTTP: the plan
// first, one PATCH per changed card (its complete fields: nothing the file does not hold is cleared), the
// question on a terminal / --yes off one, --dry-run, --max-trash, and the report's new outcomes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';
import { partnersCsv, readReportLines, writeCsv } from '../../jobs/import/_files.js';
import { idsFromReport } from '../../../src/commands/print/options.js';

const emu = useEmulator();
const live = (campaign: string, id: string) =>
  emu.store.cards.filter((c) => c.campaignId === campaign && c.externalId === id);
const one = (id: string, campaign = 'cmp_native') => {
  const found = live(campaign, id);
  expect(found).toHaveLength(1);
  return found[0];
};
/** Requests that change something (the dry run endpoint creates nothing). */
const writes = () => emu.requests().filter((q) => q.method !== 'GET' && !q.path.endsWith('/cards/test'));
const patches = () => emu.requests({ method: 'PATCH' });
const rows = (file: string) => readReportLines(file).slice(1);
const HEADER = 'externalId,firstName,lastName,company,emails.0.label,emails.0.value';

/** P-0001…P-0003 created, plus the seed's crd_chloe (P-2001): the campaign's cards before each test. */
async function seeded(): Promise<void> {
  const r = await runCli(['campaigns', 'import', 'cmp_native', writeCsv('seed.csv', partnersCsv(3))], { emu });
  expect(r.exitCode).toBe(0);
  emu.clearRequests();
}

const roster = (...lines: string[]) => [HEADER, ...lines].join('\n') + '\n';
const P = (n: number, first = `First000${n}`, company = `Partner 000${n}`) =>
  `P-000${n},${first},Last000${n},${company},Work,p000${n}@partners.example`;
const CHLOE = 'P-2001,Chloé,Dubois,Robotique Boréale,Work,chloe@robotique-boreale.example';

describe('campaigns import --update: the plan, then one PATCH per changed card', () => {
  it('patches only the changed rows, keeps every field the file does not hold, creates the new ones; a second run sends no write', async () => {
    await seeded();
    const chloeBefore = structuredClone(one('P-2001').fields);
    const file = writeCsv(
      'roster.csv',
      roster(
        P(1),
        P(2, 'Second0002'),
        P(3),
        'P-2001,Chloé,Dubois,Robotique Boréale Inc.,,', // empty cells: the card's email stays as it is
        'P-0009,New,Person,Newco,Work,new@partners.example',
      ),
    );
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--update', '--yes'], { emu });
    expect([r.exitCode, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toContain(`plan for ${file} into cmp_native: would create 1, update 2, unchanged 2, invalid 0`);
    expect(r.stderr).toMatch(/line 3 P-0002 \(crd_\w+\): update firstName "First0002" → "Second0002"/);
    expect(r.stderr).toContain('company "Robotique Boréale" → "Robotique Boréale Inc."');
    expect(r.stderr).toMatch(/updated\s+2/);
    expect(r.stderr).toMatch(/unchanged\s+2/);
    // One PATCH per changed card, each the card's complete fields; one POST for the new row.
    expect(
      patches()
        .map((q) => q.path)
        .sort(),
    ).toEqual([`/cards/${one('P-0002').id}`, `/cards/${one('P-2001').id}`].sort());
    expect(writes()).toHaveLength(3);
    const chloePatch = patches().find((q) => q.path === `/cards/${one('P-2001').id}`)!;
    expect(Object.keys(chloePatch.body as object)).toEqual(['fields']);
    expect((chloePatch.body as { fields: object }).fields).toEqual({
      ...chloeBefore,
      company: 'Robotique Boréale Inc.',
    });
    // Nothing the file does not hold was cleared: title, phones, address, the email (empty cells).
    expect(one('P-2001').fields).toEqual({ ...chloeBefore, company: 'Robotique Boréale Inc.' });
    expect(one('P-0002').fields).toMatchObject({ firstName: 'Second0002', company: 'Partner 0002' });
    expect(one('P-0002').name).toBe('Second0002 Last0002');
    expect(one('P-0009').fields).toMatchObject({ firstName: 'New', company: 'Newco' });
    expect(rows(`${file}.report.ndjson`).map((l) => [l.line, l.externalId, l.outcome])).toEqual([
      [2, 'P-0001', 'unchanged'],
      [3, 'P-0002', 'updated'],
      [4, 'P-0003', 'unchanged'],
      [5, 'P-2001', 'updated'],
      [6, 'P-0009', 'created'],
    ]);
    // Each key is the change's own, with the report's nonce: a PATCH key is never a create's.
    expect(new Set(patches().map((q) => q.headers['idempotency-key'])).size).toBe(2);
    expect(patches().every((q) => /^cqsyn-[0-9a-f]{64}$/.test(q.headers['idempotency-key']))).toBe(true);

    // print --from-report takes created, updated and unchanged cards.
    expect(await idsFromReport(`${file}.report.ndjson`)).toEqual(
      ['P-0001', 'P-0002', 'P-0003', 'P-2001', 'P-0009'].map((id) => one(id).id),
    );

    // The same file again (a new report): the account matches it, nothing is written, no question needed.
    emu.clearRequests();
    const again = await runCli(
      ['campaigns', 'import', 'cmp_native', file, '--update', '--report', `${file}.2.ndjson`],
      {
        emu,
      },
    );
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain('would create 0, update 0, unchanged 5, invalid 0');
    expect(writes()).toEqual([]);
  });

  it('off a terminal without --yes: the plan, then exit 2 and nothing sent; a plan of creations only needs no --yes', async () => {
    await seeded();
    const file = writeCsv('roster.csv', roster(P(1, 'Changed'), P(2)));
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--update'], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('would create 0, update 1, unchanged 1, invalid 0');
    expect(r.stderr).toContain(
      'error: the plan updates 1 card: refusing without a terminal to ask on; nothing was sent',
    );
    expect(r.stderr).toContain('pass --yes');
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(writes()).toEqual([]);
    expect(one('P-0001').fields.firstName).toBe('First0001');
    // The refused run's report holds no write: the next run starts it afresh (no --resume needed).
    expect(rows(`${file}.report.ndjson`)).toEqual([]);

    const creations = writeCsv('new.csv', roster(P(1), P(7)));
    const c = await runCli(['campaigns', 'import', 'cmp_native', creations, '--update'], { emu });
    expect(c.exitCode).toBe(0);
    expect(live('cmp_native', 'P-0007')).toHaveLength(1);
  });

  it('on a terminal the question is asked: no sends nothing (exit 2), yes applies', async () => {
    await seeded();
    const file = writeCsv('roster.csv', roster(P(1, 'Changed')));
    const no = await runCli(['campaigns', 'import', 'cmp_native', file, '--update'], {
      emu,
      tty: true,
      answers: ['n'],
    });
    expect(no.prompts).toEqual(['Update 1 card? [y/N] ']);
    expect([no.exitCode, no.stderr]).toEqual([2, expect.stringContaining('cancelled: nothing was sent')]);
    expect(writes()).toEqual([]);
    const yes = await runCli(['campaigns', 'import', 'cmp_native', file, '--update'], {
      emu,
      tty: true,
      answers: ['y'],
    });
    expect(yes.exitCode).toBe(0);
    expect(one('P-0001').fields.firstName).toBe('Changed');
    expect(patches()).toHaveLength(1);
  });

  it('--dry-run prints the plan and sends no write; -o json gives the plan as data', async () => {
    await seeded();
    const file = writeCsv('roster.csv', roster(P(1, 'Changed'), P(2), P(8)));
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--update', '--dry-run', '-o', 'json'], { emu });
    expect(r.exitCode).toBe(0);
    expect(writes()).toEqual([]);
    expect(r.stderr).toContain('would create 1, update 1, unchanged 1, invalid 0');
    expect(r.stderr).toContain('dry run: nothing was sent');
    const out = json(r);
    expect(out).toMatchObject({ mode: 'dry-run', outcomes: expect.any(Object) });
    expect(out.plan).toMatchObject({
      campaignId: 'cmp_native',
      create: 1,
      update: 1,
      unchanged: 1,
      invalid: 0,
      trash: 0,
      updates: [
        {
          line: 2,
          externalId: 'P-0001',
          cardId: one('P-0001').id,
          changes: [{ field: 'firstName', from: 'First0001', to: 'Changed' }],
        },
      ],
    });
    expect(one('P-0001').fields.firstName).toBe('First0001');
  });

  it('-o json of a refused plan: the plan on stdout, exit 2', async () => {
    await seeded();
    const file = writeCsv('roster.csv', roster(P(1, 'Changed')));
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--update', '-o', 'json'], { emu });
    expect(r.exitCode).toBe(2);
    expect(json(r)).toMatchObject({ update: 1, sent: false, updates: [{ externalId: 'P-0001' }] });
    expect(writes()).toEqual([]);
  });

  it("mapped campaign: compares the dry run resolvedFields; the locked company and the card's links are left to the service", async () => {
    const fatima = one('EMP-1001', 'cmp_mapped');
    const before = structuredClone(fatima.fields);
    const file = writeCsv(
      'hris.csv',
      [
        'employee.id,employee.givenName,employee.familyName,employee.jobTitle,contact.workEmail',
        `EMP-1001,Fatima,Al-Sayed,Head of Operations,${String((before.emails as Array<{ value: string }>)[0].value)}`,
      ].join('\n'),
    );
    const r = await runCli(['campaigns', 'import', 'cmp_mapped', file, '--update', '--yes'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([
      0,
      expect.stringContaining('update title "Operations Analyst" → "Head of Operations"'),
    ]);
    expect(patches()).toHaveLength(1);
    const sent = (patches()[0].body as { fields: Record<string, unknown> }).fields;
    expect(sent.company).toBeUndefined(); // locked: the service keeps its value
    expect(sent.links).toEqual(before.links);
    expect(one('EMP-1001', 'cmp_mapped').fields).toEqual({ ...before, title: 'Head of Operations' });
  });

  it("an update the template's rules refuse: every such row listed, exit 2, nothing sent; --skip-invalid records it invalid (exit 7)", async () => {
    await seeded();
    // The template now requires phones, which the card of P-0002 lacks: its complete fields would be refused.
    emu.store.templates.find((t) => t.id === 'tpl_cmp_partners')!.policy.fields.phones = { mode: 'required' };
    (one('P-0001').fields as Record<string, unknown>).phones = [{ label: 'Mobile', value: '+1 555 0101' }];
    const file = writeCsv('roster.csv', roster(P(1, 'Changed'), P(2, 'Other')));
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--update', '--yes'], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('1 row cannot update its card; nothing was sent');
    expect(r.stderr).toMatch(/line 3: the update of card crd_\w+ breaks the template's rules: phones: required/);
    expect(writes()).toEqual([]);
    const skip = await runCli(
      [
        'campaigns',
        'import',
        'cmp_native',
        file,
        '--update',
        '--yes',
        '--skip-invalid',
        '--report',
        `${file}.2.ndjson`,
      ],
      { emu },
    );
    expect(skip.exitCode).toBe(7);
    expect(rows(`${file}.2.ndjson`).map((l) => [l.line, l.outcome])).toEqual([
      [3, 'invalid'],
      [2, 'updated'],
    ]);
    expect(patches()).toHaveLength(1);
  });
});

describe('campaigns import --update --trash-missing', () => {
  it('moves to Trash only the cards whose identifier the file lacks, after the question; outcome trashed', async () => {
    await seeded();
    const file = writeCsv('roster.csv', roster(P(1), P(3), CHLOE));
    const refused = await runCli(['campaigns', 'import', 'cmp_native', file, '--update', '--trash-missing'], { emu });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(
      'would create 0, update 0, unchanged 3, invalid 0, trash 1 (--trash-missing, at most 10)',
    );
    expect(refused.stderr).toMatch(/trash P-0002 \(crd_\w+, First0002 Last0002, short code \w+\): not in the file/);
    expect(refused.stderr).toContain('moves 1 card to Trash');
    expect(writes()).toEqual([]);

    const gone = one('P-0002').id;
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--update', '--trash-missing', '--yes'], {
      emu,
    });
    expect([r.exitCode, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toMatch(/trashed\s+1/);
    expect(writes().map((q) => `${q.method} ${q.path}`)).toEqual([`DELETE /cards/${gone}`]);
    expect(live('cmp_native', 'P-0002')).toEqual([]);
    for (const id of ['P-0001', 'P-0003', 'P-2001']) expect(live('cmp_native', id)).toHaveLength(1);
    // In Trash (restorable in the dashboard); cards of other campaigns and templates are never touched.
    expect(
      emu.store
        .trashedCards()
        .map((c) => c.id)
        .sort(),
    ).toEqual([gone, 'crd_sven'].sort());
    const trashLine = rows(`${file}.report.ndjson`).at(-1);
    expect(trashLine).toMatchObject({ line: null, externalId: 'P-0002', outcome: 'trashed', cardId: gone });
    // print --from-report leaves a trashed card out.
    expect(await idsFromReport(`${file}.report.ndjson`)).not.toContain(gone);

    emu.clearRequests();
    const again = await runCli(
      ['campaigns', 'import', 'cmp_native', file, '--update', '--trash-missing', '--report', `${file}.2.ndjson`],
      { emu },
    );
    expect(again.exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('--max-trash: more cards to trash than the bound is refused (exit 2, a hint, nothing sent); raising it goes on', async () => {
    await seeded();
    const file = writeCsv('roster.csv', roster(P(1), 'P-0005,Five,Last0005,Partner 0005,Work,p5@partners.example'));
    const r = await runCli(
      ['campaigns', 'import', 'cmp_native', file, '--update', '--trash-missing', '--max-trash', '2', '--yes'],
      { emu },
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      'error: --trash-missing would move 3 cards to Trash, more than --max-trash 2; nothing was sent',
    );
    expect(r.stderr).toContain('pass --max-trash 3 or more');
    expect(writes()).toEqual([]);
    // A dry run shows the plan and says a real run would refuse.
    const dry = await runCli(
      ['campaigns', 'import', 'cmp_native', file, '--update', '--trash-missing', '--max-trash', '2', '--dry-run'],
      { emu },
    );
    expect([dry.exitCode, dry.stderr]).toEqual([
      0,
      expect.stringContaining('a real run would refuse: 3 cards to Trash'),
    ]);
    expect(writes()).toEqual([]);
    const ok = await runCli(
      ['campaigns', 'import', 'cmp_native', file, '--update', '--trash-missing', '--max-trash', '3', '--yes'],
      { emu },
    );
    expect(ok.exitCode).toBe(0);
    expect(
      writes()
        .map((q) => q.method)
        .sort(),
    ).toEqual(['DELETE', 'DELETE', 'DELETE', 'POST']);
    expect(
      emu.store.cards
        .filter((c) => c.campaignId === 'cmp_native')
        .map((c) => c.externalId)
        .sort(),
    ).toEqual(['P-0001', 'P-0005']);
  });

  it('--max-trash 0 refuses any trash; flags are checked before anything is read or sent (exit 2, one line)', async () => {
    await seeded();
    const file = writeCsv('roster.csv', roster(P(1), P(2), P(3)));
    const zero = await runCli(
      ['campaigns', 'import', 'cmp_native', file, '--update', '--trash-missing', '--max-trash', '0', '--yes'],
      { emu },
    );
    expect([zero.exitCode, zero.stderr]).toEqual([2, expect.stringContaining('more than --max-trash 0')]);
    for (const [args, message] of [
      [['--update', '--trash-missing', '--max-trash', '-1'], '--max-trash'],
      [['--update', '--trash-missing', '--max-trash', 'ten'], '--max-trash'],
      [['--update', '--trash-missing', '--max-trash', '1.5'], '--max-trash'],
      [['--trash-missing'], 'goes with --update'],
      [['--max-trash', '5'], '--max-trash bounds --trash-missing'],
      [['--update', '--trash-missing', '--max-rows', '2'], 'needs the whole file'],
      [['--update', '--trash-missing', '--skip-invalid'], 'needs every row valid'],
      [['--update', '--validate-only'], 'pick one'],
    ] as const) {
      emu.clearRequests();
      const r = await runCli(['campaigns', 'import', 'cmp_native', file, ...args], { emu });
      expect([r.exitCode, r.stderr.split('\n')[0]]).toEqual([2, expect.stringContaining(message)]);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(emu.requests()).toEqual([]);
    }
  });

  it('a campaign-scoped key cannot list the cards: exit 3 with a hint, nothing sent', async () => {
    const file = writeCsv(
      'hris.csv',
      ['employee.id,employee.givenName,employee.familyName,contact.workEmail', 'EMP-1001,F,A,f@x.example'].join('\n'),
    );
    const r = await runCli(['campaigns', 'import', 'cmp_mapped', file, '--update', '--id-column', 'employee.id'], {
      emu,
      key: emu.keys.campaign,
    });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain("cannot list the campaign's cards");
    expect(r.stderr).toContain('account-wide key');
    expect(writes()).toEqual([]);
  });

  it('--verbose: the key appears in no output and no report line', async () => {
    await seeded();
    const file = writeCsv('roster.csv', roster(P(1, 'Changed'), P(3), CHLOE));
    const r = await runCli(
      ['campaigns', 'import', 'cmp_native', file, '--update', '--trash-missing', '--yes', '--verbose'],
      {
        emu,
      },
    );
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/PATCH .*\/cards\//);
    expect(r.stderr).toMatch(/DELETE .*\/cards\//);
    const partial = emu.keys.full.slice(0, -4);
    for (const text of [r.stdout, r.stderr, readFileSync(`${file}.report.ndjson`, 'utf8')])
      expect(text.includes(partial)).toBe(false);
  });
});
