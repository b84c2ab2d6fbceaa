// The plan bench's measured process (test/bench/plans.mjs): reads rows (JSON) from a file and makes one
// qr_apply plan of them against the emulator, as an MCP server's plan_qr_apply would; prints the plan's total.
import { readFileSync } from 'node:fs';
import { ApiClient } from '../../src/api/client.js';
import { plans } from '../../src/plans/index.js';

const [baseUrl, apiKey, state, rowsFile] = process.argv.slice(2);
const client = new ApiClient({
  baseUrl,
  apiKey,
  userAgent: 'plans-bench',
  timeoutMs: 30_000,
  maxRetries: 2,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => performance.now(),
});
const p = plans({
  api: async () => client,
  baseUrl: async () => baseUrl,
  env: { CARDQR_STATE_DIR: state },
  now: () => new Date(),
  version: '0.0.0-bench',
});
const rows = JSON.parse(readFileSync(rowsFile, 'utf8')) as Array<Record<string, unknown>>;
const view = await p.create({ kind: 'qr_apply', rows });
process.stdout.write(`${view.total}\n`);
await client.close();
