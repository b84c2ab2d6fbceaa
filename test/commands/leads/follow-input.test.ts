// leads follow: every bad input is one line on stderr and exit 2, before any request.
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';

const emu = useEmulator();

describe('cardqr leads follow: bad input', () => {
  const dir = tempDir();
  const state = join(dir, 's.json');
  const dead = join(dir, 'dead.ndjson');
  const secret = { CARDQR_FORWARD_SECRET: 'whsec_x' };
  const cases: Array<[string, string[], Record<string, string>, RegExp]> = [
    ['no --state', [], {}, /required option '--state <file>' not specified/],
    ['an empty --state', ['--state', ''], {}, /--state needs a file name/],
    [
      '--exec and --forward-to together',
      ['--state', state, '--exec', 'cat', '--forward-to', 'https://x.example/h', '--dead-letter', dead],
      secret,
      /--exec and --forward-to cannot be used together/,
    ],
    [
      '--forward-to without CARDQR_FORWARD_SECRET',
      ['--state', state, '--forward-to', 'https://x.example/h', '--dead-letter', dead],
      {},
      /--forward-to needs the signing secret in the environment variable CARDQR_FORWARD_SECRET/,
    ],
    [
      'plain http to another host',
      ['--state', state, '--forward-to', 'http://crm.example.com/h', '--dead-letter', dead],
      secret,
      /refusing plain http:\/\/ to crm\.example\.com/,
    ],
    [
      'a --forward-to that is no URL',
      ['--state', state, '--forward-to', 'crm.example.com/h', '--dead-letter', dead],
      secret,
      /is not a URL/,
    ],
    ['--exec without --dead-letter', ['--state', state, '--exec', 'cat'], {}, /--exec needs --dead-letter/],
    [
      '--forward-to without --dead-letter',
      ['--state', state, '--forward-to', 'https://x.example/h'],
      secret,
      /--forward-to needs --dead-letter/,
    ],
    ['--dead-letter for standard output', ['--state', state, '--dead-letter', dead], {}, /--dead-letter applies to/],
    [
      'a dead-letter file in a missing directory',
      ['--state', state, '--exec', 'cat', '--dead-letter', join(dir, 'no', 'dead.ndjson')],
      {},
      /--dead-letter .* cannot be written: ENOENT/,
    ],
    ['a bad interval', ['--state', state, '--interval', 'soon'], {}, /"soon" is not a duration/],
    ['a zero interval', ['--state', state, '--interval', '0'], {}, /"0" is not a duration/],
    ['a negative interval', ['--state', state, '--interval', '-5s'], {}, /"-5s" is not a duration/],
    ['a bad --max-attempts', ['--state', state, '--max-attempts', '0'], {}, /must be from 1 to 100/],
    ['a bad --delivery-timeout', ['--state', state, '--delivery-timeout', '5x'], {}, /"5x" is not a duration/],
    ['a bad --locked-window', ['--state', state, '--locked-window', 'forever'], {}, /"forever" is not a duration/],
  ];
  it.each(cases)('%s: one error line, exit 2, nothing sent', async (_name, args, env, message) => {
    const r = await runCli(['leads', 'follow', ...args], { emu, env });
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    // One error line; a flag commander finds missing adds the usage line and where the help is (as gh).
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^error: /);
    expect(lines.slice(1).every((l) => /^Usage: cardqr leads follow|^\(cardqr leads follow --help/.test(l))).toBe(true);
    expect(r.stderr).not.toContain('whsec_x');
    expect(emu.requests()).toEqual([]);
  });

  it('a state file held by a running export or follow: exit 2, nothing sent', async () => {
    const statePath = join(tempDir(), 'leads.state');
    writeFileSync(
      `${statePath}.lock`,
      JSON.stringify({ pid: process.pid, host: hostname(), startedAt: '2026-11-22T10:00:00.000Z' }),
    );
    const r = await runCli(['leads', 'follow', '--state', statePath], { emu });
    expect([r.exitCode, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain(
      `error: state file busy: another leads follow or export (pid ${process.pid} on ${hostname()}`,
    );
    expect(emu.requests()).toEqual([]);
  });

  it('a key without leads:read: exit 3 after GET /me answered, state untouched', async () => {
    const statePath = join(tempDir(), 'leads.state');
    const r = await runCli(['leads', 'follow', '--state', statePath], { emu, key: emu.keys.qronly });
    expect([r.exitCode, r.stdout]).toEqual([3, '']);
    expect(emu.requests().map((q) => q.path)).toEqual(['/me', '/leads']);
  });
});
