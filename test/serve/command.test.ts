// `cardqr serve` as a command: its start on a terminal and on a pipe, --open, and its refusals (exit 2).
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { startServe } from './start.js';

const emu = useEmulator();

/** Runs serve until its stdout contains `until`, then stops it (Ctrl-C). */
function serveUntil(args: string[], until: RegExp, opts: Parameters<typeof runCli>[1] = {}) {
  let out = '';
  let seen!: () => void;
  const stop = new Promise<void>((resolve) => (seen = resolve));
  return runCli(['serve', ...args], {
    emu,
    ...opts,
    interruptAfter: stop,
    onStdout: (c) => {
      out += c;
      if (until.test(out)) seen();
    },
  });
}

describe('cardqr serve', () => {
  it('on a terminal: where it listens and the one-time URL, in words', async () => {
    const r = await serveUntil(['--port', '0'], /within 60 s/, { tty: true });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^cardqr dashboard on http:\/\/127\.0\.0\.1:\d+ \(Ctrl-C to stop\)\n {2}open once, within 60 s {3}http:\/\/127\.0\.0\.1:\d+\/login\?token=[\w-]{43}\n$/,
    );
    expect(r.stdout + r.stderr).not.toContain(emu.keys.full);
  });

  it('on a pipe (-o json too): one JSON line, and the words on stderr', async () => {
    const s = await startServe(emu, { args: ['-o', 'json'] });
    const r = await s.stop();
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      object: 'dashboard',
      origin: s.origin,
      url: s.url,
      expiresInSeconds: 60,
      account: 'acc_acme',
    });
    expect(r.stderr).toMatch(/dashboard on http:\/\/127\.0\.0\.1:\d+ \(Ctrl-C to stop\)/);
  });

  it('--open hands the one-time URL to the launcher as one argument; the URL then works once', async () => {
    const bin = tempDir('cardqr-open-');
    const got = join(bin, 'got');
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$#" "$1" > '${got}'\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const s = await startServe(emu, { args: ['--open'], env: { PATH: `${bin}:/usr/bin:/bin` } });
    try {
      await expect.poll(() => readFileSync(got, 'utf8').split('\n'), { timeout: 5000 }).toEqual(['1', s.url, '']);
      expect((await fetch(s.url, { redirect: 'manual' })).status).toBe(303);
      expect((await fetch(s.url, { redirect: 'manual' })).status).toBe(403);
    } finally {
      await s.stop();
    }
  });

  it('--open without a launcher: a warning, and it serves anyway', async () => {
    const s = await startServe(emu, { args: ['--open'], env: { PATH: tempDir('cardqr-empty-') } });
    const r = await s.stop();
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/warning: --open: could not start xdg-open \(ENOENT\); open the URL below yourself/);
  });

  it('exit 2 with one line when the port is taken, and for a port that is not one', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const r = await runCli(['serve', '--port', String(port)], { emu });
      expect(r.exitCode).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([
        `error: port ${port} on 127.0.0.1 is already in use: pick another with --port <n>, or --port 0`,
      ]);
      expect(emu.requests()).toEqual([]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    const bad = await runCli(['serve', '--port', '70000'], { emu });
    expect(bad.exitCode).toBe(2);
    expect(emu.requests()).toEqual([]);
  });
});
