// An API key pasted where an id goes: the 404 text (message, "no card with id …", hint) never shows it
// whole, whichever key it is (not only this run's).
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';

const emu = useEmulator();
const PASTED = 'cq_live_other_9Zk2Lq7Vx3Nw8Rt5';

describe('a key pasted as an id', () => {
  it.each([
    [['cards', 'get', PASTED]],
    [['qr', 'get', PASTED]],
    [['cards', 'delete', PASTED, '--yes']],
    [['cards', 'get', 'cq_test_abcdefghijklmnop1234']],
  ])('%j: 404, the key shown as its kind and last 4 characters only', async (args) => {
    const r = await runCli(args, { emu });
    expect(r.exitCode).toBe(4);
    const key = args[2];
    expect(r.stderr).not.toContain(key);
    expect(r.stderr).not.toContain(key.slice(8, 20));
    expect(r.stderr).toContain(`${key.slice(0, 8)}****${key.slice(-4)}`);
  });

  it('an ordinary id is echoed as it is', async () => {
    const r = await runCli(['cards', 'get', 'crd_doesnotexist'], { emu });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain('no card with id crd_doesnotexist');
  });
});
