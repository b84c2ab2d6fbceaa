// `campaigns import --update --trash-missing` as a weekly roster refresh (issue 35, PRODUCT §6.4): each run
// appends its own header to the one report; a changed file starts a new run without --resume; the summary
// counts every outcome, trashed first; an unchanged file whose last run is unfinished asks for --resume.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';
import { rawReportLines, writeCsv } from '../../jobs/import/_files.js';

const emu = useEmulator();
const DAY = 86_400_000;
const HEADER = 'externalId,firstName,lastName,company,emails.0.label,emails.0.value';
const person = (n: number, first = `First${n}`) => `S-${n},${first},Last${n},Staff Co,Work,s${n}@staff.example`;
const roster = (people: string[]) => [HEADER, ...people].join('\n') + '\n';
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const live = (id: string) => emu.store.cards.filter((c) => c.campaignId === 'cmp_native' && c.externalId === id);
const staffCards = () =>
  emu.store.cards
    .filter((c) => c.campaignId === 'cmp_native' && c.externalId?.startsWith('S-'))
    .map((c) => c.externalId)
    .sort();
const sync = ['--update', '--trash-missing', '--max-trash', '20', '--yes'];

describe('a roster refresh every week: one report, a run per week', () => {
  it('week 2 (leavers gone, joiners added, some edited) runs without --resume: two headers, a summary of every outcome', async () => {
    emu.store.account('acc_acme')!.cardAllowance = 1000; // room for the whole staff
    // The seed's own card of the campaign (P-2001) is not on the staff list: it is trashed in week 1.
    const file = writeCsv('staff.csv', roster(range(1, 60).map((n) => person(n))));
    const week1 = await runCli(['campaigns', 'import', 'cmp_native', file, ...sync], { emu });
    expect(week1.exitCode, week1.stderr).toBe(0);
    expect(staffCards()).toHaveLength(60);

    emu.advanceTime(7 * DAY);
    // Week 2: S-51…S-60 left, S-61…S-65 joined, S-1…S-5 changed their first name; S-6…S-50 as they were.
    const week2 = [...range(1, 5).map((n) => person(n, `Renamed${n}`)), ...range(6, 50).map((n) => person(n))];
    writeFileSync(file, roster([...week2, ...range(61, 65).map((n) => person(n))]));
    // The dry run first: its closing line agrees with its plan (never `created 0`).
    const dry = await runCli(['campaigns', 'import', 'cmp_native', file, ...sync, '--dry-run'], { emu });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('plan: would trash 10, update 5, create 5, unchanged 45, invalid 0\n');
    expect(dry.stderr).not.toMatch(/created\s+0/);
    emu.clearRequests();
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, ...sync], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('--resume');
    expect(r.stderr).toContain('records 1 earlier run; this one is appended as a new run');
    // Every outcome, destructive ones first.
    const summary = r.stderr.slice(r.stderr.indexOf('import of'));
    expect(summary).toMatch(/trashed\s+10\n\s+updated\s+5\n\s+created\s+5\n\s+unchanged\s+45\n/);
    expect(staffCards()).toEqual([...range(1, 50), ...range(61, 65)].map((n) => `S-${n}`).sort());
    expect(live('S-3')[0].fields.firstName).toBe('Renamed3');
    expect(emu.requests({ method: 'DELETE' })).toHaveLength(10);
    expect(emu.requests({ method: 'PATCH' })).toHaveLength(5);
    expect(emu.requests({ method: 'POST' }).filter((q) => !q.path.endsWith('/test'))).toHaveLength(5);

    const lines = rawReportLines(`${file}.report.ndjson`);
    const headers = lines.filter((l) => l.type === 'header');
    expect(headers).toHaveLength(2);
    expect(headers[0].fileSha256).not.toBe(headers[1].fileSha256);
    expect(headers[0].nonce).not.toBe(headers[1].nonce);
    expect(lines.filter((l) => l.type === 'end').map((l) => l.complete)).toEqual([true, true]);
    const week2Rows = lines.slice(lines.indexOf(headers[1]) + 1).filter((l) => l.outcome);
    expect(week2Rows.filter((l) => l.outcome === 'trashed')).toHaveLength(10);

    // -o json counts the same, trashed first; week 3 with the file as it is: a new run that changes nothing.
    emu.advanceTime(7 * DAY);
    emu.clearRequests();
    const week3 = await runCli(['campaigns', 'import', 'cmp_native', file, ...sync, '-o', 'json'], { emu });
    expect(week3.exitCode, week3.stderr).toBe(0);
    const out = json(week3);
    expect(Object.keys(out.outcomes).slice(0, 3)).toEqual(['trashed', 'updated', 'created']);
    expect(out.outcomes).toMatchObject({ trashed: 0, updated: 0, created: 0, unchanged: 55 });
    expect(emu.requests().filter((q) => q.method !== 'GET')).toEqual([]);
    expect(rawReportLines(`${file}.report.ndjson`).filter((l) => l.type === 'header')).toHaveLength(3);
  });

  it('--resume on a changed file is refused with a hint that never proposes --resume; an unfinished run of the same file asks for it', async () => {
    const file = writeCsv('staff.csv', roster(range(1, 3).map((n) => person(n))));
    // A rehearsal on the first 2 rows: the run leaves a row of the file for later (unfinished).
    const first = await runCli(['campaigns', 'import', 'cmp_native', file, '--max-rows', '2'], { emu });
    expect(first.exitCode, first.stderr).toBe(0);
    const again = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toContain('records an unfinished import');
    expect(again.stderr).toContain('add --resume');

    writeFileSync(file, roster(range(1, 4).map((n) => person(n))));
    const resumed = await runCli(['campaigns', 'import', 'cmp_native', file, '--resume'], { emu });
    expect(resumed.exitCode).toBe(2);
    expect(resumed.stderr.split('\n')[0]).toContain('cannot resume:');
    expect(resumed.stderr).toContain('run the same command without --resume');
    expect(
      resumed.stderr
        .split('\n')
        .filter((l) => l.startsWith('hint'))
        .join('\n'),
    ).not.toMatch(/add --resume/);

    const plain = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect(plain.exitCode, plain.stderr).toBe(0);
    expect(staffCards()).toEqual(['S-1', 'S-2', 'S-3', 'S-4']);
  });
});
