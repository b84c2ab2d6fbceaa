// leads follow when the receiver is down (issue 35, PRODUCT §12): a target that refuses connections,
// then answers 503, then comes back holds the cursor (nothing dead-lettered, "down since" said once)
// and gets every lead once, in order; a lead that alone fails (400, or 500 while the others go through)
// is dead-lettered and the later leads go on. --exec: exit 75 is down, exit 1 a refusal.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/run-cli.js';
import { addLeads, follow, followArgs, leadReceiver, lines, readState, type Delivery } from './follow-helpers.js';

const emu = useEmulator();
const SECRET = 'whsec_down_0123456789abcdef';
const sinceNow = () => new Date(emu.now() - 1000).toISOString();
type Dead = { delivery: Delivery; target: unknown; attempts: number; lastError: string };

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A receiver on `port` (0: any) answering `status(id)`; `got` lists every POST's lead id. */
async function listen(port: number, status: (id: string) => number, got: string[]): Promise<Server> {
  const server = await leadReceiver(port, (id) => (got.push(id), status(id)));
  servers.push(server);
  return server;
}
const close = (s: Server) => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r())));

async function addInOrder(prefixes: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const p of prefixes) {
    ids.push(...(await addLeads(emu, p, 1)));
    emu.advanceTime(1000);
  }
  return ids;
}

describe('cardqr leads follow --forward-to, receiver down then back', () => {
  it('holds the cursor while down (refused connections, then 503), says so once, then delivers every lead once in order', async () => {
    const dir = tempDir();
    const deadPath = join(dir, 'dead.ndjson');
    const state = join(dir, 's.json');
    const got: string[] = [];
    let phase: 'refusing' | '503' | 'up' = 'refusing';
    const first = await listen(0, () => 204, got);
    const port = (first.address() as AddressInfo).port;
    await close(first); // nothing listens: ECONNREFUSED
    const url = `http://127.0.0.1:${port}/hooks/cardqr`;
    const since = sinceNow();
    const ids = await addInOrder(['d1', 'd2', 'd3', 'd4', 'd5']);
    let waited = 0;
    let stateWhileDown: unknown;
    const run = await follow(
      emu,
      ['--state', state, '--since', since, '--forward-to', url, '--dead-letter', deadPath, '--max-attempts', '3'],
      (n) => n >= 2,
      {
        env: { CARDQR_FORWARD_SECRET: SECRET },
        sleep: async (ms) => {
          waited += ms;
          if (phase === 'refusing' && waited > 20 * 60_000) {
            phase = '503'; // something answers, but not yet the service
            await listen(port, () => (phase === 'up' ? 204 : 503), got);
          } else if (phase === '503' && waited > 40 * 60_000) {
            stateWhileDown = existsSync(state) ? readState(state) : null;
            phase = 'up';
          }
        },
      },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(existsSync(deadPath)).toBe(false);
    expect(stateWhileDown).toBe(null); // the cursor never moved while down
    const delivered = got.filter((_, i) => i >= got.length - 5);
    expect(delivered).toEqual(ids);
    expect(got.slice(0, -5).every((id) => id === ids[0] || id === ids[1])).toBe(true);
    expect(run.stderr.match(/is down since/g)).toHaveLength(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `warning: POST ${url} is down since \\S+Z: ${ids[0]} and the next lead ${ids[1]} both failed \\(ECONNREFUSED`,
      ),
    );
    expect(run.stderr.match(/is back \(down since/g)).toHaveLength(1);
    expect(run.stderr).toMatch(/stopped: 5 new leads delivered; state saved/);
    // the waits: the lead's retries (1 s, 2 s), then while down 1 s doubling, never above 5 minutes (a
    // wait runs from the last try on the monotonic clock, which a millisecond of real time may shorten)
    const waits = run.sleeps.filter((ms) => ms >= 900 && ms !== 30_000).map((ms) => Math.round(ms / 1000) * 1000);
    expect(Math.max(...waits)).toBe(300_000);
    expect(waits.slice(0, 8)).toEqual([1000, 2000, 1000, 2000, 4000, 8000, 16_000, 32_000]);
    expect(readState(state).cursor.ids).toEqual([ids[4]]);
    expect(run.stderr).not.toContain(SECRET);
  });

  it.each([
    ['400 (a refusal)', 400, 3],
    ['500 while the others go through (a poison lead)', 500, 3],
  ])(
    'a lead answered %s goes to the dead letter, naming its target, and later leads go through',
    async (_n, code, attempts) => {
      const dir = tempDir();
      const deadPath = join(dir, 'dead.ndjson');
      const got: string[] = [];
      const since = sinceNow();
      const ids = await addInOrder(['p1', 'poison', 'p3', 'p4']);
      const server = await listen(0, (id) => (id === ids[1] ? code : 204), got);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/cardqr?tenant=7`;
      const run = await follow(
        emu,
        [...followArgs({ dir, since, forwardTo: url, deadLetter: deadPath, maxAttempts: attempts })],
        () => true,
        { env: { CARDQR_FORWARD_SECRET: SECRET } },
      );
      expect(run.exitCode, run.stderr).toBe(0);
      expect(got.filter((id) => id !== ids[1])).toEqual([ids[0], ids[2], ids[3]]);
      const dead = lines<Dead>(readFileSync(deadPath, 'utf8'));
      expect(dead.map((d) => [d.delivery.lead.id, d.attempts, d.lastError])).toEqual([
        [ids[1], attempts, `HTTP ${code}: no`],
      ]);
      expect(dead[0]!.target).toEqual({ forwardTo: url });
      expect(readFileSync(deadPath, 'utf8')).not.toContain(SECRET);
      expect(run.stderr).not.toContain('is down since');
      expect(run.stderr).toMatch(/stopped: 3 new leads delivered, 1 dead-lettered/);
    },
  );
});

describe('cardqr leads follow --exec: exit 75 is down, exit 1 a refusal', () => {
  it('exit 75 for every lead: held, nothing dead-lettered, said once; exit 1 for one lead: dead-lettered with its command', async () => {
    const dir = tempDir();
    const deadPath = join(dir, 'dead.ndjson');
    const out = join(dir, 'out.ndjson');
    const flag = join(dir, 'up');
    const since = sinceNow();
    const ids = await addInOrder(['x1', 'x2', 'x3']);
    // down (75) until the flag file exists; then x2 is refused (exit 1) and the others stored
    const command = `[ -e '${flag}' ] || exit 75; [ "$CARDQR_LEAD_ID" = ${ids[1]} ] && { echo nope >&2; exit 1; }; cat >> '${out}'`;
    let waited = 0;
    const run = await follow(
      emu,
      [...followArgs({ dir, since, exec: command, deadLetter: deadPath, maxAttempts: 2 })],
      (n) => n >= 2,
      {
        sleep: async (ms) => {
          waited += ms;
          if (waited > 10 * 60_000 && !existsSync(flag)) (await import('node:fs')).writeFileSync(flag, '');
        },
      },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr.match(/is down since/g)).toHaveLength(1);
    expect(run.stderr).toContain(`and the next lead ${ids[1]} both failed (exit 75)`);
    expect(lines<Delivery>(readFileSync(out, 'utf8')).map((d) => d.lead.id)).toEqual([ids[0], ids[2]]);
    const dead = lines<Dead>(readFileSync(deadPath, 'utf8'));
    expect(dead.map((d) => [d.delivery.lead.id, d.lastError, d.target])).toEqual([
      [ids[1], 'exit 1: nope', { exec: command }],
    ]);
  });
});
