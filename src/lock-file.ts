// Lock files that keep two runs off one file (`<report>.lock` for imports, `<state>.lock` for lead
// exports): created with O_EXCL (open 'wx'), holding {"pid", "host", "startedAt"}; removed when the
// run ends.
//
// A lock whose process is gone is stale and is taken over: same host and `kill(pid, 0)` says no
// such process. A lock from another host is never taken over (we cannot tell whether its run is
// alive): the message says to delete it by hand. A lock without a readable owner is being written
// right now (refused) or was left by a kill mid-write; past UNREADABLE_STALE_MS it is taken over.
// Takeover renames the stale file aside first (atomic), so when two runs find the same stale lock
// only one of them wins.
import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { UsageError } from './errors.js';

export interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
}

export interface HeldLock {
  path: string;
  info: LockInfo;
  /** The stale lock this run took over, if any. */
  tookOver?: LockInfo;
  release(): Promise<void>;
}

const code = (e: unknown) => (e as NodeJS.ErrnoException)?.code;

/** Builds the error for a lock another run holds ('unreadable': a lock without a readable owner). */
export type BusyMessage = (path: string, holder: LockInfo | 'unreadable') => UsageError;

const UNREADABLE_STALE_MS = 10_000;

export async function acquireLock(path: string, now: Date, busy: BusyMessage): Promise<HeldLock> {
  const info: LockInfo = { pid: process.pid, host: hostname(), startedAt: now.toISOString() };
  let tookOver: LockInfo | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fh = await open(path, 'wx', 0o600);
      try {
        await fh.writeFile(JSON.stringify(info) + '\n');
        await fh.sync();
      } finally {
        await fh.close();
      }
      return { path, info, tookOver, release: () => releaseLock(path, info) };
    } catch (e) {
      if (code(e) !== 'EEXIST') throw new UsageError(`cannot create the lock file ${path}: ${code(e) ?? (e as Error).message}`);
    }
    const holder = await readLock(path);
    if (holder === 'gone') continue;
    if (holder === 'unreadable') {
      if (!(await olderThan(path, UNREADABLE_STALE_MS))) throw busy(path, holder);
      await unlink(path).catch(() => undefined);
      continue;
    }
    if (!isStale(holder)) throw busy(path, holder);
    if (!(await takeOver(path, holder))) throw busy(path, holder);
    tookOver = holder;
  }
  throw busy(path, 'unreadable');
}

async function readLock(path: string): Promise<LockInfo | 'gone' | 'unreadable'> {
  try {
    const v = JSON.parse(await readFile(path, 'utf8')) as Partial<LockInfo>;
    if (typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.startedAt === 'string') return v as LockInfo;
    return 'unreadable';
  } catch (e) {
    return code(e) === 'ENOENT' ? 'gone' : 'unreadable';
  }
}

async function olderThan(path: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(path)).mtimeMs > ms;
  } catch {
    return false;
  }
}

function isStale(l: LockInfo): boolean {
  return l.host === hostname() && l.pid !== process.pid && !processAlive(l.pid);
}

/** True unless `kill(pid, 0)` says there is no such process (EPERM: it exists, another user's). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return code(e) !== 'ESRCH';
  }
}

const same = (a: LockInfo, b: LockInfo) => a.pid === b.pid && a.host === b.host && a.startedAt === b.startedAt;

/** Moves the stale lock aside; puts back a fresh lock moved by mistake. True when the path is free. */
async function takeOver(path: string, stale: LockInfo): Promise<boolean> {
  const aside = `${path}.stale-${process.pid}-${Date.now()}`;
  try {
    await rename(path, aside);
  } catch (e) {
    return code(e) === 'ENOENT'; // another run removed it first: try to create ours
  }
  const moved = await readLock(aside);
  if (moved !== 'gone' && moved !== 'unreadable' && same(moved, stale)) {
    await unlink(aside).catch(() => undefined);
    return true;
  }
  // Between our read and the rename another run replaced the stale lock with its own: restore it.
  await link(aside, path).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
  return false;
}

async function releaseLock(path: string, info: LockInfo): Promise<void> {
  const current = await readLock(path);
  if (current !== 'gone' && current !== 'unreadable' && same(current, info)) await unlink(path).catch(() => undefined);
}
