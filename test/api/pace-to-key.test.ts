// The client learns its pace itself (src/api/client.ts `me`, `paceToKey`): GET /me is read once per
// client, whatever asks (a job's account check, the pace, a walk's second page), and a share of the key's
// rate or a --rate cap is paced on the monotonic clock the client was given.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { join } from 'node:path';
import { addLeads } from '../commands/leads/follow-helpers.js';

const emu = useEmulator({ rateLimit: 60 });
const clients: ApiClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

function client(maxRetries = 2): ApiClient {
  const c = new ApiClient({
    baseUrl: emu.baseUrl,
    apiKey: emu.keys.full,
    userAgent: 'test',
    timeoutMs: 5000,
    maxRetries,
    sleep: async (ms) => emu.advanceTime(ms),
    now: () => emu.now(),
    random: () => 0.5,
  });
  clients.push(c);
  return c;
}

const meReads = () => emu.requests({ path: '/me' }).length;

/** The gaps between the starts of `n` GET /templates (the emulator's virtual clock). */
async function gaps(c: ApiClient, n: number): Promise<number[]> {
  const at: number[] = [];
  for (let i = 0; i < n; i++) {
    at.push(emu.now());
    await c.get('/templates');
  }
  return at.slice(1).map((t, i) => t - at[i]!);
}

describe('ApiClient: the pace from GET /me', () => {
  it('reads GET /me once, however many ask', async () => {
    const c = client();
    const [a, b] = await Promise.all([c.me(), c.paceToKey()]);
    await c.ensurePaced();
    expect(a.account.id).toBe(b.me.account.id);
    expect(meReads()).toBe(1);
  });

  it('a failed read is not kept: the next call asks again', async () => {
    const c = client(0);
    emu.injectFaults([{ kind: '500', path: '/me', times: 1 }]);
    await expect(c.me()).rejects.toThrow();
    expect((await c.me()).rateLimit.requestsPerMinute).toBe(60);
    expect(meReads()).toBe(2);
  });

  it('a share of the key: half of 60 a minute spaces requests 2 s apart (and a 2% margin)', async () => {
    const c = client();
    expect((await c.paceToKey({ share: 0.5 })).requestsPerMinute).toBe(30);
    for (const gap of await gaps(c, 4)) expect(gap).toBeGreaterThanOrEqual(2000);
  });

  it('a cap (--rate) below the key wins; above it, the key does', async () => {
    const c = client();
    expect((await c.paceToKey({ cap: 10 })).requestsPerMinute).toBe(10);
    for (const gap of await gaps(c, 3)) expect(gap).toBeGreaterThanOrEqual(6000);
    expect((await c.paceToKey({ cap: 600 })).requestsPerMinute).toBe(60);
    expect(meReads()).toBe(1);
  });
});

describe('the engines read GET /me through the client', () => {
  it('leads export: one GET /me for the account, the pace of its pages and the locked re-reads', async () => {
    await addLeads(emu, 'many', 150);
    const state = join(tempDir(), 'leads.state.json');
    const r = await runCli(['leads', 'export', '--state', state], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(emu.requests({ path: '/leads' }).length).toBeGreaterThan(1);
    expect(meReads()).toBe(1);
  });
});
