// The tool's own files (PRODUCT section 16): no path the user names may be one of them. Two checks, both
// on the FILE (links resolved: src/fs/real-path.ts; device and inode of an existing file), never on the
// path as typed:
// - `refuseOwnFiles`: the registry below, one entry per kind of file the tool keeps, each with its reason.
//   `--rejects ~/.config/cardqr/config.json` once replaced the profile store with a CSV; `--out` and
//   `--dead-letter` appended to it, and every later command exited 2.
// - `refuseOverlaps`: the paths one command is given, against each other and the working files it keeps
//   beside each: `leads export --state s.json --out s.json.spool` once wrote the export into the spool,
//   then deleted it as the spool, and exited 0.
// A later feature with files of its own adds an entry to OWN_FILES (its name in src/fs/own-names.ts when
// it lives in one of the tool's folders).
import { basename, dirname, join, sep } from 'node:path';
import type { Stats } from 'node:fs';
import { UsageError } from '../errors.js';
import { OWN_NAMES } from './own-names.js';
import { resolvedPath, statQuiet } from './real-path.js';
const { closeSync, constants, fstatSync, openSync, readdirSync, readSync } = process.getBuiltinModule('node:fs');

/** The tool's folders (src/config/paths.ts: `ownHomes`). */
export interface Homes {
  config: string;
  state: string;
  cache: string;
  /** Absent in older callers: the data folder then holds nothing of the tool's. */
  data?: string;
}

/** A path the user named, as the registry sees it. */
export interface NamedFile {
  /** Resolved (src/fs/real-path.ts). */
  real: string;
  /** Of the file itself (links followed); undefined when there is none. */
  stat?: Stats;
  /** The first 64 KiB of an existing regular file. */
  head: () => string;
}

export interface OwnFile {
  /** How the refusal names it: `--out x is ${what}`. */
  what: string;
  /** Why the tool keeps it (what a user path written over it would destroy). */
  reason: string;
  /**
   * Where it lives, in the tool's folders: files (each with its lock, its takeover guard and its
   * temporary files) and folders (everything in them).
   */
  at?: (h: Homes) => { files?: string[]; dirs?: string[] };
  /** Recognised wherever it is, by its name or what it holds. */
  is?: (f: NamedFile) => boolean;
  /** The flags that name this kind on purpose (a state file is what `--state` names). */
  allowedAs?: readonly string[];
}

const TEMP = /^\.(.+)\.cardqr-\d+-[0-9a-f]{16}\.tmp$/;

const json = (text: string): Record<string, unknown> | undefined => {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};
const firstLine = (text: string) => text.slice(0, (text.indexOf('\n') + 1 || text.length + 1) - 1);

const isLock = (f: NamedFile) => {
  const v = f.stat?.isFile() && f.stat.size < 4096 ? json(f.head()) : undefined;
  return typeof v?.pid === 'number' && typeof v.host === 'string' && typeof v.startedAt === 'string';
};
const isState = (f: NamedFile) => {
  const v = f.stat?.isFile() && f.stat.size < 60_000 ? json(f.head()) : undefined;
  return v?.version === 1 && typeof v.baseUrl === 'string' && 'cursor' in v;
};
const isReport = (f: NamedFile) => {
  const v = f.stat?.isFile() ? json(firstLine(f.head())) : undefined;
  return v?.type === 'header' && v.version === 1 && typeof v.cardqr === 'string';
};

