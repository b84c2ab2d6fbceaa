// Outside clients drive `cardqr mcp --http`: the MCP Inspector's CLI mode lists and calls the tools, and
// the MCP conformance suite runs the scenarios that apply to a tools-only server. The suite's client
// cannot send a token, so it goes through a local proxy that adds the Authorization header and maps its
// own port to the server's in Host and Origin (a port forward: a foreign name stays foreign). Left out,
// and why (also in docs/ARCHITECTURE.md): tools-call-* (simple-text, image, audio, embedded-resource,
// mixed-content, with-logging, error, with-progress, sampling, elicitation), elicitation-sep1034-defaults,
// elicitation-sep1330-enums, json-schema-2020-12 and server-sse-* call test-only tools the suite names
// (test_simple_text …) that a real server does not have; logging-set-level, completion-complete,
// resources-* and prompts-* test capabilities this server does not offer.
import { execFile } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/built-cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { removeTempDir, tempDir } from '../helpers/temp-dirs.js';
import { startHttp, type McpRun } from './harness.js';

const run$ = promisify(execFile);
const INSPECTOR = join(ROOT, 'node_modules/@modelcontextprotocol/inspector-cli/build/index.js');
const CONFORMANCE = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
export const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

const emu = useEmulator();
let run: McpRun | undefined;
let proxy: Server | undefined;
afterEach(async () => {
  await run?.stop();
  run = undefined;
  proxy?.closeAllConnections();
  await new Promise((r) => (proxy ? proxy.close(r) : r(undefined)));
  proxy = undefined;
});

async function inspector(url: string, token: string, args: string[]): Promise<any> {
  const { stdout } = await run$(
    process.execPath,
    [INSPECTOR, url, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, ...args],
    // Its build looks for its package.json relative to the working folder: run it from its own build folder.
    { timeout: 60_000, env: { ...process.env, NO_COLOR: '1' }, cwd: dirname(INSPECTOR) },
  );
  return JSON.parse(stdout);
}

/** A port forward to the server that adds the bearer token; Host and Origin keep their name, get its port. */
async function tokenProxy(target: string, token: string): Promise<string> {
  const to = new URL(target);
  let port = 0;
  proxy = createServer((req, res) => {
    const headers = { ...req.headers, authorization: `Bearer ${token}` };
    const swap = (v: string | undefined) => v?.replace(new RegExp(`:${port}$`), `:${to.port}`);
    if (headers.host) headers.host = swap(headers.host);
    if (typeof headers.origin === 'string') headers.origin = swap(headers.origin);
    const up = request(
      { host: '127.0.0.1', port: to.port, path: req.url, method: req.method, headers, setHost: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => proxy!.listen(0, '127.0.0.1', r));
  port = (proxy.address() as AddressInfo).port;
  return `http://localhost:${port}/mcp`;
}

describe('outside clients', () => {
  it('the MCP Inspector CLI lists and calls the tools', async () => {
    run = await startHttp(emu);
    const listed = await inspector(run.url!, run.token!, ['--method', 'tools/list']);
    expect(listed.tools.map((t: { name: string }) => t.name)).toContain('leads_since');
    const called = await inspector(run.url!, run.token!, [
      '--method',
      'tools/call',
      '--tool-name',
      'search',
      '--tool-arg',
      'kind=qr',
      'text=roboconf',
    ]);
    expect(called.structuredContent.items[0].id).toBe('qr_roboconf');
    const refused = await inspector(run.url!, run.token!, [
      '--method',
      'tools/call',
      '--tool-name',
      'get',
      '--tool-arg',
      'kind=card',
      'id=crd_nope',
    ]);
    expect(refused.isError).toBe(true);
  }, 120_000);

  it('the MCP conformance suite passes the scenarios of a tools-only server', async () => {
    run = await startHttp(emu);
    const url = await tokenProxy(run.url!, run.token!);
    const out = tempDir('cardqr-conformance-');
    try {
      for (const scenario of SCENARIOS) {
        const r = await run$(
          process.execPath,
          [CONFORMANCE, 'server', '--url', url, '--scenario', scenario, '-o', out],
          {
            timeout: 120_000,
            env: { ...process.env, NO_COLOR: '1' },
          },
        ).catch((e: { stdout?: string; stderr?: string; code?: number }) => e);
        const text = `${r.stdout ?? ''}${r.stderr ?? ''}`;
        const passed = /Passed: (\d+)\/\1, 0 failed/.exec(text);
        expect({ scenario, passed: passed ? 'all' : text }).toEqual({ scenario, passed: 'all' });
        expect({ scenario, code: (r as { code?: number }).code ?? 0 }).toEqual({ scenario, code: 0 });
      }
    } finally {
      removeTempDir(out);
    }
  }, 300_000);
});
