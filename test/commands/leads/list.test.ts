import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { LEAD_CSV_COLUMNS } from '../../../src/output/views/leads.js';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';

const emu = useEmulator();
const plain = { NO_COLOR: '1' };

describe('cardqr leads list', () => {
  it('terminal: a table of one page, locked contacts marked, and a hint on stderr', async () => {
    const r = await runCli(['leads', 'list'], { emu, tty: true, env: plain, columns: 200 });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('25 of 28 shown; --all for every page\n');
    for (const t of ['ID', 'CREATED', 'SOURCE', 'CARD', 'CONTACT', 'EMAIL', 'CRM', 'lead_030', 'locked']) {
      expect(r.stdout).toContain(t);
    }
    expect(r.stdout).toMatch(/\bMarco Rossi +marco\.rossi@magazzini\.example +/);
    expect(r.stdout).not.toContain('lead_004'); // archived
  });

  it('json off a terminal; --all follows every page; --include-archived', async () => {
    const page = json(await runCli(['leads', 'list', '--limit', '5'], { emu }));
    expect(page.map((l: { id: string }) => l.id)).toEqual(['lead_030', 'lead_029', 'lead_028', 'lead_027', 'lead_026']);
    const every = json(await runCli(['leads', 'list', '--all'], { emu }));
    expect(every).toHaveLength(28);
    const withArchived = json(await runCli(['leads', 'list', '--all', '--include-archived'], { emu }));
    expect(withArchived).toHaveLength(30);
    expect(emu.requests({ path: '/leads' }).at(-1)?.query).toMatchObject({ includeArchived: 'true', limit: '100' });
  });

  it('filters are sent as the API names them', async () => {
    const r = await runCli(
      ['leads', 'list', '--card', 'crd_kenji', '--source', 'form', '--since', '2026-01-01T00:00:00Z'],
      { emu },
    );
    expect(r.exitCode).toBe(0);
    expect(emu.requests({ path: '/leads' })[0].query).toEqual({
      cardId: 'crd_kenji',
      source: 'form',
      since: '2026-01-01T00:00:00Z',
      offset: '0',
    });
    for (const l of json(r)) expect([l.cardId, l.source]).toEqual(['crd_kenji', 'form']);
  });

  it('csv: the documented columns, answers in one readable cell, locked leads without contact', async () => {
    const r = await runCli(['leads', 'list', '--all', '-o', 'csv'], { emu });
    expect(r.exitCode).toBe(0);
    const rows = parse(r.stdout, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual([...LEAD_CSV_COLUMNS, 'extra']);
    expect(JSON.parse(rows[0].extra)).toMatchObject({ read: expect.any(Boolean) }); // what no column holds
    expect(rows).toHaveLength(28);
    const locked = rows.filter((x) => x.locked === 'true');
    expect(locked.map((x) => x.id).sort()).toEqual(['lead_027', 'lead_028', 'lead_029', 'lead_030']);
    for (const x of locked) expect([x['contact.name'], x['contact.email'], x['contact.phone']]).toEqual(['', '', '']);
    const first = rows.find((x) => x.id === 'lead_001');
    expect(first?.answers).toContain('Your name: Hannah Schmidt; Email: hannah.schmidt@logistik-nord.example');
    expect(first?.answers).toContain('Topics: Pricing, Integration');
    expect(first?.answers).toContain('Message: Could you send a quote for 12 units?\nDelivery to our Hamburg site.');
  });

  it('csv --fields: a field the CSV shape does not hold (read) comes from the lead, as in leads export', async () => {
    const all = json(await runCli(['leads', 'list', '--all', '-o', 'json'], { emu })) as Array<{
      id: string;
      read: boolean;
    }>;
    const r = await runCli(['leads', 'list', '--all', '-o', 'csv', '--fields', 'id,read'], { emu });
    expect(r.exitCode).toBe(0);
    const rows = parse(r.stdout, { columns: true }) as Record<string, string>[];
    expect(rows.map((x) => [x.id, x.read])).toEqual(all.map((l) => [l.id, String(l.read)]));
  });

  it('ndjson one lead per line; -q ids only', async () => {
    const nd = await runCli(['leads', 'list', '-o', 'ndjson', '--limit', '3'], { emu });
    expect(
      nd.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).object),
    ).toEqual(['lead', 'lead', 'lead']);
    const q = await runCli(['leads', 'list', '-q', '--limit', '2'], { emu });
    expect(q.stdout).toBe('lead_030\nlead_029\n');
  });

  it('exit 2 before sending for a bad --since, --source or --limit', async () => {
    for (const args of [
      ['--since', '2026-02-30'],
      ['--since', 'yesterday'],
      ['--since', '2026-05-01', '--tz', 'Mars/Olympus'],
      ['--source', 'fax'],
      ['--limit', '500'],
    ]) {
      const r = await runCli(['leads', 'list', ...args], { emu });
      expect([args, r.exitCode]).toEqual([args, 2]);
    }
    const since = await runCli(['leads', 'list', '--since', '2026-05-01T25:00'], { emu });
    expect(since.stderr).toContain(
      'error: --since "2026-05-01T25:00": expected YYYY-MM-DD (midnight UTC, or in --tz), an ISO 8601 date-time, or a duration back from now: 30m, 24h, 7d, 2w',
    );
    expect(emu.requests()).toEqual([]);
  });

  it('--since takes days (UTC or --tz), zone-less and zoned date-times, and durations back from now', async () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const cases: Array<[string[], string]> = [
      [['--since', '2026-05-01'], '2026-05-01T00:00:00Z'],
      [['--since', '2026-05-01', '--tz', 'Europe/Paris'], '2026-04-30T22:00:00Z'],
      [['--since', '2026-01-15', '--tz', 'America/New_York'], '2026-01-15T05:00:00Z'],
      [['--since', '2026-05-01T09:30', '--tz', 'Asia/Tokyo'], '2026-05-01T00:30:00Z'],
      [['--since', '2026-05-01T09:00:00+02:00'], '2026-05-01T07:00:00Z'],
      [['--since', '7d'], '2026-06-08T12:00:00Z'],
      [['--since', '24h'], '2026-06-14T12:00:00Z'],
      [['--since', '30m'], '2026-06-15T11:30:00Z'],
      [['--since', '2w'], '2026-06-01T12:00:00Z'],
    ];
    for (const [args, sent] of cases) {
      emu.clearRequests();
      const r = await runCli(['leads', 'list', ...args], { emu, now });
      expect([args, r.exitCode, emu.requests({ path: '/leads' })[0]?.query.since]).toEqual([args, 0, sent]);
    }
    const help = await runCli(['leads', 'list', '--help'], { emu });
    expect(help.stdout).toContain('30m, 24h, 7d');
    expect(help.stdout).toContain('--tz <zone>');
  });

  it('exit 3 without leads:read', async () => {
    const r = await runCli(['leads', 'list'], { emu, key: emu.keys.qronly });
    expect(r.exitCode).toBe(3);
  });
});

