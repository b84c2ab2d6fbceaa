// An answer that does not show the change asked for is never counted as done: a real HTTP proxy in
// front of the emulator rewrites the name in the answers to POST /qr-codes (the code itself is created
// as asked). The row fails (change_not_shown, exit 7); the same command against the account as it is
// then finds nothing missing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { fairRows, mismatches, writeApplyCsv, writes } from './_apply.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
let proxy: Server;
let proxyUrl = '';

beforeAll(async () => {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void forward());
    const forward = async () => {
      const headers: Record<string, string> = {};
      for (const h of ['authorization', 'content-type', 'idempotency-key', 'user-agent', 'accept'])
        if (typeof req.headers[h] === 'string') headers[h] = req.headers[h];
      const target = emu.baseUrl.replace(/\/v1$/, '') + req.url;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(target, { method: req.method, headers, body });
      let text = await answer.text();
      if (req.method === 'POST' && req.url?.startsWith('/v1/qr-codes') && answer.status === 201) {
        const qr = JSON.parse(text) as { name: string };
        text = JSON.stringify({ ...qr, name: `${qr.name} (not what was asked)` });
      }
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(text);
    };
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

describe('qr apply: an answer that does not show the change', () => {
  it('is that row failure (change_not_shown), not done; the account decides the next run', async () => {
    const rows = fairRows(2, 'shown').map((r) => ({ ...r, status: 'published' }));
    const file = writeApplyCsv(tempDir(), rows);
    const r = await runCli(['qr', 'apply', file], { emu, env: { CARDQR_BASE_URL: proxyUrl } });
    expect([r.exitCode, r.stderr]).toEqual([7, expect.stringContaining('change_not_shown')]);
    const lines = readFileSync(`${file}.report.ndjson`, 'utf8').trim().split('\n').slice(1);
    const outcomes = lines.map((l) => JSON.parse(l) as { outcome: string; errorCode: string });
    expect(outcomes.filter((l) => l.outcome !== 'sending').map((l) => l.errorCode)).toEqual([
      'change_not_shown',
      'change_not_shown',
    ]);
    // The service did create both as asked: run directly against it, nothing is missing.
    expect(mismatches(emu, rows)).toEqual([]);
    const before = writes(emu).length;
    const again = await runCli(['qr', 'apply', file], { emu });
    expect([again.exitCode, again.stderr]).toEqual([0, expect.stringContaining('create 0, update 0, unchanged 2')]);
    expect(writes(emu).length).toBe(before);
  });
});
