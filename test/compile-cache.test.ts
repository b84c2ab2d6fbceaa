// Where the compile cache goes (src/compile-cache.ts): the directory for a set of variables. What
// happens on disk is test/smoke/compile-cache.test.ts (the built CLI, spawned).
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCacheDir } from '../src/compile-cache.js';

describe('compileCacheDir', () => {
  it.each([
    [{ HOME: '/home/ada' }, '/home/ada/.cache/cardqr/compile-cache'],
    [{ HOME: '/home/ada', XDG_CACHE_HOME: '/var/cache/ada' }, '/var/cache/ada/cardqr/compile-cache'],
    [{ HOME: '/home/ada', XDG_CACHE_HOME: 'rel/cache' }, '/home/ada/.cache/cardqr/compile-cache'],
    [{ HOME: '/home/ada', CARDQR_NO_CACHE: '0' }, '/home/ada/.cache/cardqr/compile-cache'],
    [{ HOME: '/home/ada', CARDQR_NO_CACHE: '1' }, undefined],
    [{ HOME: '/home/ada', CARDQR_NO_CACHE: 'yes' }, undefined],
    [{ HOME: '/home/ada', NODE_COMPILE_CACHE: '/tmp/cc' }, '/home/ada/.cache/cardqr/compile-cache'], // Node's own: not ours
    [{ HOME: '/home/ada', NODE_DISABLE_COMPILE_CACHE: '1' }, undefined],
    [{}, undefined],
    [{ HOME: 'relative' }, undefined],
  ])('%j → %s', (env, dir) => {
    expect(compileCacheDir(env, path.posix, 'linux')).toBe(dir);
  });

  it('none on Windows', () => {
    expect(compileCacheDir({ HOME: '/home/ada' }, path.posix, 'win32')).toBeUndefined();
  });
});
