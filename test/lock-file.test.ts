// Lock files: one run per report/state file; stale locks of dead processes taken over, exactly once.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { UsageError } from '../src/errors.js';
import { acquireLock, processAlive, type LockInfo } from '../src/lock-file.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function lockPath(): string {
  const d = mkdtempSync(join(tmpdir(), 'cardqr-lock-'));
  dirs.push(d);
  return join(d, 'report.ndjson.lock');
}

const NOW = new Date('2026-11-23T10:00:00.000Z');
const seen: Array<LockInfo | 'unreadable'> = [];
const busy = (path: string, holder: LockInfo | 'unreadable') => {
  seen.push(holder);
  return new UsageError(`busy: ${path}`);
};
afterEach(() => {
  seen.length = 0;
});

/** Far above any pid_max (Linux caps it at 2^22): no process has it. */
const DEAD_PID = 99_999_999;

describe('acquireLock', () => {
  test('creates the lock with its owner, private to the user; release removes it', async () => {
    const path = lockPath();
    const lock = await acquireLock(path, NOW, busy);
    const written = JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
    expect(written).toMatchObject({ pid: process.pid, host: hostname(), startedAt: NOW.toISOString() });
    expect(lock.info).toMatchObject(written);
    expect(lock.tookOver).toBeUndefined();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    await lock.release();
    expect(existsSync(path)).toBe(false);
  });

  test('a second run is refused while the first holds the lock, and gets it once released', async () => {
    const path = lockPath();
    const first = await acquireLock(path, NOW, busy);
    await expect(acquireLock(path, NOW, busy)).rejects.toThrow(`busy: ${path}`);
    expect(seen).toEqual([expect.objectContaining({ pid: process.pid, host: hostname() })]);
    await first.release();
    const second = await acquireLock(path, NOW, busy);
    await second.release();
  });

  test('a lock left by a process that is gone is taken over, and reported', async () => {
    const path = lockPath();
    const stale = { pid: DEAD_PID, host: hostname(), startedAt: '2026-11-01T00:00:00.000Z' };
    writeFileSync(path, JSON.stringify(stale));
    const lock = await acquireLock(path, NOW, busy);
    expect(lock.tookOver).toMatchObject(stale);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  test('eight runs finding the same stale lock, twenty times over: exactly one wins each time', async () => {
    for (let round = 0; round < 20; round++) {
      const path = lockPath();
      writeFileSync(path, JSON.stringify({ pid: DEAD_PID, host: hostname(), startedAt: '2026-11-01T00:00:00.000Z' }));
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => acquireLock(path, NOW, busy)));
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won.length, `round ${round}`).toBe(1);
      expect(await won[0].value.stillHeld()).toBe(true);
      await won[0].value.release();
      expect(existsSync(`${path}.takeover`)).toBe(false);
    }
  });

  test('a takeover guard left by a run killed mid-way is removed once old, and the next run takes over', async () => {
    const path = lockPath();
    writeFileSync(path, JSON.stringify({ pid: DEAD_PID, host: hostname(), startedAt: '2026-11-01T00:00:00.000Z' }));
    writeFileSync(`${path}.takeover`, '');
    await expect(acquireLock(path, NOW, busy)).rejects.toThrow('busy'); // a fresh guard: someone is at it
    const old = new Date(statSync(`${path}.takeover`).mtimeMs - 60_000);
    utimesSync(`${path}.takeover`, old, old);
    await expect(acquireLock(path, NOW, busy)).rejects.toThrow('busy'); // the old guard is cleared on the way
    const lock = await acquireLock(path, NOW, busy);
    await lock.release();
    expect(existsSync(`${path}.takeover`)).toBe(false);
  });

  test('two runs finding the same stale lock: exactly one wins', async () => {
    const path = lockPath();
    writeFileSync(path, JSON.stringify({ pid: DEAD_PID, host: hostname(), startedAt: '2026-11-01T00:00:00.000Z' }));
    const results = await Promise.allSettled([
      acquireLock(path, NOW, busy),
      acquireLock(path, NOW, busy),
      acquireLock(path, NOW, busy),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won.length).toBe(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([
      expect.stringContaining('busy'),
      expect.stringContaining('busy'),
    ]);
    await won[0].value.release();
    expect(existsSync(path)).toBe(false);
  });

  test('a lock from another host is never taken over, even with a pid that is dead here', async () => {
    const path = lockPath();
    const other = { pid: DEAD_PID, host: `not-${hostname()}`, startedAt: '2026-11-01T00:00:00.000Z' };
    writeFileSync(path, JSON.stringify(other));
    await expect(acquireLock(path, NOW, busy)).rejects.toThrow('busy');
    expect(seen).toEqual([expect.objectContaining(other)]);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject(other);
  });

  test('a lock without a readable owner is being written: refused while fresh, taken over once old', async () => {
    const path = lockPath();
    writeFileSync(path, '{"pid": 12'); // a run killed (or still) mid-write
    await expect(acquireLock(path, NOW, busy)).rejects.toThrow('busy');
    expect(seen).toEqual(['unreadable']);
    // Ages are read on the file system's clock (the process's may be stepped or faked): a minute before its own.
    const old = new Date(statSync(path).mtimeMs - 60_000);
    utimesSync(path, old, old);
    const lock = await acquireLock(path, NOW, busy);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  test('a lock without a readable owner dated an hour ahead (the clock stepped back since) is taken over', async () => {
    const path = lockPath();
    writeFileSync(path, '{"pid": 12');
    const ahead = new Date(statSync(path).mtimeMs + 3_600_000);
    utimesSync(path, ahead, ahead);
    const lock = await acquireLock(path, NOW, busy);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  test('release leaves alone a lock that is no longer ours', async () => {
    const path = lockPath();
    const lock = await acquireLock(path, NOW, busy);
    const someoneElse = { pid: process.pid, host: hostname(), startedAt: '2026-11-23T11:00:00.000Z' };
    writeFileSync(path, JSON.stringify(someoneElse));
    await lock.release();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject(someoneElse);
  });

  test('a lock that cannot be created is a usage error naming the file', async () => {
    const path = join(lockPath(), '..', 'missing', 'x.lock');
    const err = await acquireLock(path, NOW, busy).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toContain('cannot create the lock file');
    expect((err as Error).message).toContain('ENOENT');
  });
});

describe('processAlive', () => {
  test('this process is alive; a pid no process can have is not', () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(DEAD_PID)).toBe(false);
  });
});
