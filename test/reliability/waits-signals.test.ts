// Waits and signals (issue 22): every wait ends when a stop is asked (SIGTERM and SIGINT alike), no request
// starts after a stop, a FIFO where a file is read is refused instead of blocking, a terminal of 0 columns
// does not spin, and a key command that leaves a daemon holding its pipe does not hold the run.
// Bounds are "before the wait would have ended": a pacer wait of 61 s must be over within 10 s.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { runKeyCommand } from '../../src/config/key-command.js';
import { safeSleep } from '../../src/deps.js';
import { startProgress } from '../../src/output/progress.js';
import { partnersCsv, readReportLines, writeCsv } from '../jobs/import/_files.js';
import { ensureFreshBuild, spawnCli } from '../helpers/built-cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { expectNoStack, realWait, settle, useCounters } from './_support.js';

const counts = useCounters('waits-signals');
const emu = useEmulator({ rateLimit: 1_000_000 });
beforeAll(() => ensureFreshBuild(), 180_000);

const POSTS = { method: 'POST', path: /\/campaigns\/cmp_native\/cards$/ };
const posts = () => emu.requests(POSTS).length;
/** Resolves when the signal aborts, or after `ms` of real time (a wait that ignores the stop). */
const abortedOr = (signal: AbortSignal | undefined, ms: number) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
/** The process's end, or 'still running' after `ms`. */
const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, realWait(ms).then(() => 'still running' as const)]);

describe('the sleep every wait goes through', () => {
  it('ends an hour-long wait as soon as its signal aborts, and returns at once on an aborted one', async () => {
    const c = new AbortController();
    setTimeout(() => c.abort(), 20);
    expect(await within(safeSleep(3_600_000, c.signal), 10_000)).toBeUndefined();
    expect(await within(safeSleep(3_600_000, c.signal), 10_000)).toBeUndefined();
    counts.waits++;
  });
});

describe('a stop during a wait (in-process, virtual clock)', () => {
  it('Ctrl-C during a pacer wait of campaigns import: no create after it, exit 130, --resume ends the job', async () => {
    emu.store.account('acc_acme')!.cardAllowance = 1000;
    const file = writeCsv('people.csv', partnersCsv(6));
    let stop!: () => void;
    const stopped = new Promise<void>((r) => (stop = r));
    let postsAtStop = -1;
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--rate', '1'], {
      emu,
      interruptAfter: stopped,
      sleep: async (_ms, signal) => {
        if (postsAtStop < 0 && posts() === 2) {
          postsAtStop = posts();
          stop();
          await abortedOr(signal, 1000);
        }
      },
    });
    expect(r.exitCode).toBe(130);
    expect(postsAtStop).toBe(2);
    expect(posts()).toBe(2); // nothing started after the stop
    const created = readReportLines(`${file}.report.ndjson`).filter((l) => l.outcome === 'created');
    expect(created).toHaveLength(2);
    expect(r.stderr).toMatch(/--resume/);
    expectNoStack(r.stderr);
    const again = await runCli(['campaigns', 'import', 'cmp_native', file, '--resume'], { emu });
    expect(again.exitCode).toBe(0);
    expect(posts()).toBe(6);
    counts.waits++;
  });

  it('a stop during a retry wait (429, RateLimit-Reset 60 s) sends no retry', async () => {
    emu.injectFaults([{ kind: '429', method: 'GET', path: '/cards', resetSeconds: 60 }]);
    let stop!: () => void;
    const r = await runCli(['cards', 'list'], {
      emu,
      interruptAfter: new Promise<void>((res) => (stop = res)),
      sleep: async (_ms, signal) => {
        stop();
        await abortedOr(signal, 1000);
      },
    });
    expect(r.exitCode).toBe(130);
    expect(emu.requests({ method: 'GET', path: /\/cards$/ })).toHaveLength(1);
    expectNoStack(r.stderr);
    counts.waits++;
  });
});

