// The disk, the pipe and the shell, through the built bin/cardqr in a real shell: a file size limit
// (`ulimit -f`: a full disk a test can make), /dev/full, a closed pipe (`| head -1`), FIFOs and pipes
// as import input, SIGTERM/SIGHUP. Each case checks the exit status, one clear line, and that the
// state / report / output files are exactly as before.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { partnersCsv } from '../jobs/import/_files.js';
import { BIN, ensureFreshBuild, spawnCli, type SpawnResult } from '../helpers/built-cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/run-cli.js';
import { addCards, addLeads } from '../helpers/records.js';
import { expectNoStack, useCounters } from './_support.js';

const counts = useCounters('disk-and-pipes');
const emu = useEmulator();

beforeAll(async () => {
  await ensureFreshBuild();
}, 300_000);

/** Runs a bash script where `$CARDQR` is the built CLI, against the test's emulator. */
async function sh(script: string, env: Record<string, string> = {}, timeoutMs = 30_000): Promise<SpawnResult> {
  const r = await spawnCli([], {
    shell: script,
    env: {
      NO_COLOR: '1',
      CARDQR_CONFIG_DIR: tempDir('cardqr-cfg-'),
      CARDQR_BASE_URL: emu.baseUrl,
      CARDQR_API_KEY: emu.keys.full,
      ...env,
    },
    stdin: null,
    timeoutMs,
  }).done;
  counts.fileSystem++;
  return r;
}

const errorLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('error:'));
const imported = () =>
  emu.store.cards.filter((c) => c.campaignId === 'cmp_native' && /^P-\d{4}$/.test(c.externalId ?? '')).length;

/**
 * A `ulimit -f` (in KiB) that the export's spool (the leads as JSON lines) fits under but its `-o json`
 * output (indented: about twice as long) does not, measured on this emulator's leads.
 */
async function limitBetweenSpoolAndJson(): Promise<number> {
  const dir = tempDir();
  const nd = await sh(`$CARDQR leads export --state ${dir}/a.json > ${dir}/a.ndjson`);
  const js = await sh(`$CARDQR leads export -o json --state ${dir}/b.json > ${dir}/b.json.out`);
  expect([nd.code, js.code]).toEqual([0, 0]);
  const spool = readFileSync(`${dir}/a.ndjson`).length;
  const json = readFileSync(`${dir}/b.json.out`).length;
  expect(json).toBeGreaterThan(spool + 4096);
  return Math.ceil((spool + 2048) / 1024);
}

