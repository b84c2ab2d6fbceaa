// Benchmark: `cardqr leads follow` delivering 100,000 leads (10,000 with --quick) to stdout as NDJSON,
// then polling on, against the emulator as a child process. Prints leads/s and the follower's peak RSS
// (target < 150 MB: the cursor engine spools each poll's pages to disk and keeps only a cursor and the
// ids still locked, so memory stays flat however many leads pass), and, for information, the ratio of
// its wall time to a minimal undici loop fetching the same pages and writing the same lines (follow
// saves its cursor durably after every delivery, an fsync each, which the loop does not).
//
//   npm run build && node test/bench/leads-follow.mjs [--quick]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI, QUICK, ROOT, ensureBuilt, measure, report, startEmulator } from './lib.mjs';

const SELF = fileURLToPath(import.meta.url);
const EXPORT_BENCH = join(ROOT, 'test', 'bench', 'leads-export.mjs');

if (process.argv[2] === '--follower') {
  await follower(...process.argv.slice(3));
} else {
  await main();
}

/**
 * Child run under /usr/bin/time: starts the follower with stdout to a file, and once `expected` lines
 * are there lets it poll a few more times, then stops it with SIGTERM (it must exit 0).
 */
async function follower(baseUrl, key, dir, expected) {
  const out = join(dir, 'follow.ndjson');
  const { openSync, closeSync } = await import('node:fs');
  const fd = openSync(out, 'w');
  const child = spawn(
    process.execPath,
    [CLI, '-q', 'leads', 'follow', '--state', join(dir, 'state.json'), '--interval', '200ms'],
    {
      env: { ...process.env, CARDQR_BASE_URL: baseUrl, CARDQR_API_KEY: key, CARDQR_CONFIG_DIR: dir },
      stdio: ['ignore', fd, 'inherit'],
    },
  );
  closeSync(fd);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  // Counted from the bytes added since the last look (reading the whole file each time would make this
  // child, whose peak RSS the figure includes, the biggest process).
  const { readSync } = await import('node:fs');
  const reader = openSync(out, 'r');
  const buf = Buffer.alloc(1 << 20);
  let seen = 0;
  const lines = () => {
    for (let n; (n = readSync(reader, buf, 0, buf.length, null)) > 0;)
      for (let i = 0; i < n; i++) if (buf[i] === 10) seen++;
    return seen;
  };
  for (;;) {
    if (lines() >= Number(expected)) break;
    const done = await Promise.race([exited, new Promise((r) => setTimeout(r, 100, undefined))]);
    if (done !== undefined) throw new Error(`the follower exited early (${done})`);
  }
  await new Promise((r) => setTimeout(r, 1000)); // a few empty polls: memory must not grow with them
  child.kill('SIGTERM');
  const code = await exited;
  closeSync(reader);
  if (code !== 0) throw new Error(`the follower exited ${code} on SIGTERM`);
}

async function main() {
  ensureBuilt();
  const n = QUICK ? 10_000 : 100_000;
  const emu = await startEmulator(['--rate-limit', '1000000']);
  const dir = mkdtempSync(join(tmpdir(), 'cardqr-bench-follow-'));
  try {
    const t0 = Date.parse('2026-01-01T00:00:00.000Z');
    for (let i = 0; i < n; i += 5000) {
      const leads = [];
      for (let j = i; j < Math.min(n, i + 5000); j++) {
        leads.push({
          id: `lead_follow_${String(j).padStart(6, '0')}`,
          cardId: 'crd_amelie',
          source: 'form',
          createdAt: new Date(t0 + j * 1000).toISOString(),
          contact: { name: `Person ${j}`, email: `p${j}@bench.example`, phone: '', company: 'Bench', title: '' },
          answers: [{ fieldId: 'fld_name', label: 'Your name', type: 'text', value: `Person ${j}` }],
          country: 'FR',
          city: 'Lyon',
        });
      }
      await emu.control('leads', { leads });
    }
    // The default seed's leads too (follow asks for archived ones as well, as the export does).
    const seeded = (await emu.control('state')).leads.filter((l) => !l.id.startsWith('lead_follow_'));
    const total = n + seeded.length;

    const base = await measure(process.execPath, [
      EXPORT_BENCH,
      '--baseline',
      emu.baseUrl,
      emu.keys.full,
      join(dir, 'baseline.ndjson'),
    ]);
    const cli = await measure(process.execPath, [SELF, '--follower', emu.baseUrl, emu.keys.full, dir, String(total)]);
    const lines = readFileSync(join(dir, 'follow.ndjson'), 'utf8').split('\n').filter(Boolean);
    if (lines.length !== total) throw new Error(`expected ${total} deliveries, got ${lines.length}`);
    const ids = new Set(lines.map((l) => JSON.parse(l).lead.id));
    if (ids.size !== total) throw new Error('a lead was delivered twice');
    const first = JSON.parse(lines[0]).lead.createdAt;
    const last = JSON.parse(lines.at(-1)).lead.createdAt;
    if (first > last) throw new Error('deliveries are not oldest first');

    report({
      name: `leads follow, ${total} leads delivered to stdout, then polling`,
      value: total / (cli.ms / 1000),
      unit: 'leads/s',
      baseline: total / (base.ms / 1000),
      // No ratio target: each delivery is followed by a durable save of the cursor (an fsync), which is
      // what lets a kill -9 repeat at most the one lead in flight; the raw loop saves nothing.
      ratio: cli.ms / base.ms,
      rssMB: cli.rssMB,
      rssTarget: 150,
    });
    console.log(
      `  (baseline undici loop: ${(base.ms / 1000).toFixed(2)} s; follow until every lead was out, plus 1 s of polls: ${(cli.ms / 1000).toFixed(2)} s; the RSS is the measuring child's and the follower's peak)`,
    );
  } finally {
    emu.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
