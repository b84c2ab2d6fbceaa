// The analytics tool reads an id's days from the history store when it holds them (PRODUCT §17, §18):
// days the plan's window no longer shows come back from the store; an id the store does not hold comes
// from the API; a store named with --store that cannot be opened refuses the server's start (exit 2).
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { json, runCli, tempDir } from '../helpers/run-cli.js';
import { DAY, scan } from '../commands/analytics/_history-cases.js';
import { startStdio, structured, toolError, type McpRun } from './harness.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
let run: McpRun | undefined;
afterEach(async () => {
  await run?.stop();
  run = undefined;
});

describe('cardqr mcp: analytics from the history store', () => {
  it("one id: the store's days, also those past the plan's window; an id it does not hold: the API", async () => {
    emu.store.account('acc_acme')!.plan = 'business_card'; // 90 days of history
    const db = join(tempDir('cardqr-mcp-hist-'), 'h.db');
    const qr = emu.store.qrCodes.find((q) => q.accountId === 'acc_acme' && q.status === 'published')!;
    const old = emu.now() - 20 * DAY;
    scan(emu, qr.id, old, 4);
    const oldDay = new Date(old).toISOString().slice(0, 10);
    expect((await runCli(['analytics', 'snapshot', '--store', db, '--no-cards'], { emu })).exitCode).toBe(0);
    emu.advanceTime(200 * DAY);

    run = await startStdio(emu, ['--store', db]);
    const kept = structured(await run.client.callTool({ name: 'analytics', arguments: { id: qr.id, range: 'all' } }));
    expect(kept.source).toBe('history');
    expect(kept.stats.days).toContainEqual({ day: oldDay, scans: expect.any(Number) });
    const cli = json(await runCli(['analytics', 'history', qr.id, '--store', db, '-o', 'json'], { emu }));
    expect(kept.stats.totalScans).toBe(cli.rows.reduce((n: number, r: { scans: number }) => n + r.scans, 0));

    const card = emu.store.cards.find((c) => c.accountId === 'acc_acme')!;
    const live = structured(await run.client.callTool({ name: 'analytics', arguments: { id: card.id } }));
    expect(live.source).toBe('api');
    emu.clearRequests();
    const none = toolError(await run.client.callTool({ name: 'analytics', arguments: { id: card.id, range: 'all' } }));
    expect(none.message).toMatch(/history store/);
    expect(emu.requests({ path: /^\/analytics/ })).toEqual([]);
    expect(JSON.stringify(kept)).not.toContain(emu.keys.full);
  });

  it('without a store: the API, as before; a named store that cannot be opened: exit 2 at start', async () => {
    run = await startStdio(emu, [], { env: { XDG_DATA_HOME: tempDir('cardqr-mcp-data-') } });
    const qr = emu.store.qrCodes.find((q) => q.accountId === 'acc_acme')!;
    expect(structured(await run.client.callTool({ name: 'analytics', arguments: { id: qr.id } })).source).toBe('api');
    const missing = join(tempDir('cardqr-mcp-hist-'), 'none.db');
    const r = await runCli(['mcp', '--store', missing], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/none\.db/);
    expect(r.stdout).toBe('');
  });
});