describe('cardqr leads get', () => {
  it('terminal: contact, source, card, consent, CRM and every answer as a table', async () => {
    const r = await runCli(['leads', 'get', 'lead_001'], { emu, tty: true, env: plain });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    for (const t of [
      'form (after_save)',
      'crd_amelie',
      'Hannah Schmidt',
      'Hamburg, DE',
      'marketing opt-in',
      'HubSpot: sent',
      'Answers',
      'QUESTION',
      'Preferred call date',
      'Pricing, Integration',
    ]) {
      expect(r.stdout).toContain(t);
    }
  });

  it('a locked lead says so and shows no contact', async () => {
    const r = await runCli(['leads', 'get', 'lead_030'], { emu, tty: true, env: plain });
    expect(r.stdout).toContain("locked: contact details stay hidden until the plan's lead allowance covers this lead");
    expect(r.stdout).toContain('HubSpot: held_locked');
    const j = json(await runCli(['leads', 'get', 'lead_030'], { emu }));
    expect([j.locked, j.contact]).toEqual([true, null]);
  });

  it('json keeps every answer; exit 4 for an unknown lead', async () => {
    const j = json(await runCli(['leads', 'get', 'lead_001'], { emu }));
    expect(j.answers.length).toBeGreaterThanOrEqual(4);
    const r = await runCli(['leads', 'get', 'lead_999'], { emu });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain('resource_not_found (404)');
  });
});
