// Lock files that keep two runs off one file (`<report>.lock` for imports, `<state>.lock` and
// `<out>.lock` for lead exports, each at the file's real path: `lockPathFor`, src/fs/real-path.ts, so
// every name of a file meets one lock): created with O_EXCL (open 'wx'), holding {"pid", "host", "startedAt", "bootId",
// "procStart", "token"}; removed when the run ends.
//
// A lock whose process is gone is stale and is taken over: same host and either `kill(pid, 0)` says
// no such process, or the machine rebooted since (another boot id), or the process now holding that
// pid started at another time than the owner did (/proc/<pid>/stat field 22). The last two tell
// processes apart across PID namespaces: a container's PID 1 killed with -9 leaves pid 1 in its lock,
// and pid 1 is alive everywhere. A lock from another host is never taken over (we cannot tell whether its run is
// alive): the message says to delete it by hand. A lock without a readable owner is being written
// right now (refused) or was left by a kill mid-write; past UNREADABLE_STALE_MS it is taken over.
// Takers of a stale lock are serialised by `<path>.takeover` (O_EXCL), and the new lock is created with
// O_EXCL, so when several runs find the same stale lock exactly one of them wins.
import { open, readFile, stat, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { UsageError } from './errors.js';
import { writeAll, WriteError } from './fs/durable.js';
const { readFileSync } = process.getBuiltinModule('node:fs');

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

/**
 * The one wording of a lock another run holds: `<what> busy: <holder> (pid …) holds <lock>`, what
 * stays as it was, and when the lock may be deleted. `holderIs` names the other run ("another
 * import"); `unchanged` says what this refusal left alone.
 */
export function busyMessage(what: string, holderIs: string, unchanged: string[] = []): BusyMessage {
  const kind = holderIs.replace(/^(another|an?) /, '');
  return (path, holder) => {
    if (holder === 'unreadable') {
      return new UsageError(`${what} busy: the lock ${path} exists but cannot be read`, [
        ...unchanged,
        `if no ${kind} is running, delete the lock file and run again`,
      ]);
    }
    return new UsageError(
      `${what} busy: ${holderIs} (pid ${holder.pid} on ${holder.host}, started ${holder.startedAt}) holds ${path}`,
      [
        ...unchanged,
        `wait for it to finish; if that process is not ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} (the pid was reused) or runs on another host that is gone, delete the lock file`,
      ],
    );
  };
}

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

/**
 * Whether the file was last written more than `ms` ago, by the file system's own clock: the age is the
 * mtime of a probe written beside it now minus the file's mtime. The process's wall clock may be stepped
 * or faked (faketime) and the file may live on another machine's disk; neither makes a fresh lock stale.
 * A file dated far in the future (the clock was stepped back since) is old too: it is not being written now.
 */
async function olderThan(path: string, ms: number): Promise<boolean> {
  const probe = `${path}.age-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const then = (await stat(path)).mtimeMs;
    await (await open(probe, 'wx', 0o600)).close();
    return Math.abs((await stat(probe)).mtimeMs - then) > ms;
  } catch {
    return false;
  } finally {
    await unlink(probe).catch(() => {});
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
/**
 * Removes a stale lock so the caller can create its own (O_EXCL decides the winner). Takers are serialised
 * by `<path>.takeover` (O_EXCL): the holder re-reads the lock and removes it only while it is still the
 * stale one. No fresh lock is ever moved aside, so two runs can never both believe they hold the lock
 * (renaming the lock away and back, as before, let a third run create one in the gap). A guard left by a
 * taker killed mid-way is removed once older than UNREADABLE_STALE_MS.
 */
async function takeOver(path: string, stale: LockInfo): Promise<boolean> {
  const guard = `${path}.takeover`;
  let fh;
  try {
    fh = await open(guard, 'wx', 0o600);
  } catch (e) {
    if (code(e) === 'EEXIST' && (await olderThan(guard, UNREADABLE_STALE_MS))) await unlink(guard).catch(() => {});
    return false; // another run is taking it over
  }
  try {
    await fh.close();
    const now = await readLock(path);
    if (now === 'gone') return true;
    if (now === 'unreadable' || !same(now, stale)) return false;
    await unlink(path);
    return true;
  } catch (e) {
    return code(e) === 'ENOENT';
  } finally {
    await unlink(guard).catch(() => {});
  }
}

async function stillHeld(path: string, info: LockInfo): Promise<boolean> {
  const current = await readLock(path);
  return current !== 'gone' && current !== 'unreadable' && same(current, info);
}

async function releaseLock(path: string, info: LockInfo): Promise<void> {
  const current = await readLock(path);
  if (current !== 'gone' && current !== 'unreadable' && same(current, info)) await unlink(path).catch(() => undefined);
}
