// V8's compile cache for the CLI's own code (Node >= 22.1, `module.enableCompileCache()`): the second
// run of a command reads the compiled bundle back instead of parsing and compiling it again (README,
// Performance). A separate entry of the build, loaded by bin/cardqr before dist/cli.js; it imports
// nothing but Node's own modules, through process.getBuiltinModule (no ESM namespace to build).
//
// Where: `$XDG_CACHE_HOME/cardqr/compile-cache`, else `~/.cache/cardqr/compile-cache` (Node adds a
// folder per Node version, architecture and user). Safe to delete at any time: an entry that is
// missing, stale or damaged is compiled again (V8 checks each against the source). Never used:
//   - under CARDQR_NO_CACHE=1 (or with NODE_COMPILE_CACHE set: Node then uses the caller's own);
//   - when the cache directory, or the first of its parents that exists, is not a directory of this
//     user (a home or cache folder of another account, a folder planted in a shared place) or can be
//     written by anyone (world-writable); the cache directory itself is kept at 0700;
//   - when it cannot be created or written (a read-only home): the command runs without it;
//   - under a file size limit (`ulimit -f`): Node writes the cache at exit, where SIGXFSZ would kill us.
// Nothing is ever printed about it: the cache only makes start-up faster.

type Env = Readonly<Record<string, string | undefined>>;
type Fs = typeof import('node:fs');
type Path = typeof import('node:path');

/** The cache directory these variables name, or undefined when caching is off or there is no home. */
export function compileCacheDir(env: Env, path: Path, platform: string = process.platform): string | undefined {
  if (env.CARDQR_NO_CACHE && env.CARDQR_NO_CACHE !== '0') return undefined;
  if (env.NODE_COMPILE_CACHE || env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (platform === 'win32') return undefined;
  // XDG: a relative XDG_CACHE_HOME is invalid and ignored.
  const xdg = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : undefined;
  const base = xdg ?? (env.HOME && path.isAbsolute(env.HOME) ? path.join(env.HOME, '.cache') : undefined);
  return base ? path.join(base, 'cardqr', 'compile-cache') : undefined;
}

/**
 * Makes `dir` ready as this user's private directory (0700), or says why not: the first ancestor that
 * exists must be a directory of this user that not everyone can write (so nobody else can swap what
 * we create), and so must `dir` itself once created. Returns undefined when ready.
 */
export function preparePrivateDir(dir: string, fs: Fs, path: Path, uid: number): string | undefined {
  // The nearest existing ancestor (the home, ~/.cache or XDG_CACHE_HOME, or a cardqr folder already made).
  let existing = dir;
  let st: import('node:fs').Stats | undefined;
  for (;;) {
    st = fs.statSync(existing, { throwIfNoEntry: false });
    if (st) break;
    const parent = path.dirname(existing);
    if (parent === existing) return 'no existing parent';
    existing = parent;
  }
  const problem = (s: import('node:fs').Stats, what: string) =>
    !s.isDirectory()
      ? `${what} is not a directory`
      : s.uid !== uid
        ? `${what} belongs to another user`
        : s.mode & 0o002
          ? `anyone may write into ${what}`
          : undefined;
  const above = problem(st, existing);
  if (above) return above;
  if (existing !== dir) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const own = fs.lstatSync(dir);
  if (own.isSymbolicLink()) return `${dir} is a symbolic link`;
  const why = problem(own, dir);
  if (why) return why;
  if (own.mode & 0o077) fs.chmodSync(dir, 0o700);
  fs.accessSync(dir, fs.constants.W_OK);
  return undefined;
}

/**
 * Whether files may grow without bound (`ulimit -f`): Node writes the cache as the process exits, and
 * a write past the limit then raises SIGXFSZ, which kills it (the CLI's own writes turn it into an
 * error while it runs). Read from /proc on Linux; elsewhere assumed.
 */
export function fileSizeUnlimited(fs: Fs): boolean {
  let limits: string;
  try {
    limits = fs.readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return true;
  }
  const soft = /^Max file size\s+(\S+)/m.exec(limits)?.[1];
  return soft === undefined || soft === 'unlimited';
}

/** Turns the compile cache on when this Node has one and the rules above allow it; never throws. */
export function enableCompileCache(env: Env = process.env): void {
  try {
    const mod = process.getBuiltinModule('node:module') as { enableCompileCache?: (dir: string) => unknown };
    const uid = process.getuid?.();
    if (typeof mod.enableCompileCache !== 'function' || uid === undefined) return;
    const path = process.getBuiltinModule('node:path');
    const fs = process.getBuiltinModule('node:fs');
    const dir = compileCacheDir(env, path);
    if (!dir || !fileSizeUnlimited(fs) || preparePrivateDir(dir, fs, path, uid) !== undefined) return;
    mod.enableCompileCache(dir);
  } catch {
    // A read-only or foreign home, a full disk: run without the cache.
  }
}
