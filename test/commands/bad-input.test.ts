// Bad input: one line on stderr, exit 2, no stack trace, and nothing sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';

const emu = useEmulator();
const dir = tempDir();
const badJson = join(dir, 'bad.json');
writeFileSync(badJson, '{"name": "x",');

describe.each([
  ['unknown flag', ['me', '--bogus'], /unknown option '--bogus'/],
  ['unknown command', ['crads', 'list'], /unknown command 'crads'/],
  ['missing argument', ['api', 'GET'], /missing required argument 'path'/],
  ['bad --output', ['me', '-o', 'xml'], /argument 'xml' is invalid/],
  ['bad --timeout', ['me', '--timeout', 'soon'], /expected a number greater than 0/],
  ['zero --timeout', ['me', '--timeout', '0'], /expected a number greater than 0/],
  ['bad --max-retries', ['me', '--max-retries', '-1'], /must be from 0 to 20|whole number/],
  ['bad --fields', ['me', '--fields', 'a,,b..c'], /invalid --fields/],
  [
    'unreadable --data file',
    ['api', 'POST', '/cards', '--data', '@/nonexistent/file.json'],
    /cannot read \/nonexistent\/file.json: ENOENT/,
  ],
  ['invalid JSON in --data', ['api', 'POST', '/cards', '--data', `@${badJson}`], /is not valid JSON/],
  ['inline invalid JSON', ['api', 'POST', '/cards', '--data', '{nope'], /not valid JSON/],
  [
    'http base URL to a remote host',
    ['me', '--base-url', 'http://evil.example.com/v1'],
    /refusing plain http:\/\/ to evil\.example\.com/,
  ],
  ['full URL to api', ['api', 'GET', 'https://evil.example.com/steal'], /relative to the base URL/],
])('%s', (_name, args, message) => {
  it('exits 2 with one line and sends nothing', async () => {
    const r = await runCli(args, { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
    expect(emu.requests()).toHaveLength(0);
  });
});

describe('a parse error (commander) goes through the message channel', () => {
  it('is shown with -q, and a control character typed in the flag is shown escaped', async () => {
    const r = await runCli(['me', '-q', '--bo\u001b[2Jgus'], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("unknown option '--bo\\x1b[2Jgus'");
    expect(r.stderr).not.toContain('\u001b');
  });
});

describe('no key, no base URL', () => {
  it('says how to set them up (exit 2, nothing sent)', async () => {
    const r = await runCli(['me'], { env: { CARDQR_BASE_URL: emu.baseUrl } });
    expect([r.exitCode, r.stderr]).toEqual([
      2,
      'error: no API key: add a profile with `cardqr profiles add`, or use --api-key-stdin / CARDQR_API_KEY\n',
    ]);
    const r2 = await runCli(['me'], { env: { CARDQR_API_KEY: 'k' } });
    expect(r2.stderr).toMatch(/no API base URL/);
  });

  it('--api-key-stdin reads one line', async () => {
    const r = await runCli(['me', '--api-key-stdin', '-o', 'json'], {
      emu,
      key: null,
      stdin: `${emu.keys.readonly}\nignored\n`,
    });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).key.id).toBe('key_readonly');
    const empty = await runCli(['me', '--api-key-stdin'], { emu, key: null, stdin: '' });
    expect([empty.exitCode, empty.stderr]).toEqual([2, 'error: --api-key-stdin: standard input held no key\n']);
  });
});

describe('help and version', () => {
  it('exit 0', async () => {
    expect((await runCli(['--version'])).exitCode).toBe(0);
    const help = await runCli(['--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/\nEXIT STATUS\n/);
    expect((await runCli(['me', '--help'])).stdout).toMatch(/\nEXAMPLES\n/);
  });
});
