// The README's three weekly jobs, run twice a "week" (the emulator's clock moved seven days) from files
// written the way spreadsheets write them (a BOM, CRLF, `;`, the column titles people type, names with
// commas, quotes and accents): the fair's codes applied, then retargeted; the staff roster refreshed with
// leavers trashed; leads followed to a CRM receiver that refuses one lead and later goes down for a while.
// After each run: the summary, the report and the account. No lead goes to the dead letter while the
// receiver is merely down, and the lead it refused is replayed once it accepts it.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { rawReportLines } from '../jobs/import/_files.js';
import { addLeads, follow, leadReceiver, lines, type Delivery } from './leads/follow-helpers.js';

const emu = useEmulator();
const DAY = 86_400_000;
const SECRET = 'whsec_week_0123456789abcdef';
const dir = tempDir();

/** A spreadsheet's CSV export: a BOM, `;` between cells, CRLF line ends, quotes where a cell needs them. */
function sheet(name: string, rows: string[][]): string {
  const cell = (c: string) => (/[";\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  const path = join(dir, name);
  writeFileSync(path, '\uFEFF' + rows.map((r) => r.map(cell).join(';')).join('\r\n') + '\r\n');
  return path;
}

// ---- the fair's codes ------------------------------------------------------------------------------------

const stands = (n: number, host: string) =>
  Array.from({ length: n }, (_, i) => [
    `fair26-${String(i).padStart(3, '0')}`,
    `Stand ${i}, "Hall ${i % 3}" — Café Müller`,
    `https://${host}/stand/${i}`,
    'published',
  ]);
const FAIR_HEADER = ['Short code', 'Name', 'Destination URL', 'Status'];
const fairCodes = () => emu.store.qrCodes.filter((q) => q.shortCode.startsWith('fair26-'));

// ---- the roster ------------------------------------------------------------------------------------------

const ROSTER_HEADER = ['externalId', 'First name', 'Last name', 'Company', 'Email'];
const person = (n: number, first = `Zoë ${n}`) => [
  `S-${n}`,
  first,
  `O'Brien-${n}`,
  'Smith, Jones & Co',
  `s${n}@staff.example`,
];
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const staff = () =>
  emu.store.cards
    .filter((c) => c.campaignId === 'cmp_native' && c.externalId?.startsWith('S-'))
    .map((c) => c.externalId!)
    .sort();
const refresh = (file: string, ...more: string[]) =>
  runCli(
    [
      'campaigns',
      'import',
      'cmp_native',
      file,
      '--update',
      '--trash-missing',
      '--max-trash',
      '20',
      '--set',
      'emails.0.label=Work',
      ...more,
    ],
    { emu },
  );

// ---- the CRM receiver ------------------------------------------------------------------------------------

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => (s.closeAllConnections(), s.close(r)))));
});
/** Answers `status(id)`; every lead it took (2xx) is in `took`, in order. */
async function receiver(port: number, status: (id: string) => number, took: string[]): Promise<Server> {
  const server = await leadReceiver(port, (id) => {
    const code = status(id);
    if (code < 300) took.push(id);
    return code;
  });
  servers.push(server);
  return server;
}

