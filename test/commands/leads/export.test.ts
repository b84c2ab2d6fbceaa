// leads export: incremental runs, the cursor, a lead inserted while paging, output formats.
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { LeadRecord } from '../../../src/emulator/model.js';
import { LEAD_CSV_COLUMNS } from '../../../src/output/views/leads.js';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';

// The emulator's log callback runs synchronously right after each API answer is sent: a test can act
// "between two pages" of the CLI deterministically (the CLI cannot send the next request before it).
let afterRequest: ((line: string) => void) | undefined;
const emu = useEmulator({ log: (line) => afterRequest?.(line) });

type Lead = { id: string; createdAt: string; locked: boolean; contact: unknown };

const ndjson = (text: string): Lead[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const state = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

async function addLeads(leads: Array<Record<string, unknown>>): Promise<Lead[]> {
  const res = await fetch(`${emu.publicBaseUrl}/_emulator/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ leads }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { leads: Lead[] }).leads;
}

/** What POST /_emulator/leads stores, pushed synchronously from inside the emulator. */
function insertNow(id: string, createdAt: string): void {
  const lead: LeadRecord = {
    object: 'lead',
    id,
    accountId: 'acc_acme',
    cardId: 'crd_zoe',
    cardName: 'Zoë Müller-Østergaard',
    source: 'form',
    trigger: 'after_save',
    formName: 'Stay in touch',
    createdAt,
    read: false,
    archived: false,
    locked: false,
    contact: { name: 'Late Arrival', email: 'late@x.example', phone: '', company: '', title: '' },
    answers: [],
    marketingOptIn: null,
    consentAt: null,
    country: 'US',
    city: '',
    hubspot: null,
  };
  emu.store.leads.push(lead);
}

function ids(leads: Lead[]): string[] {
  return leads.map((l) => l.id);
}

function expectOldestFirst(leads: Lead[]): void {
  for (let i = 1; i < leads.length; i++)
    expect(Date.parse(leads[i - 1].createdAt)).toBeLessThanOrEqual(Date.parse(leads[i].createdAt));
}

describe('cardqr leads export', () => {
  it('run 1 exports every lead oldest first; two more at the newest instant are run 2; run 3 exports nothing', async () => {
    const dir = tempDir();
    const statePath = join(dir, 'leads.state.json');
    const run1 = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect(run1.exitCode).toBe(0);
    const first = ndjson(run1.stdout);
    expect(first).toHaveLength(30); // archived leads included
    expect(new Set(ids(first)).size).toBe(30);
    expectOldestFirst(first);
    expect(first.at(-1)?.id).toBe('lead_030');
    expect(run1.stderr).toMatch(/^30 leads exported \(created .+ to .+\); state updated: .+leads\.state\.json\n$/);
    const s1 = state(statePath);
    expect(s1).toMatchObject({
      version: 1,
      baseUrl: emu.baseUrl,
      cursor: { createdAt: first.at(-1)?.createdAt, ids: ['lead_030'] },
    });
    expect(s1.lastRun.exported).toBe(30);
    expect(readdirSync(dir).sort()).toEqual(['leads.state.json']); // no lock, spool or temp file left

    const newest = first.at(-1)!.createdAt;
    const added = await addLeads([
      { id: 'lead_same_a', cardId: 'crd_zoe', source: 'form', createdAt: newest },
      { id: 'lead_same_b', cardId: 'crd_kenji', source: 'exchange', createdAt: newest },
    ]);
    const run2 = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect(run2.exitCode).toBe(0);
    expect(ids(ndjson(run2.stdout)).sort()).toEqual(ids(added).sort());
    // the fixed since is the cursor; lead_030 came back (since is inclusive) and was skipped by id
    expect(emu.requests({ path: '/leads' }).at(-1)?.query).toMatchObject({ since: newest, includeArchived: 'true' });
    const s2 = state(statePath);
    expect([s2.cursor.createdAt, [...s2.cursor.ids].sort()]).toEqual([
      newest,
      ['lead_030', 'lead_same_a', 'lead_same_b'],
    ]);

    const run3 = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect([run3.exitCode, run3.stdout]).toEqual([0, '']);
    expect(run3.stderr).toBe(`no new leads; state updated: ${statePath}\n`);
    expect(state(statePath).cursor.createdAt).toBe(newest);
  });

  it('a lead created while run 1 is paging is exported exactly once across runs', async () => {
    const base = emu.now() - 10 * 86_400_000;
    await addLeads(
      Array.from({ length: 250 }, (_, i) => ({
        id: `lead_bulk_${String(i).padStart(3, '0')}`,
        cardId: 'crd_amelie',
        source: 'form',
        createdAt: new Date(base + i * 60_000).toISOString(),
      })),
    );
    const statePath = join(tempDir(), 'state.json');
    let pages = 0;
    afterRequest = (line) => {
      if (!line.startsWith('GET /v1/leads?')) return;
      pages++;
      if (pages === 1) {
        // Between page 1 and page 2: one lead newer than all, one at the newest listed instant.
        insertNow('lead_late_now', new Date(emu.now()).toISOString());
        insertNow('lead_late_same', emu.store.leads.find((l) => l.id === 'lead_030')!.createdAt);
      }
    };
    try {
      const run1 = await runCli(['leads', 'export', '--state', statePath], { emu });
      expect(run1.exitCode).toBe(0);
      expect(pages).toBe(3);
      const first = ids(ndjson(run1.stdout));
      expect(first).toHaveLength(280);
      expect(new Set(first).size).toBe(280); // the lead shifted onto page 2 was not repeated
      expect(first).not.toContain('lead_late_now');
      expect(first).not.toContain('lead_late_same');
      expectOldestFirst(ndjson(run1.stdout));

      const run2 = await runCli(['leads', 'export', '--state', statePath], { emu });
      expect(ids(ndjson(run2.stdout)).sort()).toEqual(['lead_late_now', 'lead_late_same']);
      const run3 = await runCli(['leads', 'export', '--state', statePath], { emu });
      expect(run3.stdout).toBe('');
      const all = [...first, ...ids(ndjson(run2.stdout))];
      expect(new Set(all).size).toBe(all.length);
      expect(all).toHaveLength(emu.store.leads.filter((l) => l.accountId === 'acc_acme').length);
    } finally {
      afterRequest = undefined;
    }
  });

  it('first run with --since; --since refused once the state has a cursor', async () => {
    const statePath = join(tempDir(), 'state.json');
    const lead17 = emu.store.leads.find((l) => l.id === 'lead_017')!;
    const r = await runCli(['leads', 'export', '--state', statePath, '--since', lead17.createdAt], { emu });
    expect(r.exitCode).toBe(0);
    const got = ids(ndjson(r.stdout));
    expect(got.slice(0, 2).sort()).toEqual(['lead_017', 'lead_018']);
    expect(got).toHaveLength(14);
    const again = await runCli(['leads', 'export', '--state', statePath, '--since', lead17.createdAt], { emu });
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toContain('--since applies to a first run only');
  });

  it('csv: documented columns, parsed back with csv-parse; locked leads marked, contact empty', async () => {
    const dir = tempDir();
    const out = join(dir, 'leads.csv');
    const r = await runCli(['leads', 'export', '--state', join(dir, 's.json'), '-o', 'csv', '--out', out], { emu });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`30 leads exported to ${out}`);
    const rows = parse(readFileSync(out, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual([...LEAD_CSV_COLUMNS]);
    expect(rows.map((x) => x.id)).toHaveLength(30);
    expect(rows[0].id).toBe('lead_001');
    const locked = rows.filter((x) => x.locked === 'true');
    expect(locked).toHaveLength(4);
    for (const x of locked) {
      expect(LEAD_CSV_COLUMNS.filter((c) => c.startsWith('contact.')).map((c) => x[c])).toEqual(['', '', '', '', '']);
    }
    const one = rows[0];
    expect(one).toMatchObject({
      source: 'form',
      cardId: 'crd_amelie',
      cardName: 'Amélie Laurent',
      'contact.name': 'Hannah Schmidt',
      locked: 'false',
      country: 'DE',
      'hubspot.status': 'sent',
      marketingOptIn: 'true',
    });
    expect(one.answers).toMatch(/^Your name: Hannah Schmidt; Email: hannah\.schmidt@logistik-nord\.example; /);
    expect(rows.filter((x) => x.archived === 'true').map((x) => x.id)).toEqual(['lead_004', 'lead_010']);
  });

  it('json: one array, oldest first; -q prints nothing on stderr; --fields picks', async () => {
    const dir = tempDir();
    const r = await runCli(['-q', 'leads', 'export', '--state', join(dir, 's.json'), '-o', 'json'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    const arr = JSON.parse(r.stdout) as Lead[];
    expect(arr).toHaveLength(30);
    expect(arr[0].id).toBe('lead_001');
    const empty = await runCli(['leads', 'export', '--state', join(dir, 's.json'), '-o', 'json'], { emu });
    expect(empty.stdout).toBe('[]\n');
    const picked = await runCli(['leads', 'export', '--state', join(dir, 'p.json'), '--fields', 'id,contact.email'], {
      emu,
    });
    expect(JSON.parse(picked.stdout.split('\n')[0])).toEqual({
      id: 'lead_001',
      contact: { email: 'hannah.schmidt@logistik-nord.example' },
    });
  });

  it('exit 2 for -o table, a bad --since, or a missing --state; nothing sent', async () => {
    const dir = tempDir();
    const table = await runCli(['leads', 'export', '--state', join(dir, 's.json'), '-o', 'table'], { emu });
    expect(table.exitCode).toBe(2);
    expect(table.stderr).toContain('leads export writes ndjson, csv, json or vcf');
    const since = await runCli(['leads', 'export', '--state', join(dir, 's.json'), '--since', 'last week'], { emu });
    expect(since.exitCode).toBe(2);
    const nostate = await runCli(['leads', 'export'], { emu });
    expect(nostate.exitCode).toBe(2);
    expect(nostate.stderr).toContain("required option '--state <file>'");
    expect(emu.requests()).toEqual([]);
    expect(existsSync(join(dir, 's.json'))).toBe(false);
  });

  it('--help: defaults, formats, columns, examples and a cron line', async () => {
    const r = await runCli(['leads', 'export', '--help'], { emu });
    for (const t of [
      'ndjson (default)',
      'contact.email',
      'exit 2',
      '$ cardqr leads export --state',
      'Cron',
      '15 * * * * cardqr',
    ])
      expect(r.stdout).toContain(t);
  });
});
