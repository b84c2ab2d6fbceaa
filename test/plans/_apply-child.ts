// A process that applies one plan (argv: base URL, key, state folder, plan id, sha256, the emulator's
// clock at spawn) and prints its status: the apply_plan of a server, in a process a test can kill -9.
import { ApiClient } from '../../src/api/client.js';
import { plans } from '../../src/plans/index.js';

const [baseUrl, apiKey, state, planId, sha256, clockAt] = process.argv.slice(2);
const offset = Number(clockAt) - Date.now();
const client = new ApiClient({
  baseUrl,
  apiKey,
  userAgent: 'plans-child',
  timeoutMs: 5000,
  maxRetries: 2,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => performance.now(),
});
const p = plans({
  api: async () => client,
  baseUrl: async () => baseUrl,
  env: { CARDQR_STATE_DIR: state },
  now: () => new Date(Date.now() + offset),
  version: '0.0.0-test',
});
const status = await p.apply(planId, sha256, { signal: new AbortController().signal }, 600_000);
process.stdout.write(`${JSON.stringify(status)}\n`);
await client.close();
