// The compile cache (src/compile-cache.ts) as a user meets it: the built CLI, spawned on the Node that
// runs the tests, with a home and cache folder of the test's own. A run fills
// ~/.cache/cardqr/compile-cache (0700; a folder per cardqr and Node version, a 0600 file per module
// the run loaded), on every supported Node. Under CARDQR_NO_CACHE=1, in
// a home or cache folder that is not the user's, world-writable, read-only or not a folder, nothing is
// written anywhere, and the command answers exactly as without a cache, with nothing on stderr.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
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
import { ensureFreshBuild, ROOT, spawnCli } from '../helpers/built-cli.js';
import { tempDir } from '../helpers/run-cli.js';

beforeAll(() => ensureFreshBuild(), 180_000);

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
  it('fills ~/.cache/cardqr/compile-cache, private to the user: a file per module of the build', async () => {
    const { run, cache } = setup();
    const first = await run();
    const written = files(cache);
    expect(written).toContainEqual(expect.stringMatching(/^[\w.-]+-node[\d.]+-\w+\/cli\.cjs$/));
    const [folder] = readdirSync(cache);
    expect(
      written.every((f) => f.startsWith(`${folder}/`) && existsSync(join(ROOT, 'dist', f.slice(folder.length + 1)))),
    ).toBe(true);
    for (const dir of [join(cache, '..', '..'), join(cache, '..'), cache, join(cache, folder)])
      expect((statSync(dir).mode & 0o777).toString(8)).toBe('700');
    for (const f of written) expect((statSync(join(cache, f)).mode & 0o777).toString(8)).toBe('600');
    const before = written.map((f) => statSync(join(cache, f)).mtimeMs);
    expect(await run()).toBe(first); // read back: the same answer, and nothing written again
    expect(written.map((f) => statSync(join(cache, f)).mtimeMs)).toEqual(before);
    expect(files(cache)).toEqual(written);
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

  it('under a file size limit (ulimit -f) nothing is written: it is written at exit, where SIGXFSZ could kill', async () => {
    const { home, run } = setup();
    await run({}, 'ulimit -f 256; exec $CARDQR profiles list -o json');
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

  it('is safe to delete or damage: the next run compiles again, answers the same and writes it anew', async () => {
    const { run, cache } = setup();
    const first = await run();
    const written = files(cache);
    for (const f of written) writeFileSync(join(cache, f), 'damaged');
    writeFileSync(join(cache, written[0]), readFileSync(join(cache, written[1]))); // another module's code
    expect(await run()).toBe(first);
    for (const f of written) expect(readFileSync(join(cache, f), 'latin1')).not.toBe('damaged');
    expect(readFileSync(join(cache, written[0]))).not.toEqual(readFileSync(join(cache, written[1])));
    rmSync(cache, { recursive: true });
    expect(await run()).toBe(first);
    expect(files(cache).length).toBeGreaterThan(0);
  });

  it('an entry that is a FIFO, a link or a device is never read (no wait, nothing followed) and is replaced', async () => {
    const { home, run, cache } = setup();
    const first = await run();
    const [fifo, link, device] = files(cache);
    const outside = join(home, 'outside');
    writeFileSync(outside, 'not ours');
    rmSync(join(cache, fifo));
    execFileSync('mkfifo', [join(cache, fifo)]); // opened for reading with no writer, it would block
    rmSync(join(cache, link));
    symlinkSync(outside, join(cache, link));
    rmSync(join(cache, device));
    symlinkSync('/dev/zero', join(cache, device)); // read whole, it would never end
    expect(await run()).toBe(first);
    for (const f of [fifo, link, device]) expect(lstatSync(join(cache, f)).isFile()).toBe(true);
    expect(readFileSync(outside, 'utf8')).toBe('not ours');
  });
});
