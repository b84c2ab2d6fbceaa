// The one way cardqr writes files (export output, state, spool, report, config, images).
//
// - Every write is checked: a short write is continued until every byte is down, and an error (ENOSPC,
//   EFBIG under `ulimit -f` — SIGXFSZ is ignored so the write returns EFBIG instead of killing us,
//   EIO, EDQUOT …) becomes a WriteError: one line naming the file, exit 1.
// - A replaced file is written to a temporary file in the same directory (O_EXCL, O_NOFOLLOW, an
//   unpredictable name carrying the `.cardqr-` marker), flushed (fsync), renamed over the target and
//   the directory flushed. A failure removes the temporary file and leaves the target as it was.
// - Files are never opened through a symbolic link planted at their path (O_NOFOLLOW).
// - Nothing that is not a regular file is ever renamed over or unlinked: a FIFO, a device (/dev/null as
//   root!), a socket or a directory at the target is refused (`refuseNonRegular`); commands check the
//   same earlier, before anything is sent (`nonRegularProblem`).
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CliError, EXIT } from '../errors.js';
import { nonRegularProblem } from './read-regular.js';
import { cutTornTail, NOT_TORN } from './torn-tail.js';
const { constants, fsyncSync, writeSync } = process.getBuiltinModule('node:fs');
// Loaded on first use: most runs write no file, and crypto and fs/promises are ~55 of Node's modules.
const fsp = () => process.getBuiltinModule('node:fs/promises');
const randomBytes = (n: number) => process.getBuiltinModule('node:crypto').randomBytes(n);

const { O_CREAT, O_EXCL, O_NOFOLLOW, O_RDWR, O_WRONLY } = constants;
const code = (e: unknown) => (e as NodeJS.ErrnoException)?.code;

const WHY: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EFBIG: 'file too large: a file size limit such as `ulimit -f`',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EIO: 'input/output error',
  ELOOP: 'it is a symbolic link (refusing to follow it)',
  EISDIR: 'it is a directory',
  ENOENT: 'no such directory',
  EXDEV: 'not on the same file system',
};

/** A file could not be written completely; what it replaced (if anything) is unchanged. */
export class WriteError extends CliError {
  /** Why, without the file: "EFBIG (file too large …)". */
  readonly reason: string;
  constructor(what: string, err: unknown, lines: string[] = []) {
    const c = code(err);
    const reason =
      err instanceof WriteError
        ? err.reason
        : c
          ? `${c}${WHY[c] ? ` (${WHY[c]})` : ''}`
          : ((err as Error)?.message ?? String(err));
    super(`cannot write ${what}: ${reason}`, EXIT.failed, lines);
    this.reason = reason;
  }
}

/** Turns SIGXFSZ (file size limit exceeded) from "terminate" into an EFBIG write error. Idempotent. */
export function ignoreFileSizeSignal(): void {
  if (process.platform === 'win32' || process.listenerCount('SIGXFSZ')) return;
  try {
    process.on('SIGXFSZ', () => undefined);
  } catch {
    /* a platform without it */
  }
}

/** Writes every byte of `data` at `position` (null: the current offset), continuing short writes. */
export async function writeAll(
  fh: FileHandle,
  data: Uint8Array | string,
  position: number | null = null,
): Promise<number> {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let done = 0;
  while (done < buf.length) {
    const { bytesWritten } = await fh.write(buf, done, buf.length - done, position === null ? null : position + done);
    if (bytesWritten <= 0) throw Object.assign(new Error('short write'), { code: 'EIO' });
    done += bytesWritten;
  }
  return done;
}

/** writeAll for a file descriptor, synchronously (the import report, standard output as a file). */
export function writeAllSync(fd: number, data: Uint8Array | string): void {
  const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let done = 0;
  while (done < buf.length) {
    const n = writeSync(fd, buf, done, buf.length - done);
    if (n <= 0) throw Object.assign(new Error('short write'), { code: 'EIO' });
    done += n;
  }
}

