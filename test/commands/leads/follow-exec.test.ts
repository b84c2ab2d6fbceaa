// leads follow --exec: `/bin/sh -c` once per delivery with the JSON on stdin and CARDQR_LEAD_ID set;
// exit 0 = delivered; a command that hangs is killed (its process group) after --delivery-timeout.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/run-cli.js';
import { addLeads, expectOnceOldestFirst, follow, lines, type Delivery } from './follow-helpers.js';

const emu = useEmulator();
const sinceNow = () => new Date(emu.now() - 1000).toISOString();

describe('cardqr leads follow --exec', () => {
  it('runs the command once per lead (200 added while it runs), JSON on stdin, CARDQR_LEAD_ID set, no key passed on', async () => {
    const dir = tempDir();
    const out = join(dir, 'out.ndjson');
    const ids = join(dir, 'ids.txt');
    const added: string[] = [];
    const run = await follow(
      emu,
      [
        '--state',
        join(dir, 's.json'),
        '--since',
        sinceNow(),
        '--exec',
        `cat >> '${out}' && echo "$CARDQR_LEAD_ID" >> '${ids}'`,
        '--dead-letter',
        join(dir, 'dead.ndjson'),
      ],
      async (n) => {
        if (n <= 4) added.push(...(await addLeads(emu, `e${n}`, 50)));
        return n === 5;
      },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const got = lines<Delivery>(readFileSync(out, 'utf8'));
    expectOnceOldestFirst(got);
    expect(got.map((d) => d.lead.id).sort()).toEqual(added.sort());
    expect(readFileSync(ids, 'utf8').trim().split('\n')).toEqual(got.map((d) => d.lead.id));
    expect(existsSync(join(dir, 'dead.ndjson'))).toBe(false);
  });

  it('a command that hangs is killed with its process group after --delivery-timeout: a failed attempt (down)', async () => {
    const dir = tempDir();
    const pidFile = join(dir, 'pid');
    const deadPath = join(dir, 'dead.ndjson');
    const since = sinceNow();
    await addLeads(emu, 'hang', 1);
    const run = await follow(
      emu,
      [
        '--state',
        join(dir, 's.json'),
        '--since',
        since,
        '--exec',
        `sleep 60 & echo $! > '${pidFile}'; wait`,
        '--delivery-timeout',
        '300ms',
        '--max-attempts',
        '1',
        '--dead-letter',
        deadPath,
      ],
      () => true,
    );
    expect(run.exitCode, run.stderr).toBe(0);
    // a timeout says "down": with no later lead to tell, the lead is held, not dead-lettered
    expect(existsSync(deadPath)).toBe(false);
    expect(run.stderr).toContain(
      'delivery of lead_hang_000 (lead.created) failed once (no exit after 0.3 s: process group killed); holding it',
    );
    const pid = Number(readFileSync(pidFile, 'utf8'));
    let alive = true;
    for (let i = 0; i < 50 && alive; i++) {
      // gone, or a zombie waiting for a parent that reaps (a container's init may not)
      let stat = '';
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        /* gone */
      }
      alive = stat !== '' && !/^\d+ \(.*\) Z/.test(stat);
      if (alive) await new Promise((r) => setTimeout(r, 20));
    }
    expect(alive).toBe(false); // the grandchild went with the group
  });

  it('a command that fails is retried, its last stderr line is the error, and the next lead is delivered', async () => {
    const dir = tempDir();
    const out = join(dir, 'out.ndjson');
    const deadPath = join(dir, 'dead.ndjson');
    const since = sinceNow();
    const env = join(dir, 'env.txt');
    await addLeads(emu, 'bad', 1);
    emu.advanceTime(1000);
    await addLeads(emu, 'good', 1);
    const run = await follow(
      emu,
      [
        '--state',
        join(dir, 's.json'),
        '--since',
        since,
        '--exec',
        `if [ "$CARDQR_LEAD_ID" = lead_bad_000 ]; then echo 'db is locked' >&2; exit 3; fi; env > '${env}'; cat >> '${out}'`,
        '--max-attempts',
        '2',
        '--dead-letter',
        deadPath,
      ],
      () => true,
      { env: { CARDQR_FORWARD_SECRET: 'not-for-children' } },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const childEnv = readFileSync(env, 'utf8');
    expect(childEnv).toContain('CARDQR_DELIVERY_TYPE=lead.created');
    expect(childEnv).toContain('CARDQR_LEAD_ID=lead_good_000');
    expect(childEnv).not.toMatch(/CARDQR_API_KEY|CARDQR_FORWARD_SECRET/);
    expect(lines<Delivery>(readFileSync(out, 'utf8')).map((d) => d.lead.id)).toEqual(['lead_good_000']);
    expect(lines<{ lastError: string }>(readFileSync(deadPath, 'utf8'))[0]!.lastError).toBe('exit 3: db is locked');
    expect(run.sleeps.filter((ms) => ms >= 1000 && ms !== 30_000)).toEqual([1000]);
  });
});
