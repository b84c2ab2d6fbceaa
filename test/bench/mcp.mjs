// Benchmark: `cardqr mcp` over stdio (the built CLI) against an emulator already running. Targets (issue
// 37, PRODUCT §17):
//   initialize answered (spawn → its answer on stdout) <= 2.0x the whole run of `cardqr me -o json`;
//   a read tool's call in a running server (`get` of a QR code: request → answer) <= 1.2x the whole run
//   of `cardqr qr get <id> -o json`, the same request made by the command;
//   the whole `tools/list` (with --allow-writes: every tool) under 12 KB of JSON;
//   a plan of 10,000 rows (plan_qr_apply) made by the server within 150 MB peak RSS (VmHWM).
// Runs alternate (baseline, subject, …) so that noise hits both alike; the figure is the median of the
// per-pair ratios.
// Usage: npm run build && node test/bench/mcp.mjs [--quick]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CLI, QUICK, ensureBuilt, measure, median, report, startEmulator } from './lib.mjs';

const RUNS = QUICK ? 7 : 21;
const WARMUP = 2;
const QR = 'qr_roboconf';

ensureBuilt();
const dir = mkdtempSync(join(tmpdir(), 'cardqr-bench-mcp-'));
const emu = await startEmulator();
const env = {
  CARDQR_BASE_URL: emu.baseUrl,
  CARDQR_API_KEY: emu.keys.full,
  CARDQR_CONFIG_DIR: join(dir, 'config'),
  CARDQR_STATE_DIR: join(dir, 'state'),
  XDG_CACHE_HOME: join(dir, 'cache'),
};
const INIT = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
};

/** A server over stdio: send() resolves with the answer to that request id. */
function server(args = []) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [CLI, 'mcp', ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const waiting = new Map();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const m = JSON.parse(line);
    waiting.get(m.id)?.(m);
  });
  let next = 1;
  const send = (method, params) => {
    const id = next++;
    const answer = new Promise((resolve) => waiting.set(id, resolve));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return answer;
  };
  const initialized = new Promise((resolve) => waiting.set(0, resolve)).then((m) => {
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    return { m, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  });
  child.stdin.write(`${JSON.stringify(INIT)}\n`);
  const stop = () =>
    new Promise((resolve) => {
      child.on('exit', resolve);
      child.stdin.end();
    });
  return { send, initialized, stop, pid: child.pid };
}

async function pairs(baseline, subject) {
  const base = [];
  const sub = [];
  for (let i = 0; i < RUNS + WARMUP; i++) {
    const b = await baseline();
    const s = await subject();
    if (i < WARMUP) continue;
    base.push(b);
    sub.push(s);
  }
  return {
    ms: median(sub),
    baseMs: median(base),
    ratio: median(sub.map((s, i) => s / base[i])),
  };
}

let ok = true;
try {
  const init = await pairs(
    async () => (await measure(process.execPath, [CLI, 'me', '-o', 'json'], { env })).ms,
    async () => {
      const s = server();
      const { ms } = await s.initialized;
      await s.stop();
      return ms;
    },
  );
  ok &&= report({
    name: 'cardqr mcp: initialize answered, next to cardqr me -o json',
    value: init.ms,
    unit: 'ms',
    baseline: init.baseMs,
    ratio: init.ratio,
    target: 2.0,
    guard: 1.5,
  }).guard;

  const s = server();
  await s.initialized;
  const call = await pairs(
    async () => (await measure(process.execPath, [CLI, 'qr', 'get', QR, '-o', 'json'], { env })).ms,
    async () => {
      const t0 = process.hrtime.bigint();
      const answer = await s.send('tools/call', { name: 'get', arguments: { kind: 'qr', id: QR } });
      if (answer.result?.structuredContent?.item?.id !== QR)
        throw new Error(`unexpected answer ${JSON.stringify(answer)}`);
      return Number(process.hrtime.bigint() - t0) / 1e6;
    },
  );
  await s.stop();
  ok &&= report({
    name: 'cardqr mcp: a read tool call (get), next to cardqr qr get -o json',
    value: call.ms,
    unit: 'ms',
    baseline: call.baseMs,
    ratio: call.ratio,
    target: 1.2,
    guard: 1.5,
  }).guard;

  const w = server(['--allow-writes']);
  await w.initialized;
  const list = await w.send('tools/list', {});
  const rows = Array.from({ length: QUICK ? 2_000 : 10_000 }, (_, i) => ({
    shortCode: `bench-${i}`,
    name: `Bench ${i}`,
    destinationUrl: `https://example.com/bench/${i}`,
  }));
  const t0 = process.hrtime.bigint();
  const plan = await w.send('tools/call', { name: 'plan_qr_apply', arguments: { rows } });
  const planMs = Number(process.hrtime.bigint() - t0) / 1e6;
  if (plan.result?.isError || plan.result?.structuredContent?.changes?.length !== rows.length)
    throw new Error(`plan_qr_apply failed: ${JSON.stringify(plan).slice(0, 300)}`);
  const hwmMB = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${w.pid}/status`, 'utf8'))[1]) / 1024;
  await w.stop();
  ok &&= report({
    name: `cardqr mcp --allow-writes: a plan of ${rows.length} rows`,
    value: planMs,
    unit: 'ms',
    rssMB: hwmMB,
    rssTarget: 150,
  }).guard;
  const kb = Buffer.byteLength(JSON.stringify(list.result)) / 1024;
  ok &&= report({
    name: `cardqr mcp --allow-writes: tools/list (${list.result.tools.length} tools), next to 12 KB`,
    value: kb,
    unit: 'KB',
    baseline: 12,
    ratio: kb / 12,
    target: 1.0,
    absolute: true,
  }).ok;
} finally {
  await emu.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;