describe('a write that did not reach the disk is an error (ulimit -f, /dev/full)', () => {
  it('leads export --out under `ulimit -f`: EFBIG, exit 1, no output file, no state, no temp file', async () => {
    const limit = await limitBetweenSpoolAndJson();
    const dir = tempDir();
    const r = await sh(
      `ulimit -f ${limit}; exec $CARDQR leads export -o json --state ${dir}/s.json --out ${dir}/leads.json`,
    );
    expect(r.code).toBe(1);
    expect(errorLines(r.stderr)).toEqual([
      expect.stringMatching(/^error: cannot write --out .*leads\.json: EFBIG \(file too large/),
    ]);
    expectNoStack(r.stderr);
    expect(readdirSync(dir)).toEqual([]); // no output, no state, no lock, no temporary file
    // Without the limit the same run exports every lead, and the state moves only then.
    const ok = await sh(`exec $CARDQR leads export -o json --state ${dir}/s.json --out ${dir}/leads.json`);
    expect(ok.code).toBe(0);
    expect(JSON.parse(readFileSync(`${dir}/leads.json`, 'utf8')).length).toBeGreaterThan(10);
    // The spool (beside the state file) under a limit it cannot fit: the same one line, nothing left.
    const tiny = await sh(`ulimit -f 1; exec $CARDQR leads export --state ${dir}/t.json --out ${dir}/t.ndjson`);
    expect(tiny.code).toBe(1);
    expect(errorLines(tiny.stderr)).toEqual([
      expect.stringMatching(/^error: cannot write the spool file .*t\.json\.spool: EFBIG/),
    ]);
    expect(readdirSync(dir).sort()).toEqual(['leads.json', 's.json']);
  });

  it('leads export > file under `ulimit -f`: exit 1 with one line, the state does not move', async () => {
    const limit = await limitBetweenSpoolAndJson();
    const dir = tempDir();
    const r = await sh(`ulimit -f ${limit}; $CARDQR leads export -o json --state ${dir}/s.json > ${dir}/leads.json`);
    expect(r.code).toBe(1);
    expect(errorLines(r.stderr)).toEqual([expect.stringMatching(/^error: cannot write standard output: EFBIG/)]);
    expect(existsSync(`${dir}/s.json`)).toBe(false);
  });

  it('the state file itself cannot be written (ulimit -f, a cursor with many ids): exit 1, old state kept, leads exported again next time', async () => {
    const dir = tempDir();
    const many = addLeads(emu, 120, 'same', 0); // 120 leads at one instant: a long cursor
    const at = many[0].createdAt;
    const first = await sh(`exec $CARDQR leads export --state ${dir}/s.json --out ${dir}/a.ndjson`);
    expect(first.code).toBe(0);
    const before = readFileSync(`${dir}/s.json`, 'utf8');
    expect(before.length).toBeGreaterThan(2048);
    addLeads(emu, 1, 'late', 0)[0].createdAt = at; // one more at the cursor's instant: the next state is longer still
    const r = await sh(`ulimit -f 2; exec $CARDQR leads export --state ${dir}/s.json`);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1); // the lead went out …
    expect(r.stderr).toMatch(
      /1 leads were written to standard output, but the state file .*s\.json could not be updated \(EFBIG/,
    );
    expect(readFileSync(`${dir}/s.json`, 'utf8')).toBe(before); // … and the state did not move
    expect(readdirSync(dir).sort()).toEqual(['a.ndjson', 's.json']);
    expect(many.every((l) => l.createdAt === at)).toBe(true);
  });

  it('> /dev/full: exit 1 with one line for a list and for an export (state untouched); --out /dev/full likewise', async () => {
    const dir = tempDir();
    const list = await sh('$CARDQR cards list -o json > /dev/full');
    expect(list.code).toBe(1);
    expect(errorLines(list.stderr)).toEqual([
      'error: cannot write standard output: ENOSPC (no space left on the device)',
    ]);
    const exp = await sh(`$CARDQR leads export --state ${dir}/s.json > /dev/full`);
    expect(exp.code).toBe(1);
    expect(errorLines(exp.stderr)).toEqual([
      'error: cannot write standard output: ENOSPC (no space left on the device)',
    ]);
    const out = await sh(`exec $CARDQR leads export --state ${dir}/s.json --out /dev/full`);
    expect(out.code).toBe(1);
    expect(errorLines(out.stderr)).toEqual([
      'error: cannot write --out /dev/full: ENOSPC (no space left on the device)',
    ]);
    expect(readdirSync(dir)).toEqual([]);
    // /dev/null is a device too: written like `>`, never replaced by a regular file.
    const devnull = await sh(`exec $CARDQR -q leads export --state ${dir}/s.json --out /dev/null`);
    expect(devnull.code).toBe(0);
    expect(existsSync(`${dir}/s.json`)).toBe(true);
  });

  it('campaigns import under `ulimit -f`: the report cannot grow, the import stops with one line and resumes', async () => {
    const dir = tempDir();
    const csv = join(dir, 'p.csv');
    writeFileSync(csv, partnersCsv(12));
    emu.store.account('acc_acme')!.cardAllowance = 200;
    const before = imported();
    const r = await sh(`ulimit -f 2; exec $CARDQR campaigns import cmp_native ${csv}`);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: cannot write the report .*p\.csv\.report\.ndjson: EFBIG/);
    expectNoStack(r.stderr);
    const resumed = await sh(`exec $CARDQR campaigns import cmp_native ${csv} --resume`);
    expect(resumed.code).toBe(0);
    expect(imported() - before).toBe(12); // each row once: the row whose line was cut is replayed, not repeated
  });
});

describe('exits tell the truth', () => {
  it('a closed stdout (`| head -1`) exits 0 quietly, every time, for a long list', async () => {
    addCards(emu, 1500); // several hundred KB: far more than a pipe holds
    for (let i = 0; i < 3; i++) {
      for (const args of ['cards list --all -o ndjson', 'cards list --all -o json', 'cards list --all -o csv']) {
        const r = await sh(`$CARDQR ${args} | head -1 > /dev/null; echo "status=\${PIPESTATUS[0]}"`);
        expect(r.stdout.trim(), args).toBe('status=0');
        expect(r.stderr, args).toBe('');
      }
    }
  });

  it('SIGTERM and SIGHUP during an import are handled like Ctrl-C: the row in flight finishes, exit 130 and the resume command', async () => {
    for (const sig of ['TERM', 'HUP']) {
      const dir = tempDir();
      const csv = join(dir, 'p.csv');
      writeFileSync(csv, partnersCsv(40));
      emu.reset();
      emu.store.account('acc_acme')!.cardAllowance = 200;
      const before = imported();
      emu.injectFaults([
        { kind: 'slow', delayMs: 300, method: 'POST', path: '/campaigns/cmp_native/cards', times: 40 },
      ]);
      const r = await sh(
        `$CARDQR campaigns import cmp_native ${csv} & pid=$!; sleep 1.5; kill -${sig} $pid; wait $pid; echo "status=$?"`,
      );
      expect(r.stdout.trim(), sig).toBe('status=130');
      expect(r.stderr, sig).toContain(`interrupted (SIG${sig}): finishing the request in flight`);
      expect(r.stderr.match(/cardqr campaigns import cmp_native .* --resume/g), sig).toHaveLength(1); // said once
      expect(r.stderr, sig).toMatch(/to resume: cardqr campaigns import cmp_native .* --resume/);
      const report = readFileSync(`${csv}.report.ndjson`, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => JSON.parse(l));
      const created = imported() - before;
      expect(report.filter((x) => x.outcome === 'created').length, sig).toBe(created); // nothing in flight was lost
      expect(created, sig).toBeGreaterThan(0);
    }
  });
});

