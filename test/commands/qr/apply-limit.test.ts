// qr apply at the plan's QR code allowance (issue 35): the plan says the API does not tell how much is
// left; the run that reaches it says how many it created and never "Nothing was created".
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { fairRows, mismatches, writeApplyCsv } from './_apply.js';

const emu = useEmulator({ rateLimit: 1_000_000 });

describe('qr apply at the allowance', () => {
  it('the dry run notes that the allowance left is unknown; the run stops at it naming what it created (exit 3)', async () => {
    const acme = emu.store.account('acc_acme')!;
    acme.qrAllowance = emu.store.qrCodesUsed('acc_acme') + 10;
    const rows = fairRows(30, 'lim').map((r) => ({ ...r, status: 'published' }));
    const file = writeApplyCsv(tempDir(), rows);

    const dry = await runCli(['qr', 'apply', file, '--dry-run'], { emu });
    expect(dry.exitCode).toBe(0);
    expect(dry.stderr).toContain('create 30,');
    expect(dry.stderr).toContain('the API does not say how much of it is left');

    const r = await runCli(['qr', 'apply', file], { emu });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain('11/30 writes: 10 created, 0 updated, 1 failed');
    expect(r.stderr).toMatch(
      /error: limit_exhausted_products \(403\): Your plan's QR code limit is reached\. \(after 10 created, 0 updated in this run\)/,
    );
    expect(r.stderr).not.toMatch(/nothing was created/i);
    expect(r.stderr).toContain("hint: the plan's QR code allowance is used up");
    expect(r.stderr).toContain('once that is solved, run again');

    acme.qrAllowance += 30;
    expect((await runCli(['qr', 'apply', file], { emu })).exitCode).toBe(0);
    expect(mismatches(emu, rows)).toEqual([]);
  });

  it('a run whose first write meets the limit still says nothing was created (the API is right then)', async () => {
    const acme = emu.store.account('acc_acme')!;
    acme.qrAllowance = emu.store.qrCodesUsed('acc_acme');
    const file = writeApplyCsv(tempDir(), fairRows(3, 'none'));
    const r = await runCli(['qr', 'apply', file], { emu });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain('Nothing was created.');
    expect(r.stderr).not.toContain('in this run)');
  });
});
