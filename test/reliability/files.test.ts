// Files written only where asked, never destroyed: --out repeated / symlinked / a FIFO / a directory,
// planted symlinks at the spool, state temporary and report paths, the temp-file sweep, the config
// directory's mode, the profile store under concurrency and a file size limit, state and reports bound
// to one API and account, import keys bound to one report, locks left by a container's PID 1.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/index.js';
import { partnersCsv, readReportLines } from '../jobs/import/_files.js';
import { ensureFreshBuild, spawnCli } from '../helpers/built-cli.js';
import { seededRandom, useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { addLeads } from '../helpers/records.js';
import { useCounters } from './_support.js';

const counts = useCounters('files');
const emu = useEmulator();

const ids = (text: string): string[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { id: string }).id);
const exp = (args: string[], opts: Parameters<typeof runCli>[1] = {}) => {
  counts.fileSystem++;
  return runCli(['leads', 'export', ...args], { emu, ...opts });
};
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid as number;

describe('--out never destroys', () => {
  it('a repeated --out (ndjson) adds the new leads after the ones it held, and keeps the file mode 0600', async () => {
    const dir = tempDir();
    const [state, out] = [join(dir, 's.json'), join(dir, 'leads.ndjson')];
    writeFileSync(out, '');
    chmodSync(out, 0o600);
    const first = await exp(['--state', state, '--out', out]);
    expect(first.exitCode).toBe(0);
    const held = ids(readFileSync(out, 'utf8'));
    expect(held.length).toBeGreaterThan(5);
    const added = addLeads(emu, 3, 'again');
    const second = await exp(['--state', state, '--out', out]);
    expect(second.exitCode).toBe(0);
    expect(ids(readFileSync(out, 'utf8'))).toEqual([...held, ...added.map((l) => l.id)]);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const none = await exp(['--state', state, '--out', out]); // nothing new: the file stays as it is
    expect([none.exitCode, ids(readFileSync(out, 'utf8')).length]).toEqual([0, held.length + 3]);
  });

  it('csv: the header once, rows added; -o json refuses a non-empty file (exit 2) and the state does not move', async () => {
    const dir = tempDir();
    const [state, out] = [join(dir, 's.json'), join(dir, 'leads.csv')];
    expect((await exp(['-o', 'csv', '--state', state, '--out', out])).exitCode).toBe(0);
    const rows = readFileSync(out, 'utf8').trim().split('\n').length;
    addLeads(emu, 2, 'csv');
    expect((await exp(['-o', 'csv', '--state', state, '--out', out])).exitCode).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(rows + 2);
    expect(lines.filter((l) => l.startsWith('id,')).length).toBe(1);

    const jstate = join(dir, 'j.json');
    const jout = join(dir, 'leads.json');
    expect((await exp(['-o', 'json', '--state', jstate, '--out', jout])).exitCode).toBe(0);
    const [stateBefore, outBefore] = [readFileSync(jstate, 'utf8'), readFileSync(jout, 'utf8')];
    addLeads(emu, 1, 'json');
    emu.clearRequests();
    const again = await exp(['-o', 'json', '--state', jstate, '--out', jout]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toContain('-o json cannot add to a JSON array');
    expect([readFileSync(jstate, 'utf8'), readFileSync(jout, 'utf8')]).toEqual([stateBefore, outBefore]);
    expect(emu.requests()).toEqual([]);
    // vCards are added to a vCard file too.
    const [vstate, vout] = [join(dir, 'v.json'), join(dir, 'leads.vcf')];
    expect((await exp(['-o', 'vcf', '--state', vstate, '--out', vout])).exitCode).toBe(0);
    const cards = (readFileSync(vout, 'utf8').match(/^BEGIN:VCARD/gm) ?? []).length;
    emu.advanceTime(600_000); // newer than every lead the state has seen
    addLeads(emu, 2, 'vcf');
    expect((await exp(['-o', 'vcf', '--state', vstate, '--out', vout])).exitCode).toBe(0);
    expect((readFileSync(vout, 'utf8').match(/^BEGIN:VCARD/gm) ?? []).length).toBe(cards + 2);
    // A file that is not this kind of export is refused too, never replaced.
    writeFileSync(join(dir, 'notes.txt'), 'my notes\n');
    const notes = await exp(['--state', join(dir, 'n.json'), '--out', join(dir, 'notes.txt')]);
    expect([notes.exitCode, readFileSync(join(dir, 'notes.txt'), 'utf8')]).toEqual([2, 'my notes\n']);
  });

  it('a symlink is written through (the link stays a link); a FIFO is written like `>`; a directory is refused', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'real'));
    symlinkSync(join(dir, 'real', 'leads.ndjson'), join(dir, 'link.ndjson'));
    writeFileSync(join(dir, 'real', 'leads.ndjson'), '');
    const viaLink = await exp(['--state', join(dir, 's1'), '--out', join(dir, 'link.ndjson')]);
    expect(viaLink.exitCode).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['link.ndjson', 'real', 's1']);
    expect(ids(readFileSync(join(dir, 'real', 'leads.ndjson'), 'utf8')).length).toBeGreaterThan(5);
    const fifo = join(dir, 'pipe');
    spawnSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
    let got = '';
    reader.stdout.on('data', (c) => (got += c));
    const done = new Promise((r) => reader.on('close', r));
    const viaFifo = await exp(['--state', join(dir, 's2'), '--out', fifo]);
    await done;
    expect(viaFifo.exitCode).toBe(0);
    expect(ids(got).length).toBeGreaterThan(5);
    expect(statSync(fifo).isFIFO()).toBe(true);
    const intoDir = await exp(['--state', join(dir, 's3'), '--out', join(dir, 'real')]);
    expect([intoDir.exitCode, intoDir.stderr]).toEqual([2, expect.stringContaining('is a directory')]);
  });

  it("--state '' is a usage error before any request", async () => {
    emu.clearRequests();
    const r = await exp(['--state', '']);
    expect([r.exitCode, r.stderr]).toEqual([
      2,
      'error: --state needs a file name (it keeps where the last export stopped)\n',
    ]);
    expect(emu.requests()).toEqual([]);
  });
});

