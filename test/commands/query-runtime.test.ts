// --query: a syntax error is "not a valid JMESPath expression" (exit 2, nothing sent); a function given
// null by the data (`length(name)` on a record without one) is a runtime error of the data, said so.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';

const emu = useEmulator();

describe('--query errors', () => {
  it.each(['[?x', 'foo bar', 'nosuchfunction(name)'])('%s: not valid, exit 2, nothing sent', async (q) => {
    const r = await runCli(['cards', 'list', '-o', 'json', '--query', q], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/not a valid JMESPath expression/);
    expect(emu.requests()).toHaveLength(0);
  });

  it.each(['length(name)', "contains(contact.email, 'x')", 'abs(nothing)'])(
    '%s passes the check; over a record where it is null, a runtime error (exit 2), not "not valid"',
    async (q) => {
      const r = await runCli(['me', '-o', 'json', '--query', q], { emu });
      expect(emu.requests({ path: '/me' })).toHaveLength(1); // the expression was accepted
      expect(r.exitCode).toBe(2);
      expect(r.stderr).not.toMatch(/not a valid/);
      expect(r.stderr).toMatch(/a runtime error in the data: .*received type null/);
      expect(r.stderr).toMatch(/guard it/);
    },
  );

  it('the same functions over records that have the field work', async () => {
    const r = await runCli(['cards', 'list', '-o', 'json', '--query', "[?contains(name, 'a')] | length(@)"], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(Number(r.stdout)).toBeGreaterThan(0);
  });
});
