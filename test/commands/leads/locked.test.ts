// Locked leads caught up: a lead exported (leads export) or delivered (leads follow) while locked is
// re-read until its contact is there, then exported / delivered once more; no locked lead, no GET /leads/:id.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { addLeads, CONTACT, control as controlOf, follow, lines, readState, type Lead } from './follow-helpers.js';

const emu = useEmulator();

const ndjson = <T = Lead>(text: string): T[] => lines<T>(text);
const control = (path: string, body: unknown) => controlOf(emu, path, body);

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

describe('leads follow: locked leads caught up', () => {
  it('a lead delivered while locked is delivered again as lead.unlocked, once, with its contact', async () => {
    const statePath = join(tempDir(), 'leads.state.json');
    const run1 = await follow(emu, ['--state', statePath], (n) => n === 2);
    expect(run1.exitCode, run1.stderr).toBe(0);
    const d1 = lines(run1.stdout);
    expect(d1.filter((d) => d.lead.locked).map((d) => [d.type, d.lead.id, d.lead.contact])).toEqual([
      ['lead.created', 'lead_027', null],
      ['lead.created', 'lead_028', null],
      ['lead.created', 'lead_029', null],
      ['lead.created', 'lead_030', null],
    ]);
    expect(readState(statePath).pending).toHaveLength(4);

    // restarted: the pending leads are re-read after the first poll, then every 5 minutes (10 polls)
    const run2 = await follow(emu, ['--state', statePath], async (n) => {
      if (n === 3) await control('leads/lead_029', { locked: false, contact: CONTACT });
      return n === 25;
    });
    expect(run2.exitCode, run2.stderr).toBe(0);
    const d2 = lines(run2.stdout);
    expect(d2.map((d) => [d.type, d.lead.id, d.lead.locked, d.lead.contact?.name])).toEqual([
      ['lead.unlocked', 'lead_029', false, 'Ada Unlocked'],
    ]);
    expect(leadGets().filter((r) => r.path === '/leads/lead_029')).toHaveLength(2); // at the start, then the sweep that found it
    expect(readState(statePath).pending.map((p: { id: string }) => p.id)).toEqual(['lead_027', 'lead_028', 'lead_030']);
    expect(run2.stderr).toMatch(/stopped: 0 new leads and 1 unlocked delivered; 3 locked leads still re-read/);
  });

  it('a state written by leads export is continued by leads follow, pending locked leads included', async () => {
    const statePath = join(tempDir(), 'leads.state.json');
    expect((await runCli(['leads', 'export', '--state', statePath], { emu })).exitCode).toBe(0);
    await control('leads/lead_027', { locked: false, contact: CONTACT });
    const added = await addLeads(emu, 'next', 2);
    const run = await follow(emu, ['--state', statePath], (n) => n === 1);
    expect(lines(run.stdout).map((d) => [d.type, d.lead.id])).toEqual([
      ['lead.created', added[0]],
      ['lead.created', added[1]],
      ['lead.unlocked', 'lead_027'],
    ]);
    // and back: export goes on after what follow delivered
    const exp = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect([exp.exitCode, exp.stdout]).toEqual([0, '']);
  });

  it('follow without locked leads sends no GET /leads/:id', async () => {
    const statePath = join(tempDir(), 'leads.state.json');
    const since = new Date(emu.now() - 1000).toISOString();
    const run = await follow(emu, ['--state', statePath, '--since', since], async (n) => {
      if (n < 15) await addLeads(emu, `n${n}`, 2);
      return n === 30;
    });
    expect(lines(run.stdout)).toHaveLength(28);
    expect(leadGets()).toEqual([]);
    expect(readState(statePath).pending).toBeUndefined();
  });

  it('a lead locked past --locked-window is no longer re-read by follow, with a note', async () => {
    const statePath = join(tempDir(), 'leads.state.json');
    await follow(emu, ['--state', statePath], () => true);
    expect(readState(statePath).pending).toHaveLength(4);
    emu.advanceTime(2 * 86_400_000);
    const run = await follow(emu, ['--state', statePath, '--locked-window', '1d'], () => true);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain('note: lead lead_027 is still locked since');
    expect(run.stderr).toContain('(past --locked-window): no longer re-read');
    expect(leadGets()).toEqual([]);
    expect(readState(statePath).pending).toBeUndefined();
  });
});