describe('files are written only where asked', () => {
  it('planted symlinks at <state>.spool and <state>.tmp are not followed onto another file', async () => {
    const dir = tempDir();
    const state = join(dir, 's.json');
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, `${state}.spool`);
    symlinkSync(victim, `${state}.tmp`);
    const r = await exp(['--state', state, '--out', join(dir, 'o.ndjson')]);
    expect(r.exitCode).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(JSON.parse(readFileSync(state, 'utf8')).cursor).not.toBeNull();
  });

  it('a symlink at the report path is refused, and the file it points to is untouched', async () => {
    const dir = tempDir();
    const csv = join(dir, 'p.csv');
    writeFileSync(csv, partnersCsv(2));
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, `${csv}.report.ndjson`);
    counts.fileSystem++;
    const r = await runCli(['campaigns', 'import', 'cmp_native', csv], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('is a symbolic link; refusing to follow it');
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(emu.requests({ method: 'POST' })).toEqual([]);
  });

  it('a FIFO at the report or the --rejects path is refused (never renamed over), and nothing is sent', async () => {
    const dir = tempDir();
    const csv = join(dir, 'p.csv');
    writeFileSync(csv, partnersCsv(2));
    const fifo = join(dir, 'pipe');
    spawnSync('mkfifo', [fifo]);
    counts.fileSystem += 2;
    const report = await runCli(['campaigns', 'import', 'cmp_native', csv, '--report', fifo], { emu });
    expect([report.exitCode, report.stderr]).toEqual([2, expect.stringContaining('is not a regular file')]);
    const rejects = await runCli(['campaigns', 'import', 'cmp_native', csv, '--rejects', fifo], { emu });
    expect([rejects.exitCode, rejects.stderr]).toEqual([2, expect.stringContaining('is not a regular file')]);
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(emu.requests({ method: 'POST' })).toEqual([]);
  });

  it("the temp sweep removes only cardqr's own leftovers: thesis.docx.31337.0123456789ab.tmp survives", async () => {
    const dir = tempDir();
    const out = join(dir, 'leads.ndjson');
    const thesis = join(dir, 'thesis.docx.31337.0123456789ab.tmp');
    const lookalike = join(dir, `leads.ndjson.${deadPid()}.0123456789ab.tmp`);
    const ours = join(dir, `.leads.ndjson.cardqr-${deadPid()}-0123456789abcdef.tmp`);
    for (const f of [thesis, lookalike, ours]) writeFileSync(f, 'x');
    const r = await exp(['--state', join(dir, 's.json'), '--out', out]);
    expect(r.exitCode).toBe(0);
    expect([existsSync(thesis), existsSync(lookalike), existsSync(ours)]).toEqual([true, true, false]);
  });

  it('CARDQR_CONFIG_DIR pointing at an existing directory keeps its mode (a 1777 directory keeps its sticky bit)', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o1777);
    counts.fileSystem++;
    const r = await runCli(['profiles', 'add', 'p', '--base-url', emu.baseUrl, '--api-key-stdin', '--no-verify'], {
      configDir: dir,
      stdin: 'k1',
    });
    expect(r.exitCode).toBe(0);
    expect(statSync(dir).mode & 0o7777).toBe(0o1777);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });
});

