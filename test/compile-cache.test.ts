// Where the compile cache goes (src/compile-cache.ts): the directory for a set of variables. What
// happens on disk is test/smoke/compile-cache.test.ts (the built CLI, spawned).
import { rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCacheDir, loadBuild } from '../src/compile-cache.js';
import { tempDir } from './helpers/run-cli.js';

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

describe('loadBuild', () => {
  /** A build of three modules: the entry requires a chunk and a built-in; the chunk requires the entry back. */
  function build(): string {
    const dist = tempDir();
    writeFileSync(
      join(dist, 'cli.cjs'),
      "'use strict';\nconst chunk = require('./chunk-a1.cjs');\nconst path = require('node:path');\n" +
        'exports.main = async (argv) => chunk.double(argv.length) + path.posix.sep.length;\nexports.file = __filename;\n',
    );
    writeFileSync(
      join(dist, 'chunk-a1.cjs'),
      "'use strict';\nconst cli = require('./cli.cjs');\nexports.double = (n) => n * 2;\nexports.entryFirst = () => typeof cli.main;\n",
    );
    return dist;
  }

  it('loads the entry and the modules it requires, each once, cycles included', async () => {
    const dist = build();
    const cli = loadBuild(dist, 'cli.cjs', { CARDQR_NO_CACHE: '1' }) as unknown as {
      main(argv: string[]): Promise<number>;
      file: string;
    };
    expect(await cli.main(['a', 'b'])).toBe(5);
    expect(cli.file).toBe(`${dist}/cli.cjs`);
  });

  it('a module of the build that is missing fails as a file that is missing (bin/cardqr says which)', () => {
    const dist = build();
    rmSync(join(dist, 'chunk-a1.cjs'));
    expect(() => loadBuild(dist, 'cli.cjs', { CARDQR_NO_CACHE: '1' })).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    );
  });
});
