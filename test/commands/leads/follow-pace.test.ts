// leads follow keeps under the key's rate limit (here 6 requests a minute): polls are spaced out and
// so are the re-reads of locked leads; requests are counted on the emulator's virtual clock.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/run-cli.js';
import { follow, lines } from './follow-helpers.js';

const at: number[] = [];
const emu = useEmulator({ rateLimit: 6, log: () => at.push(emu.now()) });

describe('cardqr leads follow: the pace', () => {
  it('polls no faster than half the key allows, re-reads locked leads among them, and never hits 429', async () => {
    at.length = 0;
    const statePath = join(tempDir(), 'leads.state.json');
    const run = await follow(emu, ['--state', statePath, '--interval', '5s'], (n) => n === 40, { intervalMs: 20_000 });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain('note: polling every 20 s, not 5 s: the key allows 6 requests a minute');
    expect(lines(run.stdout)).toHaveLength(30);
    const reqs = emu.requests();
    expect(reqs.filter((r) => r.path === '/leads').length).toBeGreaterThan(30); // a locked re-read's 20 s wait counts as a poll here
    expect(reqs.filter((r) => r.path.startsWith('/leads/')).length).toBeGreaterThanOrEqual(8); // two sweeps of 4
    expect(reqs.filter((r) => r.status === 429)).toEqual([]);
    expect(at).toHaveLength(reqs.length);
    // in every 60-second window (times as the emulator answered): within the key's 6
    for (let i = 0; i < at.length; i++)
      expect(at.filter((t) => t >= at[i]! && t < at[i]! + 60_000).length).toBeLessThanOrEqual(6);
    // and over the run, half of it: starts at least 20 s apart (answers may come a few ms earlier or later)
    expect(((at.length - 1) * 60_000) / (at.at(-1)! - at[0]!)).toBeLessThanOrEqual(3.01);
  });
});