describe('the profile store survives concurrency and a full disk', () => {
  beforeAll(async () => {
    await ensureFreshBuild();
  }, 300_000);

  const shell = async (script: string, config: string) => {
    const r = await spawnCli([], { shell: script, env: { CARDQR_CONFIG_DIR: config }, stdin: null }).done;
    counts.fileSystem++;
    return r;
  };

  it('20 parallel `profiles add` keep all 20', async () => {
    const config = tempDir();
    const r = await shell(
      'for i in $(seq 1 20); do echo key$i | $CARDQR profiles add p$i --base-url https://api.example.com/v1 --api-key-stdin --no-verify & done; wait',
      config,
    );
    expect(r.code).toBe(0);
    expect(r.stderr.split('\n').filter((l) => l && !l.startsWith('saved profile'))).toEqual([]);
    const stored = JSON.parse(readFileSync(join(config, 'config.json'), 'utf8'));
    expect(Object.keys(stored.profiles).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `p${i + 1}`).sort());
    expect(readdirSync(config)).toEqual(['config.json']); // no lock, no temporary file left
  }, 120_000);

  it('a save that cannot be written completely (ulimit -f) fails with one line and leaves config.json as it was', async () => {
    const config = tempDir();
    const many = Array.from(
      { length: 30 },
      (_, i) =>
        `echo key-number-${i}-${'x'.repeat(40)} | $CARDQR profiles add profile-${i} --base-url https://api.example.com/v1 --api-key-stdin --no-verify 2>/dev/null`,
    ).join('; ');
    await shell(many, config);
    const before = readFileSync(join(config, 'config.json'), 'utf8');
    expect(before.length).toBeGreaterThan(4096);
    const limited = await shell(
      'ulimit -f 4; echo k | exec $CARDQR profiles add and-another --base-url https://api.example.com/v1 --api-key-stdin --no-verify',
      config,
    );
    expect(limited.code).toBe(1);
    expect(limited.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^error: cannot write the profile store .*config\.json: EFBIG/),
    ]);
    const after = JSON.parse(readFileSync(join(config, 'config.json'), 'utf8'));
    expect(Object.keys(after.profiles)).toHaveLength(30);
    expect(readFileSync(join(config, 'config.json'), 'utf8')).toBe(before);
    expect(after.profiles['and-another']).toBeUndefined();
    expect(readdirSync(config)).toEqual(['config.json']);
  }, 60_000);
});

