// Locked leads caught up: a lead exported (leads export) or delivered (leads follow) while locked is
// re-read until its contact is there, then exported / delivered once more; no locked lead, no GET /leads/:id.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();

type Lead = { id: string; createdAt: string; locked: boolean; contact: { name: string } | null };
const ndjson = <T = Lead>(text: string): T[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
const CONTACT = { name: 'Ada Unlocked', email: 'ada@x.example', phone: '', company: 'Acme', title: '' };

export async function control(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${emu.publicBaseUrl}/_emulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

const leadGets = () => emu.requests({ method: 'GET', path: /^\/leads\/.+/ });

describe('leads export: locked leads caught up', () => {
  it('a lead exported while locked is exported again, once, with its contact, by the run that finds it unlocked', async () => {
    const statePath = join(tempDir(), 'leads.state.json');
    const run1 = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect(run1.exitCode).toBe(0);
    const locked = ndjson(run1.stdout).filter((l) => l.locked);
    expect(locked.map((l) => l.id)).toEqual(['lead_027', 'lead_028', 'lead_029', 'lead_030']);
    expect(locked.every((l) => l.contact === null)).toBe(true);
    const s1 = JSON.parse(readFileSync(statePath, 'utf8'));
    expect(s1.pending.map((p: { id: string }) => p.id)).toEqual(['lead_027', 'lead_028', 'lead_029', 'lead_030']);
    expect(leadGets()).toHaveLength(0); // nothing was pending before run 1

    // still locked: re-read, nothing exported
    const run2 = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect([run2.exitCode, run2.stdout]).toEqual([0, '']);
    expect(leadGets().map((r) => r.path)).toEqual([
      '/leads/lead_027',
      '/leads/lead_028',
      '/leads/lead_029',
      '/leads/lead_030',
    ]);

    await control('leads/lead_028', { locked: false, contact: CONTACT });
    const run3 = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect(run3.exitCode).toBe(0);
    const again = ndjson(run3.stdout);
    expect(again.map((l) => [l.id, l.locked, l.contact?.name])).toEqual([['lead_028', false, 'Ada Unlocked']]);
    expect(run3.stderr).toContain('now has its contact and was exported again: lead_028');
    const s3 = JSON.parse(readFileSync(statePath, 'utf8'));
    expect(s3.pending.map((p: { id: string }) => p.id)).toEqual(['lead_027', 'lead_029', 'lead_030']);

    const run4 = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect([run4.exitCode, run4.stdout]).toEqual([0, '']); // once
  });

  it('a CRM preset, which skips locked leads, receives the lead in the run that finds it unlocked', async () => {
    const statePath = join(tempDir(), 'leads.state.json');
    const run1 = await runCli(['leads', 'export', '--state', statePath, '--preset', 'hubspot'], { emu });
    expect(run1.exitCode).toBe(0);
    expect(run1.stdout).not.toContain('Ada Unlocked');
    await control('leads/lead_030', { locked: false, contact: CONTACT });
    const run2 = await runCli(['leads', 'export', '--state', statePath, '--preset', 'hubspot'], { emu });
    expect(run2.exitCode).toBe(0);
    const rows = run2.stdout.trim().split('\n');
    expect(rows).toHaveLength(2); // header + the unlocked lead
    expect(rows[1]).toContain('ada@x.example');
  });

  it('runs without locked leads send no GET /leads/:id', async () => {
    const statePath = join(tempDir(), 'leads.state.json');
    const since = new Date(emu.now() - 60_000).toISOString();
    await control('leads', { leads: [{ cardId: 'crd_zoe', source: 'form', contact: CONTACT }] });
    const run1 = await runCli(['leads', 'export', '--state', statePath, '--since', since], { emu });
    expect(run1.exitCode).toBe(0);
    expect(ndjson(run1.stdout)).toHaveLength(1);
    expect(JSON.parse(readFileSync(statePath, 'utf8')).pending).toBeUndefined();
    await control('leads', { leads: [{ cardId: 'crd_zoe', source: 'form', contact: CONTACT }] });
    const run2 = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect(ndjson(run2.stdout)).toHaveLength(1);
    expect(leadGets()).toEqual([]);
  });

  it('a lead locked past --locked-window is dropped with a note, without a request', async () => {
    const statePath = join(tempDir(), 'leads.state.json');
    await runCli(['leads', 'export', '--state', statePath, '--locked-window', '2d'], { emu });
    emu.advanceTime(3 * 86_400_000);
    const run2 = await runCli(['leads', 'export', '--state', statePath, '--locked-window', '2d'], { emu });
    expect(run2.exitCode).toBe(0);
    expect(run2.stderr).toContain('lead lead_027 is still locked since');
    expect(leadGets()).toEqual([]);
    expect(JSON.parse(readFileSync(statePath, 'utf8')).pending).toBeUndefined();
  });
});
