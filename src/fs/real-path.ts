// The file a path names, not the path as typed (PRODUCT section 16, "The tool's own files"): locks,
// overlap checks and writes go through it, so `s.state`, `./s.state`, a symlink to it and a path
// through a symlinked folder are one file with one lock, and a state file that is a symlink is written
// through (the link stays a link; its target gets the new content).
//
// Hard links. realpath cannot tell two hard links apart from two files, and a lock named after the
// inode (`dev+ino`) would not work either: every save replaces the file by a rename, so the inode
// changes with each run and two runs a minute apart would take different locks. A file that the tool
// locks (a state, an export's --out, a report) and that has more than one name is therefore refused
// (`lockedFileTarget`): every name a user can give it then resolves to the one realpath, and so to one
// lock. (A rename would also part the names at the first save, leaving the other name with old content.)
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import type { Stats } from 'node:fs';
const { lstatSync, readlinkSync, realpathSync, statSync } = process.getBuiltinModule('node:fs');

/** stat (links followed) or lstat, undefined for any failure (missing, ENOTDIR, a loop, no permission). */
export function statQuiet(path: string, link = false): Stats | undefined {
  try {
    return (link ? lstatSync : statSync)(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * The absolute path of the file `path` names, every symbolic link resolved: its realpath when it
 * exists; for a link to a missing file, where the link points; otherwise its folder's resolved path
 * and its name.
 */
export function resolvedPath(path: string, depth = 0): string {
  const abs = resolve(path);
  try {
    return realpathSync(abs);
  } catch {
    /* missing, a dangling link, a loop, no permission: resolved piece by piece below */
  }
  const parent = dirname(abs);
  if (depth > 40 || parent === abs) return abs;
  const st = statQuiet(abs, true);
  if (st?.isSymbolicLink()) {
    try {
      return resolvedPath(resolve(parent, readlinkSync(abs)), depth + 1);
    } catch {
      return abs;
    }
  }
  return join(resolvedPath(parent, depth + 1), basename(abs));
}

/** `realpath(file) + ".lock"`: the lock of a file, whatever name it was given by. */
export function lockPathFor(file: string): string {
  return `${resolvedPath(file)}.lock`;
}

/**
 * The resolved path of a file the tool locks and replaces; exit 2 for one with several names (hard
 * links: see the top of this file). `flag` names it in the message (`--state`).
 */
export function lockedFileTarget(flag: string, path: string): string {
  const st = statQuiet(path);
  if (st?.isFile() && st.nlink > 1) {
    throw new UsageError(
      `${flag} ${path} has ${st.nlink} names (hard links); cardqr locks a file by its one real path, so two names could run at once`,
      ['give a file with a single name (copy it, then remove the other names)'],
    );
  }
  return resolvedPath(path);
}
