// A folder of this user's that holds secrets (the emulator's local CA): trusted only when it is a real
// directory (never a symbolic link), owned by this user and closed to everyone else (0700). One that is
// not is refused, never repaired: a chmod would hide that someone else could have read or planted what
// is inside. Such a folder is made in one step (a temporary folder beside it, filled, then renamed into
// place), so a run killed half-way never leaves half of it and two first runs never mix their files.
import { lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { processAlive } from '../lock-file.js';
import { readHandleBounded } from './bounded.js';
import { syncDir, tempPathFor } from './durable.js';
import { fileKind } from './read-regular.js';
const { constants } = process.getBuiltinModule('node:fs');

const code = (e: unknown) => (e as NodeJS.ErrnoException)?.code;
const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');
const POSIX = process.platform !== 'win32';

/** Why `dir` may not be trusted as this user's private folder; undefined when it may, or does not exist. */
export async function privateDirProblem(dir: string): Promise<string | undefined> {
  const st = await lstat(dir).catch((e: unknown) => {
    if (code(e) === 'ENOENT') return undefined;
    throw e;
  });
  if (!st) return undefined;
  if (st.isSymbolicLink()) return `${dir} is a symbolic link`;
  if (!st.isDirectory()) return `${dir} is ${fileKind(st)}, not a folder`;
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) return `${dir} belongs to another user (uid ${st.uid})`;
  if (POSIX && st.mode & 0o077) return `${dir} is open to other users (mode ${octal(st.mode)}, not 0700)`;
  return undefined;
}

/**
 * The text of `path` in a private folder: a regular file of this user's, never read through a symbolic
 * link; with `secret`, also closed to everyone else (0600). Throws a plain Error saying what is wrong,
 * or the file system's error (ENOENT …).
 */
export async function readPrivateFile(path: string, opts: { secret: boolean; maxBytes: number }): Promise<string> {
  const fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new Error(`${path} is ${fileKind(st)}, not a regular file`);
    const uid = process.getuid?.();
    if (uid !== undefined && st.uid !== uid) throw new Error(`${path} belongs to another user (uid ${st.uid})`);
    if (POSIX && opts.secret && st.mode & 0o077)
      throw new Error(`${path} is open to other users (mode ${octal(st.mode)}, not 0600)`);
    return await readHandleBounded(fh, path, { what: path, maxBytes: opts.maxBytes });
  } finally {
    await fh.close();
  }
}

/**
 * Makes the private folder `dir` (0700) holding what `fill(tmp)` writes into a temporary folder beside it,
 * renamed into place once complete. False, with nothing changed, when `dir` appeared meanwhile (another
 * run made it first). The parent folders are created 0700 when missing (an existing one keeps its mode).
 * Temporary folders left by a killed run (`.<name>.cardqr-<pid>-<hex>.tmp`, this user's, pid gone) are
 * removed first.
 */
export async function createPrivateDir(dir: string, fill: (tmp: string) => Promise<void>): Promise<boolean> {
  const parent = dirname(dir);
  await mkdir(parent, { recursive: true, mode: 0o700 });
  await sweepTempDirs(parent, basename(dir));
  const tmp = tempPathFor(dir);
  await mkdir(tmp, { mode: 0o700 });
  try {
    await fill(tmp);
    await rename(tmp, dir); // replaces nothing but an empty folder; a folder with files in it fails
  } catch (e) {
    await rm(tmp, { recursive: true, force: true });
    if (code(e) === 'EEXIST' || code(e) === 'ENOTEMPTY') return false;
    throw e;
  }
  await syncDir(parent);
  return true;
}

const TEMP_DIR = /^\.(.+)\.cardqr-(\d+)-[0-9a-f]{16}\.tmp$/;

async function sweepTempDirs(parent: string, name: string): Promise<void> {
  const uid = process.getuid?.();
  for (const entry of await readdir(parent).catch(() => [] as string[])) {
    const m = TEMP_DIR.exec(entry);
    if (!m || m[1] !== name || Number(m[2]) === process.pid || processAlive(Number(m[2]))) continue;
    const path = join(parent, entry);
    const st = await lstat(path).catch(() => undefined);
    if (!st?.isDirectory() || (uid !== undefined && st.uid !== uid)) continue;
    await rm(path, { recursive: true, force: true }).catch(() => undefined);
  }
}
