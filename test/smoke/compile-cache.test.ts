// Node's compile cache (module.enableCompileCache, turned on by bin/start.cjs) as a user meets it: the
// built CLI, spawned on the Node that runs the tests, with a home and cache folder of the test's own. A
// run fills ~/.cache/cardqr/compile-cache (0700; Node makes a folder per Node version inside it).
// Under CARDQR_NO_CACHE=1, or in a home or cache folder that is not the user's, world-writable,
// read-only, a link or not a folder, nothing is written anywhere, and the command answers exactly as
// without a cache, with nothing on stderr. A rebuilt dist/ is never run from a stale entry (Node checks
// a hash of each source, not its length).
import {
  cpSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureFreshBuild, ROOT, spawnCli } from '../helpers/built-cli.js';
import { tempDir } from '../helpers/run-cli.js';

beforeAll(() => ensureFreshBuild(), 180_000);

const ROOT_USER = process.getuid?.() === 0;
const OTHER_UID = 4242;

/** Every file below `dir` (paths relative to it). */
function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile());
}

/** A home of the test's own; runs `cardqr profiles list` (a command past the --version answer) in it. */
function setup(bin = BIN) {
  const home = tempDir();
  const config = join(home, 'config');
  const run = async (
    env: Record<string, string | undefined> = {},
    shell?: string,
    args = ['profiles', 'list', '-o', 'json'],
  ) => {
    const r = await spawnCli([], {
      shell: shell ?? `exec "${process.execPath}" "${bin}" ${args.join(' ')}`,
      env: {
        HOME: home,
        XDG_CACHE_HOME: undefined,
        CARDQR_NO_CACHE: undefined,
        NODE_COMPILE_CACHE: undefined,
        NODE_DISABLE_COMPILE_CACHE: undefined,
        CARDQR_CONFIG_DIR: config,
        ...env,
      },
    }).done;
    expect([r.code, r.stderr]).toEqual([0, '']);
    return r.stdout;
  };
  return { home, run, cache: join(home, '.cache', 'cardqr', 'compile-cache') };
}

describe('the compile cache', () => {
  it('fills ~/.cache/cardqr/compile-cache, private to the user (0700), a folder per Node version inside', async () => {
    const { run, cache } = setup();
    const first = await run();
    const written = files(cache);
    expect(written.length).toBeGreaterThan(0);
    const [folder] = readdirSync(cache);
    expect(folder).toContain(process.version);
    for (const dir of [join(cache, '..', '..'), join(cache, '..'), cache])
      expect((statSync(dir).mode & 0o777).toString(8)).toBe('700');
    expect(await run()).toBe(first); // read back: the same answer
  });

  it('a rebuilt dist/ runs its new code, even where a change keeps every file the same length', async () => {
    // A copy of the package (bin/, dist/, package.json; node_modules linked), run once to fill the
    // cache, then a word of the help changed in place for another of the same length.
    const pkg = tempDir();
    for (const part of ['bin', 'dist', 'package.json']) cpSync(join(ROOT, part), join(pkg, part), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'));
    const { run } = setup(join(pkg, 'bin', 'cardqr'));
    const before = await run({}, undefined, ['--help']);
    expect(before).toContain('Manage digital business cards');
    const cli = join(pkg, 'dist', 'cli.js');
    const text = readFileSync(cli, 'utf8');
    expect(text).toContain('Manage digital business cards');
    writeFileSync(cli, text.replace('Manage digital business cards', 'Manage digital business CARDS'));
    const after = await run({}, undefined, ['--help']);
    expect(after).toContain('Manage digital business CARDS');
    expect(after.length).toBe(before.length);
  });

  it('goes to an absolute XDG_CACHE_HOME; a relative one is ignored', async () => {
    const { home, run, cache } = setup();
    const xdg = join(home, 'xdg');
    await run({ XDG_CACHE_HOME: xdg });
    expect(files(join(xdg, 'cardqr', 'compile-cache')).length).toBeGreaterThan(0);
    expect(existsSync(join(home, '.cache'))).toBe(false);
    await run({ XDG_CACHE_HOME: 'relative/cache' });
    expect(files(cache).length).toBeGreaterThan(0);
  });

  it('CARDQR_NO_CACHE=1 (or NODE_DISABLE_COMPILE_CACHE=1): nothing is written, in the home or in XDG_CACHE_HOME', async () => {
    const { home, run } = setup();
    await run({ CARDQR_NO_CACHE: '1' });
    await run({ CARDQR_NO_CACHE: '1', XDG_CACHE_HOME: join(home, 'xdg') });
    await run({ NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(readdirSync(home).filter((f) => f !== 'config')).toEqual([]);
  });

  it('a cache folder that cannot be made (a file in its place) is skipped silently', async () => {
    const { home, run } = setup();
    writeFileSync(join(home, '.cache'), 'not a folder');
    await run();
    expect(statSync(join(home, '.cache')).isFile()).toBe(true);
  });

  it.skipIf(ROOT_USER)('a read-only home is left untouched', async () => {
    const { home, run } = setup();
    mkdirSync(join(home, 'config'));
    chmodSync(home, 0o500);
    try {
      await run();
      expect(readdirSync(home)).toEqual(['config']);
    } finally {
      chmodSync(home, 0o700);
    }
  });

  it.skipIf(!ROOT_USER)('a home or cache folder of another user is never written into', async () => {
    const { home, run } = setup();
    mkdirSync(join(home, 'config'));
    const xdg = join(home, 'xdg');
    mkdirSync(xdg);
    chownSync(xdg, OTHER_UID, OTHER_UID);
    await run({ XDG_CACHE_HOME: xdg });
    expect(readdirSync(xdg)).toEqual([]);
    chownSync(home, OTHER_UID, OTHER_UID);
    await run();
    expect(readdirSync(home).sort()).toEqual(['config', 'xdg']);
  });

  it('under a file size limit (ulimit -f) nothing is written: Node writes it at exit, where SIGXFSZ would kill', async () => {
    const { home, run } = setup();
    await run({}, `ulimit -f 256; exec "${process.execPath}" "${BIN}" profiles list -o json`);
    expect(files(join(home, '.cache'))).toEqual([]);
  });

  it('a world-writable cache folder (a shared place) is never written into', async () => {
    const { home, run } = setup();
    const shared = join(home, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    await run({ XDG_CACHE_HOME: shared });
    expect(readdirSync(shared)).toEqual([]);
  });

  it('a symbolic link planted as the cache folder is not followed', async () => {
    const { home, run, cache } = setup();
    const elsewhere = join(home, 'elsewhere');
    mkdirSync(elsewhere);
    mkdirSync(join(home, '.cache', 'cardqr'), { recursive: true, mode: 0o700 });
    symlinkSync(elsewhere, cache);
    await run();
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('a cache folder of ours that others could read is made private (0700)', async () => {
    const { run, cache } = setup();
    mkdirSync(cache, { recursive: true, mode: 0o700 });
    chmodSync(cache, 0o755);
    await run();
    expect((statSync(cache).mode & 0o777).toString(8)).toBe('700');
    expect(files(cache).length).toBeGreaterThan(0);
  });

  it('is safe to delete or damage: the next run compiles again and answers the same', async () => {
    const { run, cache } = setup();
    const first = await run();
    const written = files(cache);
    for (const f of written) writeFileSync(join(cache, f), 'damaged');
    expect(await run()).toBe(first);
    rmSync(cache, { recursive: true });
    expect(await run()).toBe(first);
    expect(files(cache).length).toBeGreaterThan(0);
  });
});
