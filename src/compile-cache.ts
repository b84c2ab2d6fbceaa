// The CLI's own module loader, with a V8 code cache: bin/cardqr loads dist/cli.cjs through it, and the
// second run of a command reads the compiled code back instead of parsing and compiling it again
// (README, Performance). A separate entry of the build (dist/compile-cache.cjs) that imports nothing
// but Node's own modules, through process.getBuiltinModule.
//
// Why our own and not Node's (`module.enableCompileCache()`, Node >= 22.1): Node writes an entry as the
// module is compiled, before it runs, so it holds only the code V8 compiles eagerly; every function a
// command calls is compiled again on every run. This cache is written as the process exits, from the
// scripts as they are then (`vm.Script#createCachedData`), with every function the run compiled; it
// works on Node 20 too; and the bundle's chunks are CommonJS modules loaded by the few lines below,
// not through Node's ESM loader, whose resolution, linking and module jobs cost ~10 ms at start-up.
//
// Where: `$XDG_CACHE_HOME/cardqr/compile-cache`, else `~/.cache/cardqr/compile-cache`, a folder per
// cardqr version, Node version and architecture in it, a file per module of the build. Safe to delete
// at any time: an entry that is missing, stale or damaged is compiled again (V8 checks each against
// the source, the V8 version and its flags) and written anew at exit. Never used:
//   - under CARDQR_NO_CACHE=1 or NODE_DISABLE_COMPILE_CACHE=1;
//   - when the cache directory, or the first of its parents that exists, is not a directory of this
//     user (a home or cache folder of another account, a folder planted in a shared place) or can be
//     written by anyone (world-writable); the cache directory itself is kept at 0700, its files 0600;
//   - when it cannot be created or written (a read-only home): the command runs without it;
//   - under a file size limit (`ulimit -f`): nothing is written (a write past it raises SIGXFSZ).
// Nothing is ever printed about it: the cache only makes start-up faster.

type Env = Readonly<Record<string, string | undefined>>;
type Fs = typeof import('node:fs');
type Path = typeof import('node:path');

/** The cache directory these variables name, or undefined when caching is off or there is no home. */
export function compileCacheDir(env: Env, path: Path, platform: string = process.platform): string | undefined {
  if (env.CARDQR_NO_CACHE && env.CARDQR_NO_CACHE !== '0') return undefined;
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (platform === 'win32') return undefined;
  // XDG: a relative XDG_CACHE_HOME is invalid and ignored.
  const xdg = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : undefined;
  // Joined by hand: see bin/cardqr on what Node's path normalisation costs at start-up.
  const base = xdg ?? (env.HOME && path.isAbsolute(env.HOME) ? `${env.HOME.replace(/\/+$/, '')}/.cache` : undefined);
  return base ? `${base.replace(/\/+$/, '')}/cardqr/compile-cache` : undefined;
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
 * Whether files may grow without bound (`ulimit -f`): the cache is written as the process exits, and
 * a write past the limit raises SIGXFSZ, which kills the process unless the CLI got as far as
 * ignoring it. Read from /proc on Linux; elsewhere assumed.
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

/** The module bin/cardqr runs. */
export interface CliModule {
  main(argv: string[]): Promise<number>;
}

declare const __CARDQR_VERSION__: string;
const VERSION = typeof __CARDQR_VERSION__ === 'string' ? __CARDQR_VERSION__ : '0.0.0-dev';
/** What rollup writes for a module of the build: `require('./chunk-x.cjs')`. */
const BUILD_MODULE = /^\.\/([\w-]+\.cjs)$/;

/**
 * Loads `entry` (a CommonJS module of the build in `dist`) and the modules of the build it requires,
 * each compiled with its cached code when the rules above allow a cache; never throws for the cache.
 */
export function loadBuild(dist: string, entry: string, env: Env = process.env): CliModule {
  const fs = process.getBuiltinModule('node:fs');
  const vm = process.getBuiltinModule('node:vm');
  const dir = cacheFolder(env, fs);
  const modules = new Map<string, { exports: unknown }>();
  const unsaved: Array<{ file: string; script: import('node:vm').Script }> = [];
  let outside: NodeJS.Require | undefined; // a real require, made on first use (sharp: the one package not bundled)
  const requireHere = (id: string): unknown => {
    const own = BUILD_MODULE.exec(id);
    if (own) return load(own[1]);
    return (
      process.getBuiltinModule(id) ??
      (outside ??= process.getBuiltinModule('node:module').createRequire(`${dist}/${entry}`))(id)
    );
  };
  const load = (name: string): unknown => {
    const known = modules.get(name);
    if (known) return known.exports;
    const module = { exports: {} };
    modules.set(name, module);
    const filename = `${dist}/${name}`;
    const source = fs.readFileSync(filename, 'utf8');
    const cacheFile = dir && `${dir}/${name}`;
    const cachedData = cacheFile ? readIfThere(fs, cacheFile) : undefined;
    // The wrapper on the source's first line: line numbers in stack traces stay the file's own.
    const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
      filename,
      cachedData,
    });
    if (cacheFile && (!cachedData || script.cachedDataRejected)) unsaved.push({ file: cacheFile, script });
    (script.runInThisContext() as (...a: unknown[]) => void)(module.exports, requireHere, module, filename, dist);
    return module.exports;
  };
  if (dir) process.once('exit', () => save(unsaved, fs));
  return load(entry) as CliModule;
}

/** This build's folder in the cache, ready to read and write; undefined when there is none to use. */
function cacheFolder(env: Env, fs: Fs): string | undefined {
  try {
    const uid = process.getuid?.();
    const path = process.getBuiltinModule('node:path');
    const base = compileCacheDir(env, path);
    if (!base || uid === undefined) return undefined;
    const dir = `${base}/${VERSION}-node${process.versions.node}-${process.arch}`;
    if (preparePrivateDir(base, fs, path, uid) !== undefined) return undefined;
    return preparePrivateDir(dir, fs, path, uid) === undefined ? dir : undefined;
  } catch {
    return undefined; // a read-only or foreign home, a full disk: run without the cache
  }
}

/** The most a cache entry may hold: far above any module of the build (the largest is ~1 MB of source). */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** A cache entry when it is a regular file of sane size: never a link followed, a FIFO waited on or a device read. */
function readIfThere(fs: Fs, file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    const { O_RDONLY, O_NOFOLLOW = 0, O_NONBLOCK = 0 } = fs.constants;
    fd = fs.openSync(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    const st = fs.fstatSync(fd);
    return st.isFile() && st.size <= MAX_CACHE_BYTES ? fs.readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Writes the code of the scripts that had none (or a rejected one), as the process exits. */
function save(unsaved: Array<{ file: string; script: import('node:vm').Script }>, fs: Fs): void {
  if (!unsaved.length || !fileSizeUnlimited(fs)) return;
  for (const { file, script } of unsaved) {
    const temp = `${file}.${process.pid}.tmp`;
    try {
      // A whole file or none: written aside (O_EXCL, 0600), then renamed over the old one.
      fs.writeFileSync(temp, script.createCachedData(), { mode: 0o600, flag: 'wx' });
      fs.renameSync(temp, file);
    } catch {
      try {
        fs.rmSync(temp, { force: true });
      } catch {
        // nothing more to do: the next run compiles anew
      }
    }
  }
}