describe('input that cannot be read twice', () => {
  it('<(cat f) and /dev/stdin are spooled to a private file: every row is imported', async () => {
    const dir = tempDir();
    const csv = join(dir, 'p.csv');
    writeFileSync(csv, partnersCsv(5));
    const before = imported();
    const sub = await sh(`exec $CARDQR campaigns import cmp_native <(cat ${csv}) --report ${dir}/sub.ndjson`);
    expect([sub.code, sub.stderr]).toEqual([0, expect.stringMatching(/created\D+5/)]);
    expect(imported() - before).toBe(5);
    emu.reset();
    const stdin = await sh(`cat ${csv} | $CARDQR campaigns import cmp_native /dev/stdin --report ${dir}/stdin.ndjson`);
    expect([stdin.code, stdin.stderr]).toEqual([0, expect.stringMatching(/created\D+5/)]);
    expect(imported() - before).toBe(5);
    expect(readdirSync(dir).sort()).toEqual(['p.csv', 'stdin.ndjson', 'sub.ndjson']);
    // Without --report the default (<file>.report.ndjson) would sit beside the pipe (/dev/fd/63.report.ndjson).
    const noReport = await sh(`exec $CARDQR campaigns import cmp_native <(cat ${csv})`);
    expect(noReport.code).toBe(2);
    expect(errorLines(noReport.stderr)).toEqual([
      expect.stringMatching(/^error: \/dev\/fd\/\d+ is a pipe: pass --report <file>/),
    ]);
  });

  it('a FIFO: read when its writer comes; with no writer, SIGTERM still stops the run at once', async () => {
    const dir = tempDir();
    const csv = join(dir, 'p.csv');
    writeFileSync(csv, partnersCsv(3));
    const fifo = join(dir, 'in.fifo');
    const r = await sh(
      `mkfifo ${fifo}; (sleep 1; cat ${csv} > ${fifo}) & exec $CARDQR campaigns import cmp_native ${fifo} --report ${dir}/r.ndjson`,
    );
    expect([r.code, r.stderr]).toEqual([0, expect.stringMatching(/created\D+3/)]);
    const fifo2 = join(dir, 'nobody.fifo');
    const stuck = await sh(
      `mkfifo ${fifo2}; $CARDQR campaigns import cmp_native ${fifo2} --report ${dir}/r2.ndjson & pid=$!; sleep 1.5; kill -TERM $pid; wait $pid; echo "status=$?"`,
      {},
      15_000,
    );
    expect(stuck.stdout.trim()).toBe('status=130');
    expect(stuck.stderr).toContain('interrupted while reading the input; nothing was sent');
    expect(emu.requests({ method: 'POST' }).filter((q) => q.path.includes('cmp_native')).length).toBe(3);
  });

  it('a terminal or device as the CSV is refused with one line (exit 2)', async () => {
    const r = await sh('exec $CARDQR campaigns import cmp_native /dev/zero --validate-only');
    expect(r.code).toBe(2);
    expect(errorLines(r.stderr)).toEqual([
      'error: /dev/zero is a terminal or device: give a CSV file (or a pipe such as <(command))',
    ]);
  });
});

describe('a build that is missing', () => {
  it('bin/cardqr without dist/ prints one line and exits 1', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'bin'));
    for (const f of ['cardqr', 'start.cjs', 'package.json'])
      writeFileSync(join(dir, 'bin', f), readFileSync(join(BIN, '..', f)));
    const r = await sh(`exec ${process.execPath} ${dir}/bin/cardqr me`);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('this installation has no build (dist/cli.js is missing)'),
    ]);
  });

  it('an installation missing one chunk, or with a damaged entry, is one line naming it (a stack only with --verbose), exit 1', async () => {
    const dir = tempDir();
    cpSync(join(BIN, '..'), join(dir, 'bin'), { recursive: true });
    cpSync(join(BIN, '..', '..', 'dist'), join(dir, 'dist'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), readFileSync(join(BIN, '..', '..', 'package.json')));
    const cli = readFileSync(join(dir, 'dist', 'cli.js'), 'utf8');
    const chunk = /from "\.\/(chunk-\w+\.js)"/.exec(cli)![1];
    rmSync(join(dir, 'dist', chunk));
    const missing = await sh(`exec ${process.execPath} ${dir}/bin/cardqr me`);
    expect([missing.code, missing.stderr]).toEqual([
      1,
      `cardqr: this installation is incomplete (${join(dir, 'dist', chunk)} is missing): reinstall the package\n`,
    ]);
    writeFileSync(join(dir, 'dist', 'cli.js'), 'syntax(');
    const damaged = await sh(`exec ${process.execPath} ${dir}/bin/cardqr me`);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^cardqr: could not load its build \(.+\): reinstall the package$/),
    ]);
    const verbose = await sh(`exec ${process.execPath} ${dir}/bin/cardqr me --verbose`);
    expect(verbose.stderr).toMatch(/^cardqr: could not load its build .*\n(SyntaxError|.*\n).*/);
    expect(verbose.stderr.split('\n').length).toBeGreaterThan(2);
  });
});
