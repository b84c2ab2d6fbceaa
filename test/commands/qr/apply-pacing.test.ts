// `qr apply` paced to the key's limit (GET /me): 20 requests a minute, a file of 30 writes, no 429;
// the progress line counts writes and gives an ETA. The injected sleep moves the emulator's clock.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { fairRows, mismatches, writeApplyCsv } from './_apply.js';

const emu = useEmulator({ rateLimit: 20 });

describe('qr apply: pacing', () => {
  it('30 creates at 20 requests/minute: no 429, every code created, progress with an ETA', async () => {
    const rows = fairRows(30, 'paced').map((r) => ({ ...r, status: 'published' }));
    emu.store.account('acc_acme')!.qrAllowance = 1000;
    const file = writeApplyCsv(tempDir(), rows);
    const r = await runCli(['qr', 'apply', file], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringContaining('30/30 writes: 30 created')]);
    expect(emu.requests().filter((q) => q.status === 429)).toHaveLength(0);
    expect(mismatches(emu, rows)).toEqual([]);
    // 32 requests or more (me, the lists, 30 creates) at 20/minute: well over a minute of paced waiting.
    expect(r.sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThan(60_000);
    expect(r.stderr).toMatch(/^apply: \d+\/30 writes · \d+ created · ETA /m);
  });
});
