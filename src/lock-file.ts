// Lock files that keep two runs off one file (`<report>.lock` for imports, `<state>.lock` and
// `<out>.lock` for lead exports): created with O_EXCL (open 'wx'), holding {"pid", "host", "startedAt", "bootId",
// "procStart", "token"}; removed when the run ends.
//
// A lock whose process is gone is stale and is taken over: same host and either `kill(pid, 0)` says
// no such process, or the machine rebooted since (another boot id), or the process now holding that
// pid started at another time than the owner did (/proc/<pid>/stat field 22). The last two tell
// processes apart across PID namespaces: a container's PID 1 killed with -9 leaves pid 1 in its lock,
// and pid 1 is alive everywhere. A lock from another host is never taken over (we cannot tell whether its run is
// alive): the message says to delete it by hand. A lock without a readable owner is being written
// right now (refused) or was left by a kill mid-write; past UNREADABLE_STALE_MS it is taken over.
// Takeover renames the stale file aside first (atomic), so when two runs find the same stale lock
// only one of them wins.
import { link, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { UsageError } from './errors.js';
import { writeAll, WriteError } from './fs/durable.js';

export interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
  /** /proc/sys/kernel/random/boot_id (Linux): a lock from an earlier boot is stale. */
  bootId?: string;
  /** The owner's start time in clock ticks since boot (Linux /proc/<pid>/stat field 22). */
  procStart?: string;
  /** Random: tells this run's lock from any other. */
  token?: string;
}

export interface HeldLock {
  path: string;
  info: LockInfo;
  /** The stale lock this run took over, if any. */
  tookOver?: LockInfo;
  /** Whether the lock file is still this run's (a takeover race can, rarely, move it). */
  stillHeld(): Promise<boolean>;
  release(): Promise<void>;
}

const code = (e: unknown) => (e as NodeJS.ErrnoException)?.code;

/** Builds the error for a lock another run holds ('unreadable': a lock without a readable owner). */
export type BusyMessage = (path: string, holder: LockInfo | 'unreadable') => UsageError;

const UNREADABLE_STALE_MS = 10_000;

export async function acquireLock(path: string, now: Date, busy: BusyMessage): Promise<HeldLock> {
  const info: LockInfo = {
    pid: process.pid,
    host: hostname(),
    startedAt: now.toISOString(),
    bootId: bootId(),
    procStart: procStart(process.pid),
    token: randomBytes(8).toString('hex'),
  };
  let tookOver: LockInfo | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fh = await open(path, 'wx', 0o600);
      try {
        await writeAll(fh, JSON.stringify(info) + '\n');
        await fh.sync();
      } catch (e) {
        await fh.close().catch(() => undefined);
        await unlink(path).catch(() => undefined);
        throw new WriteError(`the lock file ${path}`, e);
      }
      await fh.close();
      return { path, info, tookOver, stillHeld: () => stillHeld(path, info), release: () => releaseLock(path, info) };
    } catch (e) {
      if (e instanceof WriteError) throw e;
      if (code(e) !== 'EEXIST')
        throw new UsageError(`cannot create the lock file ${path}: ${code(e) ?? (e as Error).message}`);
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
    if (typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.startedAt === 'string')
      return v as LockInfo;
    return 'unreadable';
  } catch (e) {
    return code(e) === 'ENOENT' ? 'gone' : 'unreadable';
  }
}

async function olderThan(path: string, ms: number): Promise<boolean> {
  try {
    // An mtime is wall clock by nature. One further in the future than the bound (the clock was
    // stepped back since it was written) counts as stale too, or the lock would hold until that date.
    return Math.abs(Date.now() - (await stat(path)).mtimeMs) > ms;
  } catch {
    return false;
  }
}

function isStale(l: LockInfo): boolean {
  if (l.host !== hostname()) return false;
  const boot = bootId();
  if (l.bootId && boot && l.bootId !== boot) return true; // rebooted since: its owner is gone
  const now = procStart(l.pid);
  if (l.procStart && now && now !== l.procStart) return true; // that pid is another process now
  if (l.pid === process.pid) return false; // this very process (or an old lock without a start time)
  return !processAlive(l.pid);
}

let boot: string | undefined | null = null;
function bootId(): string | undefined {
  if (boot === null) {
    try {
      boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
    } catch {
      boot = undefined;
    }
  }
  return boot;
}

/** A process's start time (clock ticks since boot) from /proc/<pid>/stat; undefined off Linux or when gone. */
export function procStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]; // field 22; the name (field 2) may hold spaces
  } catch {
    return undefined;
  }
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

const same = (a: LockInfo, b: LockInfo) =>
  a.pid === b.pid && a.host === b.host && a.startedAt === b.startedAt && a.token === b.token;

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

async function stillHeld(path: string, info: LockInfo): Promise<boolean> {
  const current = await readLock(path);
  return current !== 'gone' && current !== 'unreadable' && same(current, info);
}

async function releaseLock(path: string, info: LockInfo): Promise<void> {
  const current = await readLock(path);
  if (current !== 'gone' && current !== 'unreadable' && same(current, info)) await unlink(path).catch(() => undefined);
}
