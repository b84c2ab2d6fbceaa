// The compile cache (src/compile-cache.ts) as a user meets it: the built CLI, spawned on the Node that
// runs the tests, with a home and cache folder of the test's own. On Node >= 22.1 a run fills
// ~/.cache/cardqr/compile-cache (0700); on older Node nothing is created. Under CARDQR_NO_CACHE=1, in
// a home or cache folder that is not the user's, world-writable, read-only or not a folder, nothing is
// written anywhere, and the command answers exactly as without a cache, with nothing on stderr.
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, spawnCli } from '../helpers/built-cli.js';
import { tempDir } from '../helpers/run-cli.js';

beforeAll(() => ensureFreshBuild(), 180_000);

const SUPPORTED = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';
const ROOT_USER = process.getuid?.() === 0;
const OTHER_UID = 4242;

/** Every file below `dir` (paths relative to it). */
function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile());
}

/** A home of the test's own; runs `cardqr profiles list` (a command past the fast paths) in it. */
function setup() {
  const home = tempDir();
  const config = join(home, 'config');
  const run = async (env: Record<string, string | undefined> = {}, shell?: string) => {
    const r = await spawnCli(['profiles', 'list', '-o', 'json'], {
      shell,
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
  it(`${SUPPORTED ? 'fills' : 'is not made by this Node in'} ~/.cache/cardqr/compile-cache, private to the user`, async () => {
    const { home, run, cache } = setup();
    const first = await run();
    if (!SUPPORTED) {
      expect(existsSync(join(home, '.cache'))).toBe(false);
      return;
    }
    expect(files(cache).length).toBeGreaterThan(0);
    for (const dir of [join(home, '.cache'), join(home, '.cache', 'cardqr'), cache])
      expect((statSync(dir).mode & 0o777).toString(8)).toBe('700');
    expect(await run()).toBe(first); // read back: the same answer
  });

  it('goes to an absolute XDG_CACHE_HOME; a relative one is ignored', async () => {
    const { home, run, cache } = setup();
    const xdg = join(home, 'xdg');
    await run({ XDG_CACHE_HOME: xdg });
    expect(files(join(xdg, 'cardqr', 'compile-cache')).length > 0).toBe(SUPPORTED);
    expect(existsSync(join(home, '.cache'))).toBe(false);
    await run({ XDG_CACHE_HOME: 'relative/cache' });
    expect(files(cache).length > 0).toBe(SUPPORTED);
  });

  it('CARDQR_NO_CACHE=1: nothing is written, in the home or in XDG_CACHE_HOME', async () => {
    const { home, run } = setup();
    await run({ CARDQR_NO_CACHE: '1' });
    await run({ CARDQR_NO_CACHE: '1', XDG_CACHE_HOME: join(home, 'xdg') });
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

  it('under a file size limit (ulimit -f) nothing is written: Node would write it at exit, where SIGXFSZ kills', async () => {
    const { home, run } = setup();
    await run({}, 'ulimit -f 256; exec $CARDQR profiles list -o json');
    expect(existsSync(join(home, '.cache'))).toBe(false);
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

  it.runIf(SUPPORTED)('a cache folder of ours that others could read is made private (0700)', async () => {
    const { run, cache } = setup();
    mkdirSync(cache, { recursive: true, mode: 0o700 });
    chmodSync(cache, 0o755);
    await run();
    expect((statSync(cache).mode & 0o777).toString(8)).toBe('700');
    expect(files(cache).length).toBeGreaterThan(0);
  });

  it.runIf(SUPPORTED)('is safe to delete or damage: the next run compiles again and answers the same', async () => {
    const { run, cache } = setup();
    const first = await run();
    for (const f of files(cache)) writeFileSync(join(cache, f), 'damaged');
    expect(await run()).toBe(first);
    rmSync(cache, { recursive: true });
    expect(await run()).toBe(first);
    expect(files(cache).length).toBeGreaterThan(0);
  });
});
