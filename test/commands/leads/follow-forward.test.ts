// leads follow --forward-to: one signed POST per delivery to a receiver on 127.0.0.1; refused
// deliveries retried on the documented schedule, then dead-lettered while later leads go on.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { tempDir } from '../../helpers/run-cli.js';
import { addLeads, expectOnceOldestFirst, follow, lines, type Delivery, followArgs } from './follow-helpers.js';

const emu = useEmulator();
const SECRET = 'whsec_test_0123456789abcdef';

interface Received {
  delivery: Delivery;
  signed: boolean;
}

/** A receiver that checks every signature and answers `status(delivery, n)` (n: tries of that lead so far). */
async function receiver(status: (d: Delivery, n: number) => number): Promise<{ url: string; got: Received[] }> {
  const got: Received[] = [];
  const tries = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers['cardqr-signature']));
      const want = m && createHmac('sha256', SECRET).update(`${m[1]}.${body}`).digest('hex');
      const signed = Boolean(m && want && timingSafeEqual(Buffer.from(want), Buffer.from(m[2]!)));
      const delivery = JSON.parse(body) as Delivery;
      got.push({ delivery, signed });
      const n = (tries.get(delivery.lead.id) ?? 0) + 1;
      tries.set(delivery.lead.id, n);
      res.writeHead(status(delivery, n), { 'content-type': 'text/plain' }).end('receiver says no\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/cardqr`, got };
}
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const sinceNow = () => new Date(emu.now() - 1000).toISOString();

describe('cardqr leads follow --forward-to', () => {
  it('delivers 200 leads added while it runs, each once, oldest first, every POST signed', async () => {
    const dir = tempDir();
    const rx = await receiver(() => 204);
    const since = sinceNow();
    const added: string[] = [];
    const run = await follow(
      emu,
      [
        '--state',
        join(dir, 's.json'),
        '--since',
        since,
        '--forward-to',
        rx.url,
        '--dead-letter',
        join(dir, 'dead.ndjson'),
      ],
      async (n) => {
        if (n <= 4) added.push(...(await addLeads(emu, `f${n}`, 50)));
        return n === 5;
      },
      { env: { CARDQR_FORWARD_SECRET: SECRET } },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(rx.got.every((g) => g.signed)).toBe(true);
    expectOnceOldestFirst(rx.got.map((g) => g.delivery));
    expect(rx.got.map((g) => g.delivery.lead.id).sort()).toEqual(added.sort());
    expect(existsSync(join(dir, 'dead.ndjson'))).toBe(false);
    expect(run.stderr).not.toContain(SECRET);
    expect(run.stderr).toContain(
      `following leads created at or after ${since} (first run), every 30 s, to POST ${rx.url}`,
    );
  });

  it('retries a refused delivery (4xx) after 1 s, 2 s, 4 s …; after --max-attempts it is dead-lettered and later leads are delivered', async () => {
    const dir = tempDir();
    const deadPath = join(dir, 'dead.ndjson');
    const since = sinceNow();
    // lead_bad_000 is always refused; lead_flaky_000 fails twice (down), then is accepted
    const rx = await receiver((d, n) =>
      d.lead.id === 'lead_bad_000' ? 400 : d.lead.id === 'lead_flaky_000' && n <= 2 ? 500 : 200,
    );
    const order: string[] = [];
    const run = await follow(
      emu,
      [...followArgs({ dir, since, forwardTo: rx.url, deadLetter: deadPath, maxAttempts: 4 })],
      async (n) => {
        if (n === 1) {
          for (const p of ['ok1', 'bad', 'flaky', 'ok2']) {
            order.push(...(await addLeads(emu, p, 1)));
            emu.advanceTime(1000);
          }
        }
        return n === 3;
      },
      { env: { CARDQR_FORWARD_SECRET: SECRET } },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    expect(rx.got.every((g) => g.signed)).toBe(true);
    expect(rx.got.map((g) => g.delivery.lead.id)).toEqual([
      'lead_ok1_000',
      'lead_bad_000',
      'lead_bad_000',
      'lead_bad_000',
      'lead_bad_000',
      'lead_flaky_000',
      'lead_flaky_000',
      'lead_flaky_000',
      'lead_ok2_000',
    ]);
    // the waits between attempts (the poll interval is 30 s; the pacing waits are under 1 s)
    expect(run.sleeps.filter((ms) => ms >= 1000 && ms !== 30_000)).toEqual([1000, 2000, 4000, 1000, 2000]);
    const dead = lines<{ delivery: Delivery; attempts: number; lastError: string }>(readFileSync(deadPath, 'utf8'));
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({
      delivery: { type: 'lead.created', lead: { id: 'lead_bad_000' } },
      attempts: 4,
      lastError: 'HTTP 400: receiver says no',
    });
    expect(run.stderr).toContain(
      'warning: delivery of lead_bad_000 (lead.created) failed, attempt 1: HTTP 400: receiver says no; next attempt in 1 s',
    );
    expect(run.stderr).toContain(
      `warning: gave up on lead_bad_000 (lead.created) after 4 attempts (HTTP 400: receiver says no): written to ${deadPath}; going on with the next lead`,
    );
    expect(run.stderr).toMatch(/stopped: 3 new leads delivered, 1 dead-lettered to .*dead\.ndjson/);
  });

  it('the backoff doubles up to 5 minutes between attempts', async () => {
    const dir = tempDir();
    const rx = await receiver(() => 502);
    const since = sinceNow();
    await addLeads(emu, 'down', 1);
    const run = await follow(
      emu,
      [
        '--state',
        join(dir, 's.json'),
        '--since',
        since,
        '--forward-to',
        rx.url,
        '--dead-letter',
        join(dir, 'd.ndjson'),
        '--max-attempts',
        '12',
      ],
      () => true,
      { env: { CARDQR_FORWARD_SECRET: SECRET } },
    );
    expect(run.exitCode).toBe(0);
    expect(rx.got).toHaveLength(12);
    expect(run.sleeps.filter((ms) => ms >= 1000 && ms !== 30_000)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000,
    ]);
  });

  it('a receiver that does not answer within --delivery-timeout fails the attempt (down: held, not dead-lettered)', async () => {
    const dir = tempDir();
    const server = createServer(() => undefined); // reads nothing, answers nothing
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
    const since = sinceNow();
    await addLeads(emu, 'slow', 1);
    const deadPath = join(dir, 'd.ndjson');
    const run = await follow(
      emu,
      [
        ...followArgs({ dir, since, forwardTo: url, deadLetter: deadPath, maxAttempts: 1 }),
        '--delivery-timeout',
        '300ms',
      ],
      () => true,
      { env: { CARDQR_FORWARD_SECRET: SECRET } },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    server.closeAllConnections();
    expect(existsSync(deadPath)).toBe(false);
    expect(run.stderr).toContain(
      'warning: delivery of lead_slow_000 (lead.created) failed once (no answer after 0.3 s); holding it until a later lead tells',
    );
  });
});
