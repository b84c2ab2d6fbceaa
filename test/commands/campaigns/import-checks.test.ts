// Checks that pass what the API refuses (issue 35, PRODUCT §6): --validate-only checks every rule the
// schema states (an email entry's label included), then sends up to 5 rows of distinct shape to the
// campaign's dry run (--offline: none); a real import whose first 5 rows sent are all refused with one
// (code, field) stops there (exit 7) instead of sending the rest.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli } from '../../helpers/run-cli.js';
import { rawReportLines, writeCsv } from '../../jobs/import/_files.js';

const emu = useEmulator();
const dryRuns = () => emu.requests({ method: 'POST', path: '/campaigns/cmp_native/cards/test' });
const creates = () => emu.requests({ method: 'POST', path: '/campaigns/cmp_native/cards' });
const range = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1).padStart(3, '0'));

/** 60 people whose email has no label: the campaign's emails entries need one ({label, value}). */
const noLabels = () =>
  writeCsv(
    'staff.csv',
    [
      'externalId,firstName,lastName,company,emails.0.value',
      ...range(60).map((n) => `S-${n},F${n},L${n},Co,s${n}@x.example`),
    ].join('\n') + '\n',
  );
/** 60 rows the local checks pass and the API refuses: a link type it does not know. */
const badLinks = () =>
  writeCsv(
    'links.csv',
    [
      'externalId,firstName,lastName,company,emails.0.label,emails.0.value,links.0.type,links.0.url',
      ...range(60).map((n) => `L-${n},F${n},L${n},Co,Work,l${n}@x.example,myspace-page,https://x.example/${n}`),
    ].join('\n') + '\n',
  );

describe('--validate-only checks what the API refuses', () => {
  it('an email without a label, on every row: caught locally (exit 2, every line), with or without --offline; nothing sent', async () => {
    const file = noLabels();
    for (const extra of [[], ['--offline']]) {
      emu.clearRequests();
      const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--validate-only', ...extra], { emu });
      expect(r.exitCode).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe('error: 60 problems in the file; nothing was sent');
      expect(r.stderr).toContain('line 2: emails.0.label is required');
      expect(r.stderr).toContain('--set emails.0.label=');
      expect(emu.requests().filter((q) => q.method !== 'GET')).toEqual([]);
    }
    // The real import is refused by the same check: nothing sent.
    const real = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect(real.exitCode).toBe(2);
    expect(creates()).toEqual([]);
  });

  it('--set emails.0.label=Work gives every row the label: the file validates and imports', async () => {
    const file = noLabels();
    const r = await runCli(
      ['campaigns', 'import', 'cmp_native', file, '--set', 'emails.0.label=Work', '--validate-only'],
      { emu },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      '60 rows checked against campaign cmp_native: no problems; 1 row of distinct shape accepted',
    );
    expect(dryRuns()).toHaveLength(1);
    expect(creates()).toEqual([]);
  });

  it("a rule the schema does not state (a link type): the dry run's sample finds it; --offline sends no dry run", async () => {
    const file = badLinks();
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--validate-only'], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("error: the campaign's dry run refuses 1 of 1 sample row");
    expect(r.stderr).toMatch(/line 2: L-001: .*links\.0\.type/);
    expect(dryRuns()).toHaveLength(1); // one shape: one row
    expect(creates()).toEqual([]);

    emu.clearRequests();
    const offline = await runCli(['campaigns', 'import', 'cmp_native', file, '--validate-only', '--offline'], { emu });
    expect(offline.exitCode, offline.stderr).toBe(0);
    expect(offline.stderr).toContain('no problems (local checks only: --offline)');
    expect(dryRuns()).toEqual([]);
    expect(emu.requests().filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('rows of distinct shape (a distinct set of non-empty columns): at most 5 go to the dry run', async () => {
    const head =
      'externalId,firstName,lastName,company,title,bio,emails.0.label,emails.0.value,phones.0.label,phones.0.value';
    const shapes = [
      'T,B,W,e@x.example,M,1',
      ',B,W,e@x.example,M,1',
      'T,,W,e@x.example,M,1',
      'T,B,W,e@x.example,,',
      ',,W,e@x.example,,',
      'T,,W,e@x.example,,',
      ',B,W,e@x.example,,',
    ];
    const lines = shapes.flatMap((tail, i) => [0, 1].map((k) => `D-${i}${k},F,L,Co,${tail}`));
    const file = writeCsv('shapes.csv', [head, ...lines].join('\n') + '\n');
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--validate-only'], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('14 rows checked');
    expect(r.stderr).toContain('5 rows of distinct shape accepted');
    expect(dryRuns()).toHaveLength(5);
  });

  it('a key without cards:write: the local checks and a note', async () => {
    const file = badLinks();
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--validate-only'], {
      emu,
      key: emu.keys.readonly,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('the key lacks cards:write');
  });

  it('--offline goes with --validate-only only (exit 2, nothing read or sent)', async () => {
    const r = await runCli(['campaigns', 'import', 'cmp_native', badLinks(), '--offline'], { emu });
    expect([r.exitCode, r.stderr.split('\n')[0]]).toEqual([
      2,
      expect.stringContaining('--offline keeps --validate-only local'),
    ]);
    expect(emu.requests()).toEqual([]);
  });
});

describe('a real import whose first 5 rows sent are refused alike', () => {
  it('stops after 5 (exit 7), says why, and offers to run again without --resume', async () => {
    const file = badLinks();
    const r = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect(r.exitCode).toBe(7);
    expect(creates()).toHaveLength(5);
    expect(r.stderr).toContain(
      'error: the first 5 rows sent were all refused the same way (validation_failed, fields.links.0.type): stopping; no other row was sent',
    );
    expect(r.stderr).toMatch(/once the file is fixed, run again: cardqr campaigns import cmp_native \S+links\.csv\n/);
    expect(r.stderr).not.toContain('--resume');
    const lines = rawReportLines(`${file}.report.ndjson`);
    expect(lines.filter((l) => l.outcome === 'failed')).toHaveLength(5);
    expect(lines.at(-1)).toMatchObject({ type: 'end', stopped: 'fatal', complete: false });
  });

  it('refusals that differ, or a row that goes through, never stop the run', async () => {
    const head = 'externalId,firstName,lastName,company,emails.0.label,emails.0.value,links.0.type,links.0.url';
    const rows = range(7).map((n) =>
      n === '003'
        ? `M-${n},F,L,Co,Work,m@x.example,website,https://x.example`
        : `M-${n},F,L,Co,Work,m@x.example,bad-type,https://x.example`,
    );
    const file = writeCsv('mixed.csv', [head, ...rows].join('\n') + '\n');
    const r = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect(r.exitCode).toBe(7);
    expect(creates()).toHaveLength(7);
    expect(r.stderr).not.toContain('refused the same way');
  });
});