export const OWN_FILES: readonly OwnFile[] = [
  {
    what: "cardqr's profile store",
    reason: 'every profile and its key: written over, each stored key is gone and every command fails',
    at: (h) => ({ files: [join(h.config, OWN_NAMES.profileStore)] }),
  },
  {
    what: "cardqr's journal of writes with an unknown outcome",
    reason: 'what keeps a write run again from making a second object',
    at: (h) => ({ files: [join(h.state, OWN_NAMES.journal)] }),
  },
  {
    what: "the emulator's local CA",
    reason: 'the certificate and private key `cardqr emulator --tls` serves with and its profile trusts',
    at: (h) => ({ dirs: [join(h.state, OWN_NAMES.emulatorCa)] }),
  },
  {
    what: "cardqr's print ledger",
    reason: 'the record of each print run, read by `cardqr print audit`',
    at: (h) => ({ dirs: [join(h.config, OWN_NAMES.printRuns)] }),
  },
  {
    what: "cardqr's image index",
    reason: 'which file each id went to in an image folder, so a re-run skips what it saved',
    at: (h) => ({ dirs: [join(h.config, OWN_NAMES.imageIndex)] }),
  },
  {
    what: 'the audit file of cardqr mcp',
    reason: 'the record of every tool call an agent made (time, tool, ids, outcome)',
    at: (h) => ({
      files: ['', '.1', '.2', '.3', '.4', '.5'].map((n) => join(h.state, `${OWN_NAMES.mcpAudit}${n}`)),
    }),
  },
  {
    what: 'the bearer token of cardqr mcp --http',
    reason: 'the secret an agent client sends to the local MCP server: written over, every client is locked out',
    at: (h) => ({ files: [join(h.state, OWN_NAMES.mcpToken)] }),
  },
  {
    what: "cardqr's agent plans",
    reason:
      'each plan a person may approve, its hash and state, and the report of its apply (what keeps it exactly once)',
    at: (h) => ({ dirs: [join(h.state, OWN_NAMES.plans)] }),
  },
  {
    what: "cardqr's scan history store",
    reason:
      "the scan history kept past the plan's window (`cardqr analytics snapshot`): written over, it is gone for good",
    at: (h) => {
      if (!h.data) return {};
      const db = join(h.data, OWN_NAMES.history);
      return { files: [db, `${db}-wal`, `${db}-shm`, `${db}-journal`] };
    },
    allowedAs: ['--store'],
  },
  {
    what: "cardqr's cache",
    reason: "Node's compile cache: a file there is read back as compiled code at start-up",
    at: (h) => ({ dirs: [h.cache] }),
  },
  {
    what: 'a print cache of cardqr',
    reason: 'the images a print run fetched, kept beside its PDF for the re-run',
    is: (f) => f.real.split(sep).some((part) => /^\..+\.cardqr-print$/.test(part)),
  },
  {
    what: 'a temporary file of cardqr',
    reason: 'a file being written, renamed over its target when complete, removed once its writer is gone',
    is: (f) => TEMP.test(basename(f.real)),
  },
  {
    what: 'a lock file of cardqr',
    reason: 'keeps two runs off one file; removed when its run ends',
    is: isLock,
  },
  {
    what: 'a lead export state of cardqr',
    reason: 'where `leads export` and `leads follow` stopped: written over, every lead goes out again',
    is: isState,
    allowedAs: ['--state'],
  },
  {
    what: 'the spool of a lead export state',
    reason: 'the leads of a run in progress, removed when it ends',
    is: (f) => {
      if (!f.real.endsWith('.spool')) return false;
      const state = f.real.slice(0, -'.spool'.length);
      return isState(namedFile(state));
    },
  },
  {
    what: 'a report of cardqr',
    reason: 'the record of what a run sent, read back by --resume and --from-report',
    is: isReport,
    allowedAs: ['--report'],
  },
];

