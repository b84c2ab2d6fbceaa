// `<report>.lock`, created with O_EXCL: two imports never share a report. A lock left by a killed
// process (its pid is gone on this host) is taken over; a live one is refused.
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { UsageError } from '../errors.js';

export interface Lock {
  path: string;
  release(): void;
}

export function lockReport(reportPath: string, now: Date): Lock {
  const path = `${reportPath}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), at: now.toISOString() }) + '\n');
      closeSync(fd);
      let held = true;
      return {
        path,
        release: () => {
          if (held) rmSync(path, { force: true });
          held = false;
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new UsageError(`cannot create the lock ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
      const owner = readOwner(path);
      const stale = owner ? owner.host === hostname() && !alive(owner.pid) : ageMs(path) > UNREADABLE_LOCK_STALE_MS;
      if (stale) {
        rmSync(path, { force: true }); // left by a killed import
        continue;
      }
      throw new UsageError(
        `another import is using this report (${path}${owner ? `: pid ${owner.pid} on ${owner.host} since ${owner.at}` : ''})`,
        ['wait for it to finish, or remove the lock file if no import is running'],
      );
    }
  }
  throw new UsageError(`cannot take the lock ${path}`);
}

/** A lock without its owner line is being written right now, or was left by a kill mid-write. */
const UNREADABLE_LOCK_STALE_MS = 10_000;

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function readOwner(path: string): { pid: number; host: string; at: string } | undefined {
  try {
    const v = JSON.parse(readFileSync(path, 'utf8'));
    return typeof v.pid === 'number' ? v : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
