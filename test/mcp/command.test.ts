// `cardqr mcp` as a command: --print-config for each client (absolute paths, an explicit --profile, never
// a key), and every bad input refused with one line, exit 2, nothing sent. The `agents` help topic.
import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { removeTempDir } from '../helpers/temp-dirs.js';

const emu = useEmulator();

async function withProfile(fn: (dir: string) => Promise<void>) {
  const dir = tempDir();
  try {
    const add = await runCli(['profiles', 'add', 'agent', '--base-url', emu.baseUrl, '--api-key-stdin'], {
      emu,
      key: null,
      configDir: dir,
      env: { CARDQR_BASE_URL: undefined },
      stdin: `${emu.keys.readonly}\n`,
    });
    expect(add.exitCode).toBe(0);
    emu.clearRequests();
    await fn(dir);
  } finally {
    removeTempDir(dir);
  }
}

describe('cardqr mcp --print-config', () => {
  it.each([
    ['claude', 'mcpServers'],
    ['cursor', 'mcpServers'],
    ['vscode', 'servers'],
  ])('%s: absolute paths, the profile, the flags, never a key', async (client, root) => {
    await withProfile(async (dir) => {
      const r = await runCli(
        ['mcp', '--print-config', client, '--allow-writes', '--max-trash', '5', '--toolsets', 'qr,plans'],
        { emu, key: null, configDir: dir, env: { CARDQR_BASE_URL: undefined } },
      );
      expect(r.exitCode).toBe(0);
      const config = JSON.parse(r.stdout);
      const server = config[root].cardqr;
      expect(isAbsolute(server.command)).toBe(true);
      expect(server.args[0]).toMatch(/\/bin\/cardqr$/);
      expect(isAbsolute(server.args[0])).toBe(true);
      expect(server.args.slice(1)).toEqual([
        'mcp',
        '--profile',
        'agent',
        '--allow-writes',
        '--toolsets',
        'qr,plans',
        '--max-trash',
        '5',
      ]);
      if (client === 'vscode') expect(server.type).toBe('stdio');
      expect(r.stdout).not.toContain(emu.keys.readonly);
      expect(r.stderr).toMatch(/paste into/);
      expect(emu.requests()).toEqual([]);
    });
  });

  it('needs a stored profile: a key from the environment is never written into a config', async () => {
    const r = await runCli(['mcp', '--print-config', 'claude'], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/needs a profile/);
    expect(r.stdout).toBe('');
    const missing = await runCli(['mcp', '--print-config', 'claude', '--profile', 'nope'], { emu });
    expect(missing.exitCode).toBe(2);
  });
});

describe('cardqr mcp: bad input', () => {
  it.each([
    [['--port', '9000'], /--port goes with --http/],
    [['--rotate-token'], /--rotate-token goes with --http/],
    [['--http', '--print-config', 'claude'], /leave out --http/],
    [['--toolsets', 'cards,billing'], /unknown billing/],
    [['--toolsets', ''], /empty/],
    [['--max-writes', '-1'], /max-writes/],
    [['--http', '--port', '70000'], /port/],
    [['--print-config', 'emacs'], /emacs/],
    [['--api-key-stdin'], /standard input carries the protocol/],
  ])('%j', async (args, message) => {
    const r = await runCli(['mcp', ...args], { emu, stdin: 'x' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
    expect(emu.requests()).toEqual([]);
  });
});

describe('cardqr help agents', () => {
  it('says what an agent can and cannot do', async () => {
    const r = await runCli(['help', 'agents']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/can run `cardqr`\s+itself/);
    expect(r.stdout).toMatch(/scopes/);
  });
});
