// leads export: the lock, a crash between the output and the state update, failures mid-run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';

let afterRequest: ((line: string) => void) | undefined;
const emu = useEmulator({ log: (line) => afterRequest?.(line) });

const ndjsonIds = (text: string): string[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { id: string }).id);

async function addLeads(leads: Array<Record<string, unknown>>): Promise<void> {
  const res = await fetch(`${emu.publicBaseUrl}/_emulator/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ leads }),
  });
  expect(res.status).toBe(200);
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '']);
  return r.pid as number;
}

describe('leads export: the lock', () => {
  it('a second run while the lock is held stops with exit 2 and a clear message, leaving the lock alone', async () => {
    const dir = tempDir();
    const statePath = join(dir, 'leads.state');
    const lock = { pid: process.pid, host: hostname(), startedAt: '2026-11-22T10:00:00.000Z' };
    writeFileSync(`${statePath}.lock`, JSON.stringify(lock));
    const r = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect([r.exitCode, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain(
      `error: state file busy: another export (pid ${process.pid} on ${hostname()}, started 2026-11-22T10:00:00.000Z) holds ${statePath}.lock`,
    );
    expect(emu.requests()).toEqual([]);
    expect(JSON.parse(readFileSync(`${statePath}.lock`, 'utf8'))).toEqual(lock);
    expect(existsSync(statePath)).toBe(false);
  });

  it('a lock from another host, or one that cannot be read, is never taken over', async () => {
    const statePath = join(tempDir(), 'leads.state');
    writeFileSync(
      `${statePath}.lock`,
      JSON.stringify({ pid: deadPid(), host: 'other-host.example', startedAt: '2026-11-22T10:00:00.000Z' }),
    );
    const other = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toContain('on other-host.example');
    writeFileSync(`${statePath}.lock`, '');
    const empty = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toContain('exists but cannot be read');
  });

  it('a stale lock left by a dead process is taken over, with a note', async () => {
    const dir = tempDir();
    const statePath = join(dir, 'leads.state');
    const pid = deadPid();
    writeFileSync(
      `${statePath}.lock`,
      JSON.stringify({ pid, host: hostname(), startedAt: '2026-11-22T10:00:00.000Z' }),
    );
    const r = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect(r.exitCode).toBe(0);
    expect(ndjsonIds(r.stdout)).toHaveLength(30);
    expect(r.stderr).toContain(`note: took over a stale lock left by pid ${pid}`);
    expect(readdirSync(dir)).toEqual(['leads.state']);
  });

  it('a held <out>.lock stops a run with another state file: exit 2, the file and the state unchanged', async () => {
    const dir = tempDir();
    const [statePath, out] = [join(dir, 'leads.state'), join(dir, 'out.ndjson')];
    expect((await runCli(['leads', 'export', '--state', statePath, '--out', out], { emu })).exitCode).toBe(0);
    const [fileBefore, stateBefore] = [readFileSync(out, 'utf8'), readFileSync(statePath, 'utf8')];
    await addLeads([
      { id: 'lead_new', cardId: 'crd_zoe', source: 'form', createdAt: new Date(emu.now()).toISOString() },
    ]);
    const lock = { pid: process.pid, host: hostname(), startedAt: '2026-11-22T10:00:00.000Z' };
    writeFileSync(`${out}.lock`, JSON.stringify(lock));
    const r = await runCli(['leads', 'export', '--state', statePath, '--out', out], { emu });
    expect([r.exitCode, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain(
      `error: --out ${out} busy: another export (pid ${process.pid} on ${hostname()}, started 2026-11-22T10:00:00.000Z) holds ${out}.lock`,
    );
    expect(r.stderr).toContain('nothing was exported and the state file is unchanged');
    expect(readFileSync(out, 'utf8')).toBe(fileBefore);
    expect(readFileSync(statePath, 'utf8')).toBe(stateBefore);
    expect(JSON.parse(readFileSync(`${out}.lock`, 'utf8'))).toEqual(lock);
    expect(existsSync(`${statePath}.lock`)).toBe(false);
  });

  it("two exports with different state files and one --out: the file keeps both runs' leads", async () => {
    const dir = tempDir();
    const out = join(dir, 'out.ndjson');
    const [a, b] = [join(dir, 'a.state'), join(dir, 'b.state')];
    // The second starts while the first pages: the file does not exist yet when it checks --out.
    let second: ReturnType<typeof runCli> | undefined;
    afterRequest = (line) => {
      if (!second && line.startsWith('GET /v1/leads?'))
        second = runCli(['leads', 'export', '--state', b, '--out', out], { emu });
    };
    let first;
    try {
      first = await runCli(['leads', 'export', '--state', a, '--out', out], { emu });
    } finally {
      afterRequest = undefined;
    }
    const other = await second!;
    expect(first.exitCode).toBe(0);
    // Either it wrote after the first (adding to the file) or it found the file being written (exit 2,
    // state not saved, so a later run exports the same leads): never the last rename wins.
    expect([0, 2]).toContain(other.exitCode);
    if (other.exitCode === 2) {
      expect(other.stderr).toContain(`--out ${out} busy`);
      expect(existsSync(b)).toBe(false);
      expect((await runCli(['leads', 'export', '--state', b, '--out', out], { emu })).exitCode).toBe(0);
    }
    const ids = ndjsonIds(readFileSync(out, 'utf8'));
    expect([ids.length, new Set(ids).size]).toEqual([60, 30]); // each run's 30 leads, none lost
    expect(readdirSync(dir).sort()).toEqual(['a.state', 'b.state', 'out.ndjson']);
  });

  it('a stale <out>.lock left by a dead process is taken over, with a note', async () => {
    const dir = tempDir();
    const [statePath, out] = [join(dir, 'leads.state'), join(dir, 'out.ndjson')];
    const pid = deadPid();
    writeFileSync(`${out}.lock`, JSON.stringify({ pid, host: hostname(), startedAt: '2026-11-22T10:00:00.000Z' }));
    const r = await runCli(['leads', 'export', '--state', statePath, '--out', out], { emu });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain(`note: took over a stale lock left by pid ${pid}`);
    expect(ndjsonIds(readFileSync(out, 'utf8'))).toHaveLength(30);
    expect(readdirSync(dir).sort()).toEqual(['leads.state', 'out.ndjson']);
  });

  it('the lock exists while the run pages, holding this pid, and is gone afterwards', async () => {
    const statePath = join(tempDir(), 'leads.state');
    let seen: unknown;
    afterRequest = () => {
      seen ??= JSON.parse(readFileSync(`${statePath}.lock`, 'utf8'));
    };
    try {
      expect((await runCli(['leads', 'export', '--state', statePath], { emu })).exitCode).toBe(0);
    } finally {
      afterRequest = undefined;
    }
    expect(seen).toMatchObject({ pid: process.pid, host: hostname() });
    expect(existsSync(`${statePath}.lock`)).toBe(false);
  });
});

describe('leads export: crashes and failures lose nothing', () => {
  it('output written but the state update fails: exit 1, and the next run exports the same leads again', async () => {
    const dir = tempDir();
    const statePath = join(dir, 'leads.state');
    const out = join(dir, 'out.ndjson');
    const [out2, out3] = [join(dir, 'out2.ndjson'), join(dir, 'out3.ndjson')];
    expect((await runCli(['leads', 'export', '--state', statePath, '--out', out], { emu })).exitCode).toBe(0);
    const before = readFileSync(statePath, 'utf8');
    const newest = JSON.parse(before).cursor.createdAt as string;
    await addLeads([
      { id: 'lead_x1', cardId: 'crd_zoe', source: 'form', createdAt: newest },
      { id: 'lead_x2', cardId: 'crd_zoe', source: 'manual', createdAt: new Date(emu.now()).toISOString() },
    ]);
    // The state is written to a temporary file and renamed over <state>; a non-empty directory put in
    // its place while the leads are paged makes that rename fail after the output is complete: the
    // same situation as a run killed between the two steps.
    let once = true;
    afterRequest = (line) => {
      if (!once || !line.startsWith('GET /v1/leads?')) return;
      once = false;
      renameSync(statePath, `${statePath}.saved`);
      mkdirSync(`${statePath}/blocker`, { recursive: true });
    };
    let crashed;
    try {
      crashed = await runCli(['leads', 'export', '--state', statePath, '--out', out2], { emu });
    } finally {
      afterRequest = undefined;
    }
    rmSync(statePath, { recursive: true });
    renameSync(`${statePath}.saved`, statePath);
    expect(crashed.exitCode).toBe(1);
    expect(crashed.stderr).toContain(
      `2 leads were written to ${out2}, but the state file ${statePath} could not be updated`,
    );
    expect(crashed.stderr).toContain('the next run exports these leads again (nothing is lost)');
    expect(ndjsonIds(readFileSync(out2, 'utf8'))).toEqual(['lead_x1', 'lead_x2']);
    expect(readFileSync(statePath, 'utf8')).toBe(before);
    expect(existsSync(`${statePath}.lock`)).toBe(false);

    const retry = await runCli(['leads', 'export', '--state', statePath, '--out', out3], { emu });
    expect(retry.exitCode).toBe(0);
    expect(ndjsonIds(readFileSync(out3, 'utf8'))).toEqual(['lead_x1', 'lead_x2']);
    const after = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect([after.exitCode, after.stdout]).toEqual([0, '']);
  });

  it('a failure while paging leaves the previous output file, the state and no lock or temp files', async () => {
    const dir = tempDir();
    const statePath = join(dir, 'leads.state');
    const out = join(dir, 'out.ndjson');
    const previous = '{"id":"lead_previous","createdAt":"2026-11-01T00:00:00.000Z"}\n'; // a line the export writes
    writeFileSync(out, previous);
    let armed = true;
    afterRequest = (line) => {
      // after page 1: page 2 fails twice (the first try and the one retry)
      if (!armed || !line.startsWith('GET /v1/leads?')) return;
      emu.injectFaults([{ kind: '500', path: '/leads', times: 2 }]);
      armed = false;
    };
    await addLeads(
      Array.from({ length: 150 }, (_, i) => ({
        id: `lead_p${i}`,
        cardId: 'crd_amelie',
        source: 'form',
        createdAt: new Date(emu.now() - 86_400_000 * 5 + i * 1000).toISOString(),
      })),
    );
    let r;
    try {
      r = await runCli(['--max-retries', '1', 'leads', 'export', '--state', statePath, '--out', out], { emu });
    } finally {
      afterRequest = undefined;
    }
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('internal_error (500)');
    expect(readFileSync(out, 'utf8')).toBe(previous);
    expect(readdirSync(dir).sort()).toEqual(['out.ndjson']);
    const next = await runCli(['leads', 'export', '--state', statePath, '--out', out], { emu });
    expect(next.exitCode).toBe(0);
    const ids = ndjsonIds(readFileSync(out, 'utf8'));
    expect([ids.length, ids[0]]).toEqual([181, 'lead_previous']); // added after what the file held
  });

  it('Ctrl-C while paging: exit 130, nothing written, state unchanged, lock released', async () => {
    const dir = tempDir();
    const statePath = join(dir, 'leads.state');
    await addLeads(
      Array.from({ length: 150 }, (_, i) => ({
        id: `lead_c${i}`,
        cardId: 'crd_amelie',
        source: 'form',
        createdAt: new Date(emu.now() - 86_400_000 + i * 1000).toISOString(),
      })),
    );
    let interrupt!: () => void;
    const interrupted = new Promise<void>((resolve) => (interrupt = resolve));
    afterRequest = (line) => line.startsWith('GET /v1/leads?') && interrupt();
    let r;
    try {
      r = await runCli(['leads', 'export', '--state', statePath], { emu, interruptAfter: interrupted });
    } finally {
      afterRequest = undefined;
    }
    expect(r.exitCode).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('interrupted: nothing was exported and the state file is unchanged');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('exit 2 for a state file that is not ours or belongs to another API', async () => {
    const dir = tempDir();
    const statePath = join(dir, 'leads.state');
    writeFileSync(statePath, 'not json');
    const bad = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('is not a cardqr export state (not JSON)');
    writeFileSync(
      statePath,
      JSON.stringify({ version: 1, baseUrl: 'https://api.example.com/v1', cursor: null, lastRun: null }),
    );
    const other = await runCli(['leads', 'export', '--state', statePath], { emu });
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toContain('belongs to https://api.example.com/v1');
    const outDir = await runCli(['leads', 'export', '--state', join(dir, 'fresh.state'), '--out', dir], { emu });
    expect(outDir.exitCode).toBe(2);
    expect(outDir.stderr).toContain('is a directory');
    const nodir = await runCli(['leads', 'export', '--state', join(dir, 'missing', 'state')], { emu });
    expect(nodir.exitCode).toBe(2);
    expect(nodir.stderr).toContain('cannot create the lock file');
    expect(emu.requests()).toEqual([]);
  });
});
