// The built CLI as a child process following leads to each target while leads are added: SIGKILLed at
// random moments and SIGTERMed now and then, restarted each time. Every lead arrives, oldest first;
// a lead arrives twice only when a SIGKILL caught it in flight (at most one per kill); SIGTERM exits 0.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, spawnCli } from '../../helpers/built-cli.js';
import { useEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/run-cli.js';
import { addLeads, lines, type Delivery } from './follow-helpers.js';

// No pacing (a huge limit) and a little latency, so kills land between and during requests and deliveries.
const emu = useEmulator({ rateLimit: 1_000_000, latencyMs: 3 });
const SECRET = 'whsec_kill_test';
const BATCH = 12;

let server: Server;
let received: string[] = [];
let forwardUrl = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  forwardUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`;
  await ensureFreshBuild();
}, 180_000);
afterAll(() => new Promise((r) => server.close(r)));

interface Target {
  args: (dir: string) => string[];
  /** Lead ids in the order they reached the target, over every run so far. */
  delivered: (dir: string, stdouts: string[]) => string[];
}

const TARGETS: Record<string, Target> = {
  stdout: {
    args: () => [],
    delivered: (_dir, stdouts) => stdouts.flatMap((s) => lines(s).map((d) => d.lead.id)),
  },
  exec: {
    args: (dir) => ['--exec', `cat >> '${join(dir, 'out.ndjson')}'`, '--dead-letter', join(dir, 'dead.ndjson')],
    delivered: (dir) => {
      const f = join(dir, 'out.ndjson');
      const text = existsSync(f) ? readFileSync(f, 'utf8') : '';
      return lines(text.slice(0, text.lastIndexOf('\n') + 1)).map((d) => d.lead.id); // whole lines only
    },
  },
  forward: {
    args: (dir) => ['--forward-to', forwardUrl, '--dead-letter', join(dir, 'dead.ndjson')],
    delivered: () => received.map((b) => (JSON.parse(b) as Delivery).lead.id),
  },
};

/** A small deterministic generator for the kill moments. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

async function trials(name: keyof typeof TARGETS, count: number): Promise<void> {
  const target = TARGETS[name]!;
  const dir = tempDir();
  received = [];
  const random = lcg(count * 7 + name.length);
  const args = [
    'leads',
    'follow',
    '--state',
    join(dir, 'leads.state.json'),
    '--interval',
    '50ms',
    '--since',
    new Date(emu.now() - 1000).toISOString(),
    ...target.args(dir),
  ];
  const env = {
    CARDQR_BASE_URL: emu.baseUrl,
    CARDQR_API_KEY: emu.keys.full,
    CARDQR_CONFIG_DIR: tempDir(),
    CARDQR_FORWARD_SECRET: SECRET,
    NO_COLOR: '1',
  };
  const added: string[] = [];
  const stdouts: string[] = [];
  let kills = 0;
  /** Per run: how it ended, and how many deliveries had arrived by then. */
  const runs: Array<{ killed: boolean; upTo: number }> = [];
  for (let t = 0; t <= count; t++) {
    added.push(...(await addLeads(emu, `${name}${t}`, BATCH))); // one instant per batch: ties
    const run = spawnCli(args, { env, stdin: null, timeoutMs: 30_000 });
    await run.waitFor(/following/);
    if (t < count) {
      await new Promise((r) => setTimeout(r, random() * 80));
      const term = t % 4 === 3;
      run.child.kill(term ? 'SIGTERM' : 'SIGKILL');
      const r = await run.done;
      stdouts.push(r.stdout);
      if (term) expect([r.code, r.stderr], r.stderr).toEqual([0, expect.stringMatching(/stopped: \d+ new lead/)]);
      else kills++;
      // a SIGKILL leaves an --exec command in flight running (its own process group): let it finish
      if (name === 'exec') await new Promise((r) => setTimeout(r, 150));
      runs.push({ killed: !term, upTo: target.delivered(dir, stdouts).length });
    } else {
      // the last run: once everything arrived, a SIGTERM ends it with exit 0
      for (
        let i = 0;
        i < 400 && !added.every((id) => target.delivered(dir, [...stdouts, run.stdout()]).includes(id));
        i++
      )
        await new Promise((r) => setTimeout(r, 25));
      run.child.kill('SIGTERM');
      const r = await run.done;
      stdouts.push(r.stdout);
      expect(r.code, r.stderr).toBe(0);
    }
  }
  const got = target.delivered(dir, stdouts);
  const firsts = [...new Set(got)];
  expect(firsts.sort()).toEqual([...added].sort()); // every lead, nothing else
  expect(got.length - firsts.length).toBeLessThanOrEqual(kills); // a repeat only for a lead in flight at a kill
  // A run repeats at most one lead: the last one delivered before it started (in flight when a SIGKILL
  // came; a run stopped before delivering anything passes it on). After a SIGTERM run that delivered, none.
  for (let k = 1; k <= runs.length; k++) {
    const from = runs[k - 1]!.upTo;
    const before = new Set(got.slice(0, from));
    const again = got.slice(from, runs[k]?.upTo ?? got.length).filter((id) => before.has(id));
    const why = `run ${k + 1} repeated ${again.join()} (runs ${JSON.stringify(runs)})`;
    expect(again.length, why).toBeLessThanOrEqual(1);
    if (again.length) expect(again[0], why).toBe(got[from - 1]);
    const prevDelivered = from > (runs[k - 2]?.upTo ?? 0);
    if (!runs[k - 1]!.killed && prevDelivered) expect(again, why).toEqual([]);
  }
  const created = new Map(emu.store.leads.map((l) => [l.id, Date.parse(l.createdAt)]));
  const order = [...new Set(got)].map((id) => created.get(id)!);
  for (let i = 1; i < order.length; i++) expect(order[i]!).toBeGreaterThanOrEqual(order[i - 1]!); // oldest first
}

describe('cardqr leads follow killed and restarted (built CLI)', () => {
  it('standard output: 20 runs, SIGKILL at random moments and SIGTERM every fourth', async () => {
    await trials('stdout', 20);
  }, 120_000);

  it('--exec: 20 runs', async () => {
    await trials('exec', 20);
  }, 120_000);

  it('--forward-to: 20 runs', async () => {
    await trials('forward', 20);
  }, 120_000);

  it('SIGTERM during an hour-long poll interval ends the wait: exit 0 (a wait that held on would time out)', async () => {
    const dir = tempDir();
    const env = { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full, CARDQR_CONFIG_DIR: tempDir() };
    const run = spawnCli(['leads', 'follow', '--state', join(dir, 's.json'), '--interval', '1h'], {
      env,
      stdin: null,
      timeoutMs: 20_000,
    });
    await run.waitFor(/following every lead/);
    while (run.stdout().split('\n').length <= 30) await new Promise((r) => setTimeout(r, 20));
    run.child.kill('SIGTERM');
    const r = await run.done;
    expect([r.code, r.signal]).toEqual([0, null]);
    expect(r.stderr).toMatch(
      /interrupted \(SIGTERM\): finishing the request in flight[\s\S]*stopped: 30 new leads delivered/,
    );
  }, 30_000);
});