function readHead(path: string): string {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    if (!fstatSync(fd).isFile()) return '';
    const buf = Buffer.alloc(64 * 1024);
    return buf.subarray(0, readSync(fd, buf, 0, buf.length, 0)).toString('utf8');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function namedFile(path: string): NamedFile {
  let head: string | undefined;
  const stat = statQuiet(path);
  return { real: resolvedPath(path), stat, head: () => (head ??= stat?.isFile() ? readHead(path) : '') };
}

const sameInode = (a: Stats | undefined, b: Stats | undefined) => Boolean(a && b && a.dev === b.dev && a.ino === b.ino);

/** Whether a file with another name (a hard link) is one of the files under `dir` (bounded walk). */
function linkedUnder(st: Stats, dir: string, budget = { left: 5000 }): boolean {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return false;
  }
  for (const name of names) {
    if (--budget.left < 0) return false;
    const s = statQuiet(join(dir, name));
    if (s?.isDirectory() ? linkedUnder(st, join(dir, name), budget) : sameInode(s, st)) return true;
  }
  return false;
}

/** What `f` is among the files located by `entry`, or undefined. */
function locatedAs(f: NamedFile, entry: OwnFile, homes: Homes): string | undefined {
  const { files = [], dirs = [] } = entry.at?.(homes) ?? {};
  const hardLinked = Boolean(f.stat?.isFile() && f.stat.nlink > 1);
  for (const file of files) {
    const real = resolvedPath(file);
    if (f.real === real) return entry.what;
    if (f.real === `${real}.lock` || f.real === `${real}.lock.takeover`) return `the lock file of ${entry.what}`;
    const temp = TEMP.exec(basename(f.real));
    if (temp?.[1] === basename(real) && dirname(f.real) === dirname(real)) return `a temporary file of ${entry.what}`;
    if (hardLinked && sameInode(f.stat, statQuiet(real))) return entry.what;
  }
  for (const dir of dirs) {
    const real = resolvedPath(dir);
    if (f.real === real || f.real.startsWith(real + sep)) return `in ${entry.what} (${real})`;
    if (hardLinked && f.stat && linkedUnder(f.stat, real)) return `in ${entry.what} (${real})`;
  }
  return undefined;
}

/** What the file at `path` is among the tool's own files (for `flag`), or undefined. */
export function ownFileKind(path: string, flag: string, homes: Homes): string | undefined {
  const f = namedFile(path);
  for (const entry of OWN_FILES) {
    if (entry.allowedAs?.includes(flag)) continue;
    const located = entry.at && locatedAs(f, entry, homes);
    if (located) return located;
    if (f.stat?.isDirectory()) continue;
    if (entry.is?.(f)) return entry.what;
  }
  return undefined;
}

/**
 * Refuses (exit 2, nothing sent, the file untouched) a path the user named to be written that is one of
 * the tool's own files: `--rejects ~/.config/cardqr/config.json is cardqr's profile store`.
 */
export function refuseOwnFiles(homes: Homes, paths: Array<{ flag: string; path: string | undefined }>): void {
  for (const { flag, path } of paths) {
    if (path === undefined || path === '' || path === '-') continue;
    const what = ownFileKind(path, flag, homes);
    if (what)
      throw new UsageError(`${flag} ${path} is ${what}; cardqr never writes over its own files: name another file`);
  }
}

// ---- the paths of one command ---------------------------------------------------------------------------

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

/** Same file: the same resolved path, or the same inode (a hard link). */
function same(a: string, b: string): boolean {
  if (resolvedPath(a) === resolvedPath(b)) return true;
  return sameInode(statQuiet(a), statQuiet(b));
}

/** What `candidate` is among `owner`'s working files, or undefined. */
function workingFileOf(candidate: string, owner: NamedPath): string | undefined {
  // Working files sit beside the file the owner names (its lock is `realpath(file) + ".lock"`).
  const base = resolvedPath(owner.path);
  for (const s of owner.suffixes ?? [])
    if (same(candidate, base + s) || same(candidate, owner.path + s)) return `its ${s.slice(1)} file`;
  for (const o of owner.others ?? []) if (same(candidate, o)) return 'its working directory';
  const m = TEMP.exec(basename(resolvedPath(candidate)));
  if (owner.temp && m && m[1] === basename(base) && same(dirname(resolvedPath(candidate)), dirname(base)))
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
