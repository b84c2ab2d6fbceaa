// The built `cardqr mcp` as a child process, driven by the SDK's StdioClientTransport (which spawns it):
// SIGKILLed in the middle of an apply_plan, then a new server is asked to apply the same plan again. The
// plan resumes with its keys: every object exists once. The child's stdout is the SDK's to read: any
// line that is not JSON-RPC would fail the client.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureFreshBuild } from '../helpers/built-cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { removeTempDir, tempDir } from '../helpers/temp-dirs.js';
import { structured } from './harness.js';

// A little latency, so the kill lands between and during requests.
const emu = useEmulator({ latencyMs: 40, rateLimit: 1_000_000 });
beforeAll(() => ensureFreshBuild(), 180_000);

async function server(dir: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--allow-writes'],
    env: {
      ...(process.env as Record<string, string>),
      CARDQR_BASE_URL: emu.baseUrl,
      CARDQR_API_KEY: emu.keys.full,
      CARDQR_CONFIG_DIR: dir,
      CARDQR_STATE_DIR: join(dir, 'state'),
    },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'kill-test', version: '1' });
  await client.connect(transport);
  return { client, transport };
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('cardqr mcp killed mid-apply', () => {
  it.each([1, 3, 6])(
    'kill -9 after %i writes, then apply_plan again: each object once',
    async (after) => {
      const dir = tempDir('cardqr-mcp-kill-');
      try {
        const rows = Array.from({ length: 10 }, (_, i) => ({
          shortCode: `kill${after}-${i}`,
          name: `Kill ${i}`,
          destinationUrl: `https://example.com/k/${i}`,
        }));
        const first = await server(dir);
        const plan = structured(await first.client.callTool({ name: 'plan_qr_apply', arguments: { rows } }));
        const args = { plan_id: plan.plan_id, sha256: plan.sha256 };
        void first.client.callTool({ name: 'apply_plan', arguments: args }).catch(() => undefined);
        await until(() => emu.requests({ method: 'POST', path: '/qr-codes' }).length >= after, 20_000);
        process.kill(first.transport.pid!, 'SIGKILL');
        await first.client.close().catch(() => undefined);

        const second = await server(dir);
        let status = structured(await second.client.callTool({ name: 'apply_plan', arguments: args }));
        for (let i = 0; i < 3 && status.state !== 'applied'; i++) {
          await new Promise((r) => setTimeout(r, 200));
          status = structured(await second.client.callTool({ name: 'apply_plan', arguments: args }));
        }
        expect(status).toMatchObject({ state: 'applied', total: 10, done: 10 });
        await second.client.close();
        const held = emu.store.qrCodes.filter((q) => q.shortCode.startsWith(`kill${after}-`)).map((q) => q.shortCode);
        expect(held.sort()).toEqual(rows.map((r) => r.shortCode).sort());
      } finally {
        removeTempDir(dir);
      }
    },
    120_000,
  );
});
