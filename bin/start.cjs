// Runs the CLI (dist/cli.js) on a supported Node (bin/cardqr checked it), by the platform's own means:
// - Node's compile cache (module.enableCompileCache) in a folder private to the user, so later runs
//   skip compiling what earlier runs compiled. Node keys each entry by the file and a hash of its
//   source, so a rebuilt dist/ is never run from a stale entry. Off under CARDQR_NO_CACHE=1 (and
//   Node's own NODE_DISABLE_COMPILE_CACHE=1), when the folder is not safely ours, or under a file size
//   limit (`ulimit -f`): Node writes the cache as the process exits, past the point where cardqr's
//   SIGXFSZ handler holds, and the signal would kill a command that had succeeded.
// - Source maps only when --verbose or CARDQR_DEBUG=1 asks for stack traces: readable source positions
//   then, no source-map parsing on other runs.
'use strict';
const { dirname, isAbsolute, join } = require('node:path');
const { pathToFileURL } = require('node:url');

const args = process.argv.slice(2);
const env = process.env;
if (args.includes('--verbose') || env.CARDQR_DEBUG === '1') require('node:module').setSourceMapsSupport(true);
const cache = compileCacheDir();
if (cache) {
  try {
    if (privateDir(cache)) require('node:module').enableCompileCache(cache);
  } catch {
    // A cache that cannot be made (read-only home, no space) only costs time.
  }
}

const entry = join(__dirname, '..', 'dist', 'cli.js');
import(pathToFileURL(entry).href).then(
  (cli) =>
    cli.main(args).then((status) => {
      process.exitCode = status;
    }),
  (e) => {
    // A checkout without a build, or an installation missing a file of it: one line, not a stack trace
    // (--verbose or CARDQR_DEBUG=1 adds it).
    const missing = e?.code === 'ERR_MODULE_NOT_FOUND' && /Cannot find module '([^']+)'/.exec(String(e.message))?.[1];
    process.stderr.write(
      missing === entry
        ? 'cardqr: this installation has no build (dist/cli.js is missing): run `npm run build` in its directory, or reinstall the package\n'
        : missing
          ? `cardqr: this installation is incomplete (${missing} is missing): reinstall the package\n`
          : `cardqr: could not load its build (${String(e?.message ?? e).split('\n')[0]}): reinstall the package\n`,
    );
    if (args.includes('--verbose') || env.CARDQR_DEBUG === '1') process.stderr.write(`${e?.stack ?? e}\n`);
    process.exitCode = 1;
  },
);

/** ~/.cache/cardqr/compile-cache (XDG_CACHE_HOME when absolute), or undefined when turned off. */
function compileCacheDir() {
  if ((env.CARDQR_NO_CACHE && env.CARDQR_NO_CACHE !== '0') || env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (process.platform === 'win32' || !fileSizeUnlimited()) return undefined;
  const base =
    env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)
      ? env.XDG_CACHE_HOME
      : env.HOME && isAbsolute(env.HOME)
        ? join(env.HOME, '.cache')
        : undefined;
  return base && join(base, 'cardqr', 'compile-cache');
}

/** Whether files may grow without bound: read from /proc on Linux; elsewhere assumed. */
function fileSizeUnlimited() {
  let limits;
  try {
    limits = require('node:fs').readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return true;
  }
  const line = limits.split('\n').find((l) => l.startsWith('Max file size'));
  return !line || /^Max file size\s+unlimited\s/.test(line); // the soft limit, which is what applies
}

/**
 * Makes `dir` this user's private folder (0700), or says no: the nearest existing ancestor must be a
 * folder of this user that not everyone can write (so nobody else can swap what is made below it), and
 * so must `dir` itself, which must not be a symbolic link. Node writes its entries inside it.
 */
function privateDir(dir) {
  const fs = require('node:fs');
  const uid = process.getuid();
  let existing = dir;
  let st;
  while (!(st = fs.statSync(existing, { throwIfNoEntry: false }))) {
    if (dirname(existing) === existing) return false;
    existing = dirname(existing);
  }
  const ours = (s) => s.isDirectory() && s.uid === uid && !(s.mode & 0o002);
  if (!ours(st)) return false;
  if (existing !== dir) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const own = fs.lstatSync(dir);
  if (own.isSymbolicLink() || !ours(own)) return false;
  if (own.mode & 0o077) fs.chmodSync(dir, 0o700);
  return true;
}