describe("the operator's week, twice", () => {
  it('fair codes, a roster refresh and leads to a CRM that refuses one lead and goes down', async () => {
    emu.store.account('acc_acme')!.cardAllowance = 1000;
    emu.store.account('acc_acme')!.qrAllowance = 1000;
    const state = join(dir, 'leads.state');
    const dead = join(dir, 'dead.ndjson');
    const took: string[] = [];
    let up = true;
    let refuse = '';
    const crm = await receiver(0, (id) => (!up ? 503 : id === refuse ? 422 : 204), took);
    const url = `http://127.0.0.1:${(crm.address() as AddressInfo).port}/hooks/cardqr`;
    const since = new Date(emu.now() - 1000).toISOString();
    const followArgs = ['--state', state, '--forward-to', url, '--dead-letter', dead, '--max-attempts', '3'];
    const env = { CARDQR_FORWARD_SECRET: SECRET };

    // ---- week 1 ----
    const fair = sheet('fair-2026.csv', [FAIR_HEADER, ...stands(12, 'fair.example')]);
    const plan = await runCli(['qr', 'apply', fair, '--dry-run'], { emu });
    expect(plan.exitCode, plan.stderr).toBe(0);
    expect(plan.stderr).toMatch(/plan for .*fair-2026\.csv: create 12, update 0, unchanged 0/);
    expect(plan.stderr).toMatch(/does not say how much/);
    const applied = await runCli(['qr', 'apply', fair], { emu });
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(applied.stderr).toMatch(/12\/12 writes: 12 created, 0 updated, 0 failed/);
    expect(fairCodes()).toHaveLength(12);
    expect(fairCodes().find((q) => q.shortCode === 'fair26-004')!.name).toBe('Stand 4, "Hall 1" — Café Müller');

    const roster = sheet('staff.csv', [ROSTER_HEADER, ...range(1, 30).map((n) => person(n))]);
    const dry = await refresh(roster, '--dry-run');
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stderr).toMatch(/plan: would trash 1, update 0, create 30, unchanged 0, invalid 0/);
    const week1 = await refresh(roster, '--yes');
    expect(week1.exitCode, week1.stderr).toBe(0);
    expect(week1.stderr).toMatch(/trashed\s+1\n\s+updated\s+0\n\s+created\s+30\n\s+unchanged\s+0\n/);
    expect(staff()).toHaveLength(30);
    expect(emu.store.cards.find((c) => c.externalId === 'S-7')!.fields.company).toBe('Smith, Jones & Co');

    const week1Leads = await addLeads(emu, 'wk1', 4);
    refuse = week1Leads[1]; // the CRM refuses this one (a field it cannot map)
    const f1 = await follow(emu, ['--since', since, ...followArgs], () => true, { env });
    expect(f1.exitCode, f1.stderr).toBe(0);
    expect(took).toEqual(week1Leads.filter((id) => id !== refuse));
    expect(lines<{ delivery: Delivery }>(readFileSync(dead, 'utf8')).map((d) => d.delivery.lead.id)).toEqual([refuse]);

    // ---- week 2 ----
    emu.advanceTime(7 * DAY);
    // The fair is over: every stand now leads to the recap page (the file's destination column changed).
    const retarget = sheet('fair-2026.csv', [FAIR_HEADER, ...stands(12, 'recap.fair.example')]);
    const moved = await runCli(['qr', 'apply', retarget, '--yes'], { emu });
    expect(moved.exitCode, moved.stderr).toBe(0);
    expect(moved.stderr).toMatch(/12\/12 writes: 0 created, 12 updated, 0 failed/);
    expect(fairCodes().every((q) => String(q.destinationUrl).startsWith('https://recap.fair.example/'))).toBe(true);
    const reports = rawReportLines(`${retarget}.report.ndjson`).filter((l) => l.type === 'header');
    expect(reports).toHaveLength(2);
    const again = await runCli(['qr', 'apply', retarget, '--yes'], { emu });
    expect([again.exitCode, again.stderr]).toEqual([
      0,
      expect.stringMatching(/already matches the file; nothing to send/),
    ]);

    // S-26…S-30 left, S-31…S-33 joined, S-1 changed her first name.
    writeFileSync(
      roster,
      '\uFEFF' +
        [
          ROSTER_HEADER,
          person(1, 'Zoë-Marie'),
          ...range(2, 25).map((n) => person(n)),
          ...range(31, 33).map((n) => person(n)),
        ]
          .map((r) => r.map((c) => (/[";]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';'))
          .join('\r\n') +
        '\r\n',
    );
    const week2 = await refresh(roster, '--yes');
    expect(week2.exitCode, week2.stderr).toBe(0);
    expect(week2.stderr).not.toContain('--resume');
    expect(week2.stderr).toMatch(/trashed\s+5\n\s+updated\s+1\n\s+created\s+3\n\s+unchanged\s+24\n/);
    expect(staff()).toEqual([...range(1, 25), ...range(31, 33)].map((n) => `S-${n}`).sort());
    expect(rawReportLines(`${roster}.report.ndjson`).filter((l) => l.type === 'header')).toHaveLength(2);

    // The CRM is down for half an hour while new leads arrive; nothing goes to the dead letter meanwhile.
    const week2Leads = await addLeads(emu, 'wk2', 3);
    const deadBefore = readFileSync(dead, 'utf8');
    took.length = 0;
    up = false;
    let waited = 0;
    const f2 = await follow(emu, followArgs, (n) => n >= 2, {
      env,
      sleep: async (ms) => {
        waited += ms;
        if (!up && waited > 30 * 60_000) {
          expect(readFileSync(dead, 'utf8')).toBe(deadBefore); // merely down: nothing dead-lettered
          up = true;
        }
      },
    });
    expect(f2.exitCode, f2.stderr).toBe(0);
    expect(f2.stderr.match(/is down since/g)).toHaveLength(1);
    expect(f2.stderr).toMatch(/is back/);
    expect(took).toEqual(week2Leads);
    expect(readFileSync(dead, 'utf8')).toBe(deadBefore);

    // The CRM now maps that field: the refused lead is replayed, once, and leaves the dead letter.
    refuse = '';
    took.length = 0;
    const replay = await runCli(['leads', 'replay', dead], { emu, env });
    expect(replay.exitCode, replay.stderr).toBe(0);
    expect(took).toEqual([week1Leads[1]]);
    expect(existsSync(dead) ? readFileSync(dead, 'utf8').trim() : '').toBe('');
    expect(replay.stderr + replay.stdout).not.toContain(SECRET);
  });
});
