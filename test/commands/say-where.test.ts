// Issue 15 item 5: say where (profile, base URL, URL) and why (never sent / may have been applied,
// the id not found and the command it belongs to, /v1, a taken short code); FORCE_COLOR=0.
import { writeFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { json, runCli, tempDir } from '../helpers/run-cli.js';

const emu = useEmulator();
const dirs: string[] = [];
const servers: Server[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

function configWith(profiles: Record<string, { baseUrl: string; apiKey: string }>, def?: string): string {
  const dir = tempDir();
  dirs.push(dir);
  const entries = Object.fromEntries(Object.entries(profiles).map(([name, p]) => [name, { name, ...p }]));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ defaultProfile: def, profiles: entries }), { mode: 0o600 });
  return dir;
}

async function listen(handler: (req: IncomingMessage) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}/v1`;
}

describe('me says which profile and base URL it used', () => {
  it('a stored profile, then flags/environment only', async () => {
    const configDir = configWith({ staging: { baseUrl: emu.baseUrl, apiKey: emu.keys.full } }, 'staging');
    const r = await runCli(['me', '-o', 'json'], {
      configDir,
      env: { CARDQR_BASE_URL: undefined, CARDQR_API_KEY: undefined },
    });
    expect(r.exitCode).toBe(0);
    expect(json(r)).toMatchObject({ profile: 'staging', baseUrl: emu.baseUrl });
    const t = await runCli(['me'], { emu, tty: true, columns: 200, env: { NO_COLOR: '1' } });
    expect(t.stdout).toMatch(/profile\b[^\n]*none \(base URL and key from flags or environment\)/);
    expect(t.stdout).toContain(emu.baseUrl);
  });
});

describe('network errors name the URL and the profile, and say whether it was sent', () => {
  it('connection refused on a write: never sent, safe to repeat', async () => {
    const baseUrl = await closedPort();
    const configDir = configWith({ prod: { baseUrl, apiKey: 'sk_test_key_123456' } }, 'prod');
    const r = await runCli(['qr', 'create', '--name', 'X', '--url', 'https://x.example/', '--max-retries', '1'], {
      configDir,
    });
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toContain('could not reach the API: connection refused (after 2 attempts)');
    expect(r.stderr).toContain(`request: POST ${baseUrl}/qr-codes`);
    expect(r.stderr).toContain(
      'never sent: the connection was refused before the POST left (nothing was applied); safe to run again',
    );
    expect(r.stderr).toContain(`profile: prod; base URL: ${baseUrl}`);
    expect(r.stderr).not.toContain('may have been applied');
    const read = await runCli(['me', '--max-retries', '0'], { configDir });
    expect([read.exitCode, read.stderr]).toEqual([6, expect.stringContaining('a read: safe to run again')]);
  });

  it('a connection reset after the write was sent: may have been applied, names the key', async () => {
    const baseUrl = await listen(
      (req: IncomingMessage) => void req.on('data', () => undefined).on('end', () => req.socket.destroy()),
    );
    const r = await runCli(
      [
        'qr',
        'create',
        '--name',
        'X',
        '--url',
        'https://x.example/',
        '--max-retries',
        '0',
        '--idempotency-key',
        'k-123',
      ],
      {
        env: { CARDQR_BASE_URL: baseUrl, CARDQR_API_KEY: 'sk_test_key_123456' },
      },
    );
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toContain('may have been applied: its answer was lost (attempt 1: connection dropped)');
    expect(r.stderr).toContain(`request: POST ${baseUrl}/qr-codes with Idempotency-Key k-123`);
    expect(r.stderr).toContain('the last attempt: connection dropped (after 1 attempt)');
    expect(r.stderr).toContain('repeating it with that key (--idempotency-key k-123) returns its outcome');
    expect(r.stderr).toContain('profile: none (base URL and key from flags or environment)');
    expect(r.stderr).not.toContain('never sent');
  });
});

describe('404s name the id and the right command', () => {
  it('a QR id given to cards get / update / delete', async () => {
    const r = await runCli(['cards', 'get', 'qr_support'], { emu });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain('no card with id qr_support in this account');
    expect(r.stderr).toContain(
      'hint: qr_support looks like a QR code id (by its prefix); try `cardqr qr get qr_support`',
    );
    const d = await runCli(['qr', 'delete', 'crd_jose', '--yes'], { emu });
    expect(d.stderr).toContain('try `cardqr cards delete crd_jose`');
    const many = await runCli(['qr', 'pause', 'qr_support', 'crd_jose', '--yes'], { emu });
    expect([many.exitCode, many.stderr]).toEqual([7, expect.stringContaining('try `cardqr cards update crd_jose`')]);
    const cmp = await runCli(['cards', 'get', 'cmp_native'], { emu });
    expect(cmp.stderr).toContain('try `cardqr campaigns get cmp_native`');
    const plain = await runCli(['cards', 'get', 'crd_nobody'], { emu });
    expect(plain.stderr).toContain('no card with id crd_nobody');
    expect(plain.stderr).not.toContain('hint:');
  });
});

describe('the /v1 and taken-short-code hints print', () => {
  it('a base URL without the version prefix', async () => {
    const r = await runCli(['cards', 'list'], { emu, env: { CARDQR_BASE_URL: emu.publicBaseUrl } });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain(
      `hint: the base URL ${emu.publicBaseUrl} has no version prefix: use ${emu.publicBaseUrl}/v1`,
    );
  });

  it('a taken short code (400 invalid_request on a request that carried shortCode)', async () => {
    const r = await runCli(['qr', 'create', '--name', 'X', '--url', 'https://x.example/', '--short-code', 'acme'], {
      emu,
    });
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toContain(
      'hint: that short code is taken (short codes are unique across the whole service, Trash included)',
    );
    const c = await runCli(['cards', 'create', '--field', 'firstName=A', '--short-code', 'spring-promo'], { emu });
    expect([c.exitCode, c.stderr]).toEqual([5, expect.stringContaining('hint: that short code is taken')]);
  });
});

describe('FORCE_COLOR', () => {
  it('FORCE_COLOR=0 turns colour off on a terminal; FORCE_COLOR=1 turns it on off one', async () => {
    const off = await runCli(['qr', 'list'], { emu, tty: true, env: { FORCE_COLOR: '0' } });
    expect(off.stdout).toContain('qr_support');
    expect(off.stdout).not.toMatch(/\x1b\[/);
    const on = await runCli(['qr', 'list', '-o', 'table'], { emu, env: { FORCE_COLOR: '1' } });
    expect(on.stdout).toMatch(/\x1b\[/);
  });
});
