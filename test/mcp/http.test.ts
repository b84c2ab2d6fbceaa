// `cardqr mcp --http` with the SDK's Streamable HTTP client against the emulator, and raw requests that
// must be refused before the MCP transport sees them: a foreign Host or Origin, a missing or wrong token,
// a token in a query string, DNS-rebinding shapes.
import { request } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { removeTempDir, tempDir } from '../helpers/temp-dirs.js';
import { startHttp, structured, type McpRun } from './harness.js';

const emu = useEmulator();
let run: McpRun | undefined;
afterEach(async () => {
  await run?.stop();
  run = undefined;
});

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** One raw POST with exactly these headers; the status and body. */
function post(url: string, headers: Record<string, string>, path = '/mcp'): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: u.port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        setHost: false,
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(INIT);
  });
}

describe('cardqr mcp --http', () => {
  it('serves the tools to a client with the token; the token file is 0600 and named on stderr, never printed', async () => {
    run = await startHttp(emu);
    expect(run.client.getServerVersion()?.name).toBe('cardqr');
    const me = structured(await run.client.callTool({ name: 'whoami', arguments: {} }));
    expect(me.account.id).toBe('acc_acme');
    const found = structured(await run.client.callTool({ name: 'search', arguments: { kind: 'qr', limit: 2 } }));
    expect(found.items).toHaveLength(2);
    const tokenFile = join(run.stateDir, 'mcp-token');
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(run.stderr()).toContain(tokenFile);
    expect(run.stderr()).not.toContain(run.token!);
    expect(run.stderr()).toMatch(/account acc_acme/);
    expect(run.stdout()).toBe('');
  });

  it('refuses a foreign Host or Origin, a missing or wrong token, a token in the URL, DNS-rebinding shapes', async () => {
    run = await startHttp(emu);
    const port = new URL(run.url!).port;
    const auth = { authorization: `Bearer ${run.token}` };
    const ok = await post(run.url!, { host: `127.0.0.1:${port}`, ...auth });
    expect(ok.status).toBe(200);
    expect(
      (await post(run.url!, { host: `localhost:${port}`, origin: `http://localhost:${port}`, ...auth })).status,
    ).toBe(200);
    const refused: Array<[string, Record<string, string>, number, string?]> = [
      ['no token', { host: `127.0.0.1:${port}` }, 401],
      ['wrong token', { host: `127.0.0.1:${port}`, authorization: `Bearer ${'0'.repeat(64)}` }, 401],
      ['token without Bearer', { host: `127.0.0.1:${port}`, authorization: run.token! }, 401],
      ['basic auth', { host: `127.0.0.1:${port}`, authorization: `Basic ${btoa(`x:${run.token}`)}` }, 401],
      ['foreign Host', { host: `evil.example:${port}`, ...auth }, 403],
      ['Host without the port', { host: 'localhost', ...auth }, 403],
      ['Host on another port', { host: `127.0.0.1:1`, ...auth }, 403],
      ['rebinding name', { host: `localhost.evil.example:${port}`, ...auth }, 403],
      ['rebinding page', { host: `attacker.example:${port}`, origin: `http://attacker.example:${port}`, ...auth }, 403],
      ['foreign Origin', { host: `127.0.0.1:${port}`, origin: 'https://evil.example', ...auth }, 403],
      ['null Origin', { host: `127.0.0.1:${port}`, origin: 'null', ...auth }, 403],
      ['token in the query string', { host: `127.0.0.1:${port}` }, 400, `/mcp?token=${run.token}`],
      [
        'access_token with the header too',
        { host: `127.0.0.1:${port}`, ...auth },
        400,
        `/mcp?access_token=${run.token}`,
      ],
      ['another path', { host: `127.0.0.1:${port}`, ...auth }, 404, '/'],
    ];
    emu.clearRequests();
    for (const [what, headers, status, path] of refused) {
      const r = await post(run.url!, headers, path);
      expect({ what, status: r.status }).toEqual({ what, status });
      expect(r.body).not.toContain(run.token!);
    }
    expect(emu.requests()).toEqual([]);
  });

  it('a destructive plan approved through elicitation over HTTP is applied once', async () => {
    run = await startHttp(emu, ['--allow-writes'], { capabilities: { elicitation: {} } });
    const asked: string[] = [];
    run.client.setRequestHandler(ElicitRequestSchema, (req) => {
      asked.push(req.params.message);
      return { action: 'accept', content: { approve: true } };
    });
    const plan = structured(
      await run.client.callTool({ name: 'plan_qr_status', arguments: { ids: ['qr_careers'], status: 'archived' } }),
    );
    const applied = structured(
      await run.client.callTool({ name: 'apply_plan', arguments: { plan_id: plan.plan_id, sha256: plan.sha256 } }),
    );
    expect(applied.state).toBe('applied');
    expect(asked).toHaveLength(1);
    expect(emu.requests().filter((r) => r.method !== 'GET')).toHaveLength(1);
  });

  it('keeps the token across restarts until --rotate-token', async () => {
    const dir = tempDir('cardqr-mcp-');
    try {
      run = await startHttp(emu, [], { configDir: dir });
      const first = run.token!;
      await run.stop();
      run = await startHttp(emu, [], { configDir: dir });
      expect(run.token).toBe(first);
      await run.stop();
      run = await startHttp(emu, ['--rotate-token'], { configDir: dir });
      expect(run.token).not.toBe(first);
      expect(readFileSync(join(dir, 'state', 'mcp-token'), 'utf8').trim()).toBe(run.token);
      const port = new URL(run.url!).port;
      expect((await post(run.url!, { host: `127.0.0.1:${port}`, authorization: `Bearer ${first}` })).status).toBe(401);
    } finally {
      await run?.stop();
      run = undefined;
      removeTempDir(dir);
    }
  });
});
