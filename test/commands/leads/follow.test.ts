// leads follow to standard output: leads added while it runs, stopped and restarted, ties at page and
// poll boundaries, the pace against the key's limit, and a state that does not grow.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/run-cli.js';
import { addLeads, expectOnceOldestFirst, follow, lines, readState } from './follow-helpers.js';

const emu = useEmulator();

describe('cardqr leads follow (standard output)', () => {
  it('delivers the 30 seeded leads and 200 added while it runs, each once, oldest first; a restart goes on after them', async () => {
    const statePath = join(tempDir(), 'leads.state.json');
    const added: string[] = [];
    const run1 = await follow(emu, ['--state', statePath], async (n) => {
      if (n <= 4) added.push(...(await addLeads(emu, `p${n}`, 20))); // 20 sharing one instant per poll
      if (n === 5) added.push(...(await addLeads(emu, 'big', 120))); // one instant across two pages
      return n === 7;
    });
    expect(run1.exitCode, run1.stderr).toBe(0);
    const d1 = lines(run1.stdout);
    expect(d1.every((d) => d.type === 'lead.created')).toBe(true);
    expectOnceOldestFirst(d1);
    expect(d1).toHaveLength(30 + 200);
    expect(
      d1
        .slice(30)
        .map((d) => d.lead.id)
        .sort(),
    ).toEqual([...added].sort());
    expect(run1.stderr).toMatch(/^following every lead \(first run\), every 30 s, to standard output/);
    expect(run1.stderr).toMatch(/stopped: 230 new leads delivered; 4 locked leads still re-read; state saved: .*\n$/);

    const run2 = await follow(emu, ['--state', statePath], async (n) => {
      if (n === 1) added.push(...(await addLeads(emu, 'late', 3)));
      return n === 2;
    });
    expect(run2.exitCode, run2.stderr).toBe(0);
    expect(
      lines(run2.stdout)
        .map((d) => d.lead.id)
        .sort(),
    ).toEqual(added.slice(-3).sort());
  });
});

describe('the state of leads follow', () => {
  it('holds the cursor and the pending locked ids only: it does not grow with the leads delivered', async () => {
    const statePath = join(tempDir(), 'leads.state.json');
    const run1 = await follow(emu, ['--state', statePath], () => true);
    expect(lines(run1.stdout)).toHaveLength(30);
    const before = readState(statePath);
    expect(Object.keys(before).sort()).toEqual(['accountId', 'baseUrl', 'cursor', 'lastRun', 'pending', 'version']);
    const size = JSON.stringify(before).length;

    // 200 more, each at its own instant (one every 10 virtual seconds while it polls)
    const run2 = await follow(emu, ['--state', statePath], async (n) => {
      if (n <= 20) {
        for (let i = 0; i < 10; i++) {
          await addLeads(emu, `m${n}_${i}`, 1);
          emu.advanceTime(1000);
        }
      }
      return n === 22;
    });
    expect(lines(run2.stdout)).toHaveLength(200);
    const after = readState(statePath);
    expect(after.cursor.ids).toHaveLength(1);
    expect(after.pending.map((p: { id: string }) => p.id)).toEqual(before.pending.map((p: { id: string }) => p.id));
    expect(Math.abs(JSON.stringify(after).length - size)).toBeLessThan(8); // only lastRun's count and the ids' digits differ
  });
});