export function fsyncQuiet(fd: number): void {
  try {
    fsyncSync(fd);
  } catch (e) {
    // Devices and pipes cannot be flushed; a real failure (EIO, ENOSPC on NFS) is an error.
    if (code(e) !== 'EINVAL' && code(e) !== 'ENOTSUP' && code(e) !== 'EROFS') throw e;
  }
}

/** Flushes a directory entry (a rename) to disk where the platform allows it. */
export async function syncDir(dir: string): Promise<void> {
  try {
    const fh = await fsp().open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    // Not every platform/file system can open or fsync a directory; the rename itself is still atomic.
  }
}

// ---- temporary files ----------------------------------------------------------------------------------

const TEMP_MARKER = '.cardqr-';
// `.<target>.cardqr-<pid>-<16 hex>.tmp`
const TEMP_NAME = /^\.(.+)\.cardqr-(\d+)-[0-9a-f]{16}\.tmp$/;

/** `<dir>/.<name>.cardqr-<pid>-<random>.tmp`: the marker and pid let a later run sweep what a killed run left. */
export function tempPathFor(target: string): string {
  return join(
    dirname(target),
    `.${basename(target)}${TEMP_MARKER}${process.pid}-${randomBytes(8).toString('hex')}.tmp`,
  );
}

/** Creates a new temporary file beside `target`: never an existing file, never through a symlink. */
export async function createTemp(target: string, mode = 0o600): Promise<{ path: string; fh: FileHandle }> {
  for (let i = 0; ; i++) {
    const path = tempPathFor(target);
    try {
      return { path, fh: await fsp().open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW, mode) };
    } catch (e) {
      if (code(e) !== 'EEXIST' || i > 5) throw e;
    }
  }
}

/** Creates `path` exclusively (O_EXCL, no symlink), read-write: a private scratch file. */
export async function createExclusive(path: string, mode = 0o600): Promise<FileHandle> {
  return fsp().open(path, O_CREAT | O_EXCL | O_RDWR | O_NOFOLLOW, mode);
}

/**
 * Removes temporary files in `dir` that this tool made (the `.cardqr-` marker, owned by this user, a
 * regular file) and whose writer is gone; only those for `targets` when given. Returns how many.
 */
export async function sweepTempFiles(
  dir: string,
  targets?: string[],
  alive: (pid: number) => boolean = pidAlive,
): Promise<number> {
  let names: string[];
  try {
    names = await fsp().readdir(dir);
  } catch {
    return 0;
  }
  const wanted = targets?.map((t) => basename(t));
  const uid = process.getuid?.();
  let removed = 0;
  for (const name of names) {
    const m = TEMP_NAME.exec(name);
    if (!m) continue;
    const pid = Number(m[2]);
    if (wanted && !wanted.includes(m[1])) continue;
    if (pid === process.pid || alive(pid)) continue;
    const path = join(dir, name);
    const st = await fsp()
      .lstat(path)
      .catch(() => undefined);
    if (!st?.isFile() || (uid !== undefined && st.uid !== uid)) continue;
    await fsp()
      .unlink(path)
      .then(
        () => removed++,
        () => undefined,
      );
  }
  return removed;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return code(e) !== 'ESRCH';
  }
}

// ---- whole-file replacement --------------------------------------------------------------------------

/** The last guard before a rename over `target`: a FIFO, device, socket or directory there is refused. */
export async function refuseNonRegular(target: string, what: string): Promise<void> {
  const problem = nonRegularProblem(
    target,
    await fsp()
      .lstat(target)
      .catch(() => undefined),
  );
  if (problem) throw new WriteError(what, new Error(problem));
}

export interface ReplaceOptions {
  /** Mode of a new file (default 0600). An existing file keeps its own mode unless `forceMode`. */
  mode?: number;
  forceMode?: boolean;
  /** How the file is named in an error ("the state file x"); default: its path. */
  what?: string;
  /**
   * Never replace an existing file: nothing is written and the answer is false when `target` exists,
   * also when another process creates it while we write (the temporary file is hard-linked into place,
   * which fails on an existing name; on a file system without hard links, checked and renamed).
   */
  noClobber?: boolean;
}

const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK']);

