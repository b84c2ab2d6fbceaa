// `qr apply` of 1,000 codes under dropped connections (after the service processed the request), 500s
// and 429s: the client's retries carry each step's key, so the account ends equal to the file with
// every code created once, and a second run sends no write.
import { describe, expect, it } from 'vitest';
import type { FaultSpec } from '../../../src/emulator/faults.js';
import { useEmulator } from '../../helpers/emulator.js';
import { addQrCodes } from '../../helpers/records.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { fairRows, mismatches, writeApplyCsv, writes, type CodeRow } from './_apply.js';

const emu = useEmulator({ rateLimit: 1_000_000 });

describe('qr apply under faults', () => {
  it('1,000 codes (creates and updates): the account equals the file, each code created once; a re-run writes nothing', async () => {
    const existing = addQrCodes(emu, 400, 'old');
    emu.store.account('acc_acme')!.qrAllowance = 10_000;
    const rows: CodeRow[] = [];
    const fresh = fairRows(600);
    for (let i = 0; i < 1000; i++) {
      if (i % 5 < 3) rows.push(fresh.shift()!);
      else {
        const q = existing.shift()!;
        // Every other existing code changes (destination, status, name); the rest are already right.
        rows.push(
          i % 2
            ? {
                shortCode: q.shortCode,
                name: `${q.name} — renamed`,
                destinationUrl: `${q.destinationUrl}/v2`,
                status: 'paused',
              }
            : { shortCode: q.shortCode, name: q.name, destinationUrl: q.destinationUrl, status: q.status },
        );
      }
    }
    const file = writeApplyCsv(tempDir(), rows);

    const kinds: FaultSpec['kind'][] = ['drop_after', '500', '429', 'drop_after', 'drop_before'];
    let injected = 0;
    const watch = setInterval(() => {
      // One fault every 20 writes, alternating creates and updates.
      while (writes(emu).length >= (injected + 1) * 20) {
        const kind = kinds[injected % kinds.length];
        emu.injectFaults([{ method: injected % 2 ? 'PATCH' : 'POST', kind, resetSeconds: 1 }]);
        injected++;
      }
    }, 0);
    const first = await runCli(['qr', 'apply', file, '--yes'], { emu }).finally(() => clearInterval(watch));
    expect([first.exitCode, first.stderr]).toEqual([
      0,
      expect.stringContaining('create 600, update 200, unchanged 200'),
    ]);
    expect(injected).toBeGreaterThan(30);
    expect(emu.requests().filter((r) => r.fault === 'drop_after').length).toBeGreaterThan(5);

    expect(mismatches(emu, rows)).toEqual([]);
    const before = writes(emu).length;
    const second = await runCli(['qr', 'apply', file], { emu });
    expect([second.exitCode, second.stderr]).toEqual([
      0,
      expect.stringContaining('create 0, update 0, unchanged 1000'),
    ]);
    expect(writes(emu).length).toBe(before);
  });
});