describe('state and reports belong to one API and one account', () => {
  let other: Emulator;
  beforeAll(async () => {
    other = await createEmulator({ port: 0, random: seededRandom(7) });
  });
  afterAll(async () => {
    await other.close();
  });

  it('a state file from another account on the same base URL is refused with what to do; the state is unchanged', async () => {
    const dir = tempDir();
    const state = join(dir, 's.json');
    expect((await exp(['--state', state])).exitCode).toBe(0);
    const saved = JSON.parse(readFileSync(state, 'utf8'));
    expect([saved.baseUrl, saved.accountId]).toEqual([emu.baseUrl, 'acc_acme']);
    writeFileSync(state, JSON.stringify({ ...saved, accountId: 'acc_other' }));
    const before = readFileSync(state, 'utf8');
    const r = await exp(['--state', state]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      `the state file ${state} belongs to account acc_other, but this key is for account acc_acme`,
    );
    expect(r.stderr).toContain('use a new --state file');
    expect(readFileSync(state, 'utf8')).toBe(before);
  });

  it('a report rehearsed against one server is not resumed against another (exit 2, nothing sent there)', async () => {
    const dir = tempDir();
    const csv = join(dir, 'p.csv');
    writeFileSync(csv, partnersCsv(6));
    counts.fileSystem += 2;
    const rehearsal = await runCli(['campaigns', 'import', 'cmp_native', csv, '--max-rows', '2'], { emu });
    expect(rehearsal.exitCode).toBe(0);
    const header = readReportLines(`${csv}.report.ndjson`)[0];
    expect(header).toMatchObject({
      baseUrl: emu.baseUrl,
      accountId: 'acc_acme',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const elsewhere = await runCli(['campaigns', 'import', 'cmp_native', csv, '--resume'], { emu: other });
    expect(elsewhere.exitCode).toBe(2);
    expect(elsewhere.stderr).toContain(
      `cannot resume: ${csv}.report.ndjson records an import into ${emu.baseUrl} (account acc_acme), not ${other.baseUrl} (account acc_acme)`,
    );
    expect(elsewhere.stderr).toContain('pass --report <new file>');
    expect(other.requests({ method: 'POST' })).toEqual([]);
  });

  it("a new --report never replays another run's answers: after the plan is raised, the refused rows are created", async () => {
    const dir = tempDir();
    const csv = join(dir, 'p.csv');
    writeFileSync(csv, partnersCsv(3, 500));
    const acme = emu.store.account('acc_acme')!;
    acme.cardAllowance = emu.store.cardsUsed('acc_acme'); // the plan is full
    counts.fileSystem += 2;
    const refused = await runCli(['campaigns', 'import', 'cmp_native', csv], { emu });
    expect(refused.exitCode).toBe(3);
    expect(
      readReportLines(`${csv}.report.ndjson`)
        .slice(1)
        .map((r) => r.errorCode),
    ).toContain('limit_exhausted_cards');
    acme.cardAllowance += 10; // the plan was raised
    const fresh = await runCli(['campaigns', 'import', 'cmp_native', csv, '--report', join(dir, 'second.ndjson')], {
      emu,
    });
    expect(fresh.exitCode).toBe(0);
    expect(
      readReportLines(join(dir, 'second.ndjson'))
        .slice(1)
        .map((r) => r.outcome),
    ).toEqual(['created', 'created', 'created']);
    expect(emu.store.cards.filter((c) => /^P-050[0-2]$/.test(c.externalId ?? '')).length).toBe(3);
  });
});

describe('locks work in containers', () => {
  const lockOf = (state: string, info: object) =>
    writeFileSync(
      `${state}.lock`,
      JSON.stringify({ host: hostname(), startedAt: '2026-11-20T10:00:00.000Z', ...info }),
    );
  const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  const pid1Start = () => {
    const stat = readFileSync('/proc/1/stat', 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  };

  it("a lock left by a container's PID 1 (kill -9) is recognised as dead and taken over", async () => {
    const dir = tempDir();
    const state = join(dir, 's.json');
    // PID 1 of a container that is gone: same host name and boot, but pid 1 here started at another time.
    lockOf(state, { pid: 1, bootId: bootId(), procStart: String(Number(pid1Start()) + 12345), token: 'aaaa' });
    const r = await exp(['--state', state]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('note: took over a stale lock left by pid 1');
    expect(existsSync(`${state}.lock`)).toBe(false);
  });

  it('a lock from an earlier boot is taken over; a live owner (pid 1 with its real start time) is not', async () => {
    const dir = tempDir();
    const state = join(dir, 's.json');
    lockOf(state, { pid: 1, bootId: '00000000-0000-0000-0000-000000000000', procStart: pid1Start(), token: 'bbbb' });
    expect((await exp(['--state', state])).exitCode).toBe(0);
    lockOf(state, { pid: 1, bootId: bootId(), procStart: pid1Start(), token: 'cccc' });
    const busy = await exp(['--state', state]);
    expect([busy.exitCode, busy.stderr]).toEqual([
      2,
      expect.stringContaining('state file busy: another export (pid 1'),
    ]);
  });

  it('the lock a run writes records what tells it apart: boot id, start time and a random token', async () => {
    const state = join(tempDir(), 's.json');
    const { acquireLock } = await import('../../src/lock-file.js');
    const held = await acquireLock(`${state}.lock`, new Date(), () => new Error('busy') as never);
    const seen = JSON.parse(readFileSync(`${state}.lock`, 'utf8'));
    await held.release();
    expect(seen).toMatchObject({
      pid: process.pid,
      host: hostname(),
      bootId: bootId(),
      procStart: expect.stringMatching(/^\d+$/),
      token: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(existsSync(`${state}.lock`)).toBe(false);
  });
});
