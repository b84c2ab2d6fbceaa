// Files the tool appends to (issue 34): a run killed mid-write leaves a partial last line; the next run
// cuts it off before appending (and says on stderr how many bytes), so no new record glues onto it. The
// dead letter of `leads follow`, an import's report, a `qr apply` report and `leads export --out`
// (ndjson and csv): afterwards every line is whole and the earlier whole lines are as they were.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partnersCsv, writeCsv } from '../jobs/import/_files.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { addLeads, follow } from '../commands/leads/follow-helpers.js';
import { fairRows, writeApplyCsv } from '../commands/qr/_apply.js';
import { expectNoStack, useCounters } from './_support.js';

const counts = useCounters('torn-appends');
const emu = useEmulator({ rateLimit: 1_000_000 });

/** The file's lines; it must end in a newline (no partial last line). */
function wholeLines(p: string): string[] {
  const t = readFileSync(p, 'utf8');
  expect(t.endsWith('\n')).toBe(true);
  return t.slice(0, -1).split('\n');
}
const cutNote = (file: string, bytes: number) =>
  `note: ${file} ended in a partial line (${bytes} bytes written by a run cut short): cut off before adding to it`;

describe('a torn last line is cut off before the next append', () => {
  it('leads follow --dead-letter: the partial record cut, the earlier one kept, the new one whole', async () => {
    const dir = tempDir();
    const dead = join(dir, 'dead.ndjson');
    const earlier = JSON.stringify({ delivery: { type: 'lead.created', lead: { id: 'lead_old' } }, attempts: 1 });
    const torn = '{"delivery":{"type":"lead.created","lead":{"id":"lead_ha';
    writeFileSync(dead, `${earlier}\n${torn}`);
    const since = new Date(emu.now() - 1000).toISOString();
    const [id] = await addLeads(emu, 'torn', 1);
    const args = ['--state', join(dir, 's.json'), '--since', since, '--exec', 'exit 1', '--max-attempts', '1'];
    const r = await follow(emu, [...args, '--dead-letter', dead], (n) => n >= 1);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(cutNote(dead, torn.length));
    const lines = wholeLines(dead);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(earlier);
    expect(JSON.parse(lines[1]!).delivery.lead.id).toBe(id);
    expectNoStack(r.stderr);
    counts.files++;
  });

  it('campaigns import --resume: a torn report line cut, the recorded rows kept', async () => {
    emu.store.account('acc_acme')!.cardAllowance = 1000;
    const file = writeCsv('people.csv', partnersCsv(3));
    const report = `${file}.report.ndjson`;
    expect((await runCli(['campaigns', 'import', 'cmp_native', file], { emu })).exitCode).toBe(0);
    const before = wholeLines(report);
    const torn = '{"line":5,"externalId":"P-00';
    appendFileSync(report, torn);
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--resume'], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(cutNote(report, torn.length));
    const after = wholeLines(report);
    expect(after.slice(0, before.length)).toEqual(before);
    for (const l of after) expect(() => JSON.parse(l)).not.toThrow();
    counts.files++;
  });

  it('qr apply --report: a torn report line cut before the next run appends its header', async () => {
    const dir = tempDir();
    const rows = writeApplyCsv(dir, fairRows(1));
    const report = `${rows}.report.ndjson`;
    const first = await runCli(['qr', 'apply', rows, '--yes'], { emu });
    expect(first.exitCode, first.stderr).toBe(0);
    const before = wholeLines(report);
    appendFileSync(report, '{"line":3,"shortCode":"fair-00');
    writeApplyCsv(dir, fairRows(2));
    const r = await runCli(['qr', 'apply', rows, '--yes'], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(`note: ${report} ended in a partial line (30 bytes written by a run cut short)`);
    const after = wholeLines(report);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.length).toBeGreaterThan(before.length);
    for (const l of after) expect(() => JSON.parse(l)).not.toThrow();
    counts.files++;
  });

  it.each([
    ['ndjson', '{"id":"lead_torn","createdAt":"2026-'],
    ['csv', 'lead_torn,crd_zoe,"Ada\nLove'],
  ])(
    'leads export -o %s --out: a torn last record cut, the leads before kept, the new ones added',
    async (fmt, torn) => {
      const dir = tempDir();
      const out = join(dir, `leads.${fmt}`);
      const args = ['leads', 'export', '--state', join(dir, 's.json'), '-o', fmt, '--out', out];
      expect((await runCli(args, { emu })).exitCode).toBe(0);
      const before = wholeLines(out);
      appendFileSync(out, torn);
      const added = await addLeads(emu, 'more', 2);
      const r = await runCli(args, { emu });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).toContain(cutNote(out, Buffer.byteLength(torn)));
      const after = wholeLines(out);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after).toHaveLength(before.length + 2);
      for (const id of added) expect(after.slice(before.length).join('\n')).toContain(id);
      expect(after.join('\n')).not.toContain('lead_torn');
      counts.files++;
    },
  );
});
