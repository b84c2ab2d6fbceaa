// A path the user names must never be one of the tool's own working files (a lock, a spool, a temporary
// file, a cache), nor the other way round: `leads export --state s.json --out s.json.spool` once wrote the
// export into the spool, then deleted it as the spool, and exited 0. Each command lists the paths it
// was given with the working files it keeps beside each; every pair is checked before anything is sent.
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
const { realpathSync, statSync } = process.getBuiltinModule('node:fs');

export interface NamedPath {
  /** How the user named it: `--state s.json`. */
  flag: string;
  path: string;
  /** Working files the tool keeps beside it, as suffixes of its path (`.lock`, `.spool`). */
  suffixes?: string[];
  /** Other working files (a cache directory …). */
  others?: string[];
  /** Whether the tool makes temporary files beside it (`.<name>.cardqr-<pid>-<hex>.tmp`). */
  temp?: boolean;
}

/** The path with its directory's symbolic links resolved (the file itself may not exist yet). */
function canonical(path: string): string {
  const abs = resolve(path);
  let dir = dirname(abs);
  try {
    dir = realpathSync(dir);
  } catch {
    /* a directory that does not exist: compared as given */
  }
  return join(dir, basename(abs));
}

/** Same file: the same canonical path, or the same inode (a hard link, a symlink to it). */
function same(a: string, b: string): boolean {
  if (canonical(a) === canonical(b)) return true;
  const sa = statSync(a, { throwIfNoEntry: false });
  const sb = statSync(b, { throwIfNoEntry: false });
  return Boolean(sa && sb && sa.dev === sb.dev && sa.ino === sb.ino);
}

const TEMP = /^\.(.+)\.cardqr-\d+-[0-9a-f]{16}\.tmp$/;

/** What `candidate` is among `owner`'s working files, or undefined. */
function workingFileOf(candidate: string, owner: NamedPath): string | undefined {
  for (const s of owner.suffixes ?? []) if (same(candidate, owner.path + s)) return `its ${s.slice(1)} file`;
  for (const o of owner.others ?? []) if (same(candidate, o)) return 'its working directory';
  const m = TEMP.exec(basename(candidate));
  if (owner.temp && m && m[1] === basename(owner.path) && same(dirname(candidate), dirname(owner.path)))
    return 'one of its temporary files';
  return undefined;
}

/** Refuses (exit 2) two given paths that are one file, or one that is a working file of another. */
export function refuseOverlaps(paths: Array<NamedPath | undefined>): void {
  const given = paths.filter((p): p is NamedPath => p !== undefined && p.path !== '');
  for (const a of given) {
    for (const b of given) {
      if (a === b) continue;
      if (given.indexOf(a) < given.indexOf(b) && same(a.path, b.path))
        throw new UsageError(`${a.flag} ${a.path} and ${b.flag} ${b.path} are the same file; give two different files`);
      const what = workingFileOf(a.path, b);
      if (what)
        throw new UsageError(
          `${a.flag} ${a.path} is ${what} of ${b.flag} ${b.path} (cardqr writes and removes it); give another name`,
        );
    }
  }
}
