// `error:` red and `hint:` dim on a colour terminal; plain off one, with NO_COLOR or --no-color.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';

const emu = useEmulator();
const RED = '\x1b[31merror:\x1b[39m';
const DIM = '\x1b[2mhint:\x1b[22m';

describe('error and hint labels', () => {
  it('are coloured on a colour terminal, for API errors and the tool’s own', async () => {
    const api = await runCli(['cards', 'get', 'crd_nope'], { emu, tty: true, env: { NO_COLOR: undefined } });
    expect(api.exitCode).toBe(4);
    expect(api.stderr.startsWith(RED)).toBe(true);
    const key = await runCli(['me'], {
      emu,
      key: 'cq_live_not_a_key_0000000000',
      tty: true,
      env: { NO_COLOR: undefined },
    });
    expect(key.exitCode).toBe(3);
    expect(key.stderr.startsWith(RED)).toBe(true);
    expect(key.stderr).toContain(DIM);
    const own = await runCli(['qr', 'apply', 'missing.csv'], { emu, tty: true, env: { NO_COLOR: undefined } });
    expect(own.exitCode).toBe(2);
    expect(own.stderr.startsWith(RED)).toBe(true);
  });

  it('stay plain off a terminal, with NO_COLOR and with --no-color', async () => {
    for (const [tty, env, extra] of [
      [false, { NO_COLOR: undefined }, []],
      [true, { NO_COLOR: '1' }, []],
      [true, { NO_COLOR: undefined }, ['--no-color']],
    ] as const) {
      const r = await runCli(['cards', 'get', 'crd_nope', ...extra], { emu, tty, env });
      expect(r.exitCode).toBe(4);
      expect(r.stderr).toMatch(/^error: /);
      expect(r.stderr).not.toContain('\x1b[');
    }
  });
});