describe('signals to the built CLI', () => {
  const env = (extra: Record<string, string> = {}) => ({
    CARDQR_CONFIG_DIR: tempDir(),
    NO_COLOR: '1',
    CARDQR_BASE_URL: emu.baseUrl,
    CARDQR_API_KEY: emu.keys.full,
    ...extra,
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s during a pacer wait of 61 s: out within 10 s, no request after it',
    async (sig) => {
      const file = writeCsv('people.csv', partnersCsv(4));
      const child = spawnCli(['campaigns', 'import', 'cmp_native', file, '--rate', '1'], { env: env(), stdin: null });
      // Rate 1 a minute: the first request is sent, the next waits 61 s.
      await settle(() => emu.requests().length >= 1, 20_000);
      await realWait(300);
      const before = emu.requests().length;
      child.child.kill(sig);
      expect(await within(child.exit, 10_000)).toBe(130);
      expect(emu.requests()).toHaveLength(before);
      expect(child.stderr()).toMatch(/interrupted/);
      expectNoStack(child.stderr());
      counts.waits++;
    },
    40_000,
  );

  it('FIFOs with no writer where a file is read: refused at once (exit 2), never a hang', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const cases: Array<[string[], RegExp]> = [
      [['cards', 'create', '--data', `@${fifo}`], /--data: cannot read .*pipe: not a regular file \(a FIFO/],
      [['print', 'audit', fifo], /cannot read .*pipe: not a regular file \(a FIFO/],
      [['leads', 'export', '--state', fifo, '--out', join(dir, 'l.csv')], /state file .*pipe: not a regular file/],
    ];
    for (const [args, re] of cases) {
      const child = spawnCli(args, { env: env(), stdin: null, timeoutMs: 20_000 });
      const r = await child.done;
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(re);
      expectNoStack(r.stderr);
      counts.waits++;
    }
    expect(emu.requests({ method: 'POST' })).toHaveLength(0);
  }, 60_000);

  it('SIGTERM while campaigns import waits for a FIFO writer: out within 10 s', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'rows.csv');
    execFileSync('mkfifo', [fifo]);
    const child = spawnCli(['campaigns', 'import', 'cmp_native', fifo, '--report', join(dir, 'r.ndjson')], {
      env: env(),
      stdin: null,
    });
    await realWait(1500);
    child.child.kill('SIGTERM');
    const end = await within(child.exit, 10_000);
    if (end === 'still running') child.child.kill('SIGKILL');
    expect([130, 143]).toContain(end);
    counts.waits++;
  }, 30_000);

  it('a terminal of 0 columns: campaigns import ends and writes a bounded amount', async () => {
    const dir = tempDir();
    const file = writeCsv('people.csv', partnersCsv(3), dir);
    emu.store.account('acc_acme')!.cardAllowance = 1000;
    const child = spawnCli([], {
      env: env(),
      shell: `script -qec "stty cols 0 rows 0; $CARDQR campaigns import cmp_native '${file}'" /dev/null`,
      timeoutMs: 60_000,
    });
    const r = await child.done;
    expect(r.code).toBe(0);
    expect(r.stdout.length + r.stderr.length).toBeLessThan(64 * 1024);
    expect(posts()).toBe(3);
    counts.waits++;
  }, 70_000);
});

describe('progress on a terminal that reports no width', () => {
  it.each([0, undefined, Number.NaN, -5])('columns %s: a few updates write a few bytes', async (columns) => {
    let bytes = 0;
    const count = (n: number) => {
      bytes += n;
      if (bytes > 1 << 20) throw new Error('spinning: over 1 MiB of escapes');
      return true;
    };
    // A terminal as ora drives it (its erasing goes through cursorTo/clearLine/moveCursor).
    const stream = Object.assign(new PassThrough(), {
      isTTY: true,
      columns,
      cursorTo: () => count(1),
      clearLine: () => count(4),
      moveCursor: () => count(4),
    });
    stream.on('data', (c: Buffer) => count(c.length));
    const p = await startProgress({ stream, tty: true, quiet: false, now: () => 0, label: 'import' });
    for (let i = 0; i < 20; i++) p.update(`${i}/20 rows ${'x'.repeat(150)}`);
    p.clear();
    p.stop();
    expect(bytes).toBeLessThan(64 * 1024);
    counts.waits++;
  });
});

describe('--api-key-command that leaves a daemon holding its output', () => {
  it('takes the key when the command exits (a daemon keeps the pipe for 15 s)', async () => {
    const key = await within(
      runKeyCommand('echo cq_test_daemonkey1234567; setsid sleep 15 &', { profile: 'p', timeoutMs: 30_000 }),
      10_000,
    );
    expect(key).toBe('cq_test_daemonkey1234567');
    counts.waits++;
  }, 20_000);

  it('a command that never ends (and a daemon on the pipe): timed out, and over at the timeout', async () => {
    const out = await within(
      runKeyCommand('setsid sleep 15 & sleep 20', { profile: 'p', timeoutMs: 500 }).catch((e: Error) => e),
      10_000,
    );
    expect(out).toBeInstanceOf(Error);
    expect((out as Error).message).toMatch(/did not finish within 0.5 s/);
    counts.waits++;
  }, 20_000);

  it('a key written by a command that exits at once is read whole', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'k'), 'cq_test_fromfile12345678\n');
    expect(await runKeyCommand(`cat '${join(dir, 'k')}'`, { profile: 'p', timeoutMs: 5000 })).toBe(
      'cq_test_fromfile12345678',
    );
    counts.waits++;
  });
});
