// A day of leads follow on the emulator's virtual clock: 2,880 polls at the default 30 s, five new leads
// an hour. Every lead is delivered once, oldest first; the state file does not grow with the polls or
// the deliveries (it holds a cursor and the ids still locked, nothing per lead delivered); and no 60 s
// window holds more requests than the key allows.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/run-cli.js';
import { addLeads, expectOnceOldestFirst, follow, lines } from './follow-helpers.js';

const at: number[] = [];
const emu = useEmulator({ log: () => at.push(emu.now()) });
const POLLS_A_DAY = (24 * 3600) / 30;

describe('cardqr leads follow: a day of polling', () => {
  it('delivers every lead once, keeps its state flat and stays within the key limit', async () => {
    at.length = 0;
    const statePath = join(tempDir(), 'leads.state.json');
    const sizes: number[] = [];
    const added: string[] = [];
    const run = await follow(
      emu,
      ['--state', statePath],
      async (n) => {
        if (n % 120 === 0) {
          sizes.push(statSync(statePath).size);
          added.push(...(await addLeads(emu, `h${n / 120}`, 5)));
        }
        return n >= POLLS_A_DAY;
      },
      { maxPolls: POLLS_A_DAY },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const delivered = lines(run.stdout);
    expect(delivered.length).toBe(30 + added.length - 5); // the last hour's leads came after the last poll
    expectOnceOldestFirst(delivered);
    expect(sizes).toHaveLength(24);
    expect(Math.max(...sizes) - sizes[0]!).toBeLessThan(256); // one cursor's worth, whatever the count
    const rpm = emu.store.apiKeys.find((k) => k.name === 'full')!.requestsPerMinute;
    for (let i = 0; i < at.length; i += 50)
      expect(at.filter((t) => t >= at[i]! && t < at[i]! + 60_000).length).toBeLessThanOrEqual(rpm);
    expect(emu.requests().filter((r) => r.status === 429)).toEqual([]);
  });
});
