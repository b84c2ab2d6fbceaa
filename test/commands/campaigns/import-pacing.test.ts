import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli } from '../../helpers/run-cli.js';
import { partnersCsv, readReportLines, writeCsv } from '../../jobs/import/_files.js';

// Every key gets 20 requests per minute: a 30-row import spans two windows and must be paced.
// The injected sleep moves the emulator clock, so nothing waits on real time.
const emu = useEmulator({ rateLimit: 20 });

describe('campaigns import: pacing to the key rate limit', () => {
  it('30 rows at 20 requests/minute: no 429, every row created', async () => {
    const file = writeCsv('p.csv', partnersCsv(30));
    emu.store.accounts.find((a) => a.id === 'acc_acme')!.cardAllowance = 100;
    const r = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.any(String)]);
    expect(emu.requests().filter((q) => q.status === 429)).toHaveLength(0);
    expect(
      readReportLines(`${file}.report.ndjson`)
        .slice(1)
        .filter((l) => l.outcome === 'created'),
    ).toHaveLength(30);
    // 33 requests (me, campaign, schema, 30 rows) at 20/minute take more than 1.5 minutes of paced waiting.
    expect(r.sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThan(90_000);
    // Without a terminal, a plain progress line every few seconds of (emulator) time.
    expect(r.stderr).toMatch(/^import: \d+\/30 rows · \d+ created · 0 exists · 0 failed · [\d.]+ rows\/s · ETA /m);
  });

  it('--rate lowers the pace below the key limit', async () => {
    const file = writeCsv('p.csv', partnersCsv(4));
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--rate', '6', '-q'], { emu });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(Math.min(...r.sleeps)).toBeGreaterThanOrEqual(10_000);
  });

  it('a 429 anyway: waits RateLimit-Reset and carries on', async () => {
    const file = writeCsv('p.csv', partnersCsv(3));
    emu.injectFaults([{ kind: '429', method: 'POST', resetSeconds: 30 }]);
    const r = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect(r.exitCode).toBe(0);
    expect(r.sleeps.some((ms) => ms >= 30_000)).toBe(true);
    expect(emu.store.cards.filter((c) => c.campaignId === 'cmp_native')).toHaveLength(4);
  });
});