/**
 * Replaces `target` with `data` atomically: a temporary file in the same directory, every byte
 * checked, fsync, rename, directory fsync. On any failure the target is unchanged and a WriteError
 * is thrown. A symlink at `target` is replaced itself, never followed. True when written (false only
 * with `noClobber`, for a target that exists).
 */
export async function replaceFile(
  target: string,
  data: Uint8Array | string,
  opts: ReplaceOptions = {},
): Promise<boolean> {
  const what = opts.what ?? target;
  const existing = await fsp()
    .lstat(target)
    .catch(() => undefined);
  if (opts.noClobber && existing) return false;
  const refused = nonRegularProblem(target, existing);
  if (refused) throw new WriteError(what, new Error(refused));
  const mode = !opts.forceMode && existing?.isFile() ? existing.mode & 0o7777 : (opts.mode ?? 0o600);
  let tmp: { path: string; fh: FileHandle } | undefined;
  try {
    tmp = await createTemp(target, mode);
    await writeAll(tmp.fh, data);
    await tmp.fh.chmod(mode); // the umask narrowed the creation mode
    await tmp.fh.sync();
    await tmp.fh.close();
    if (opts.noClobber) {
      const placed = await linkNew(tmp.path, target);
      await fsp()
        .unlink(tmp.path)
        .catch((e: unknown) => {
          if (code(e) !== 'ENOENT') throw e; // renamed into place where hard links are not supported
        });
      tmp = undefined;
      if (!placed) return false;
    } else {
      await refuseNonRegular(target, what); // it may have become one while we wrote
      await fsp().rename(tmp.path, target);
      tmp = undefined;
    }
  } catch (e) {
    if (tmp) {
      await tmp.fh.close().catch(() => undefined);
      await fsp()
        .unlink(tmp.path)
        .catch(() => undefined);
    }
    throw e instanceof CliError ? e : new WriteError(what, e);
  }
  await syncDir(dirname(target));
  return true;
}

/** `tmp` under the name `target` unless that name exists (false then); `tmp` itself stays. */
async function linkNew(tmp: string, target: string): Promise<boolean> {
  try {
    await fsp().link(tmp, target);
    return true;
  } catch (e) {
    if (code(e) === 'EEXIST') return false;
    if (!NO_HARD_LINKS.has(code(e) ?? '')) throw e;
  }
  // No hard links here: check, then rename (a small race instead of none). The caller's unlink of
  // `tmp` then finds nothing, which is fine.
  if (
    await fsp()
      .lstat(target)
      .then(
        () => true,
        () => false,
      )
  )
    return false;
  await fsp().rename(tmp, target);
  return true;
}

/**
 * Appends one line to `path` (created 0600 when missing, never through a symbolic link) and flushes it
 * to disk before returning: the dead-letter file of `leads follow`. A new file's directory entry is
 * flushed too. A last line an earlier write left without its newline (a kill, a full disk) is cut off
 * first (fs/torn-tail.ts); `onTorn` learns how many bytes, for the command to say so.
 */
export async function appendLineDurably(
  path: string,
  line: string,
  what = path,
  onTorn?: (cut: number) => void,
): Promise<void> {
  const { O_APPEND, O_NONBLOCK } = constants;
  let fh: FileHandle | undefined;
  try {
    const existed = await fsp()
      .lstat(path)
      .then(
        () => true,
        () => false,
      );
    // O_NONBLOCK: a FIFO without a reader fails at once (ENXIO) instead of blocking a thread that a stop
    // needs; anything that is not a regular file is refused, never written into. Read-write: the torn
    // tail is read back.
    fh = await fsp().open(path, O_RDWR | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK, 0o600);
    const problem = nonRegularProblem(path, await fh.stat());
    if (problem) throw new Error(problem);
    const torn = existed ? cutTornTail(fh.fd) : NOT_TORN;
    await writeAll(fh, line.endsWith('\n') ? line : `${line}\n`);
    await fh.sync();
    await fh.close();
    fh = undefined;
    if (torn.cut) onTorn?.(torn.cut);
    if (!existed) await syncDir(dirname(path));
  } catch (e) {
    await fh?.close().catch(() => undefined);
    throw new WriteError(what, e);
  }
}
