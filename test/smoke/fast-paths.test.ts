// bin/cardqr answers exactly `--version` and `--help` (on a pipe: 80 columns) from dist/fast.cjs,
// which the build renders with the CLI itself (scripts/gen-fast-paths.mjs). These tests keep the
// two the same and check that the fast path really skips the CLI bundle. No timings here: speed
// is measured by `npm run bench` (test/bench/startup.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, ROOT, spawnCli } from '../helpers/built-cli.js';
import { tempDir } from '../helpers/run-cli.js';

beforeAll(async () => {
  await ensureFreshBuild();
  // A dist/ built by tsup alone (or before the generator existed) lacks it.
  if (!existsSync(join(ROOT, 'dist', 'fast.cjs')))
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'gen-fast-paths.mjs')]);
}, 120_000);

/** What the CLI itself prints (main(), no fast path), in a child process with stdout on a pipe. */
function cli(arg: string): string {
  const run = 'require(process.argv[1]).main([process.argv[2]]).then((s) => { process.exitCode = s; });';
  return execFileSync(process.execPath, ['-e', run, join(ROOT, 'dist', 'cli.cjs'), arg], {
    encoding: 'utf8',
  });
}

describe('bin/cardqr fast paths', () => {
  it.each(['--version', '-V', '-v', 'version', '--help', '-h'])(
    '%s prints what the CLI prints, status 0',
    async (arg) => {
      const r = await spawnCli([arg]).done;
      expect([r.code, r.stderr]).toEqual([0, '']);
      expect(r.stdout).toBe(cli(arg));
    },
  );

  it('the version is the package version', async () => {
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    expect((await spawnCli(['--version']).done).stdout).toBe(`${version}\n`);
  });

  it('does not load the CLI bundle; anything more than the one flag does', async () => {
    // Every file the process reads, on stderr (a preloaded hook around fs.readFileSync).
    const hook = join(tempDir(), 'reads.cjs');
    writeFileSync(
      hook,
      "const fs = require('node:fs'); const read = fs.readFileSync; fs.readFileSync = function (p, ...a) { process._rawDebug('read ' + p); return read.call(this, p, ...a); };\n",
    );
    const reads = async (args: string[]) =>
      (await spawnCli(args, { env: { NODE_OPTIONS: `--require ${hook}` } }).done).stderr;
    expect(await reads(['--help'])).not.toMatch(/dist\/cli\.cjs/);
    expect(await reads(['--version'])).not.toMatch(/dist\/cli\.cjs/);
    expect(await reads(['--help', '--no-color'])).toMatch(/dist\/cli\.cjs/);
  });

  it('a closed pipe (| head) ends quietly with status 0', async () => {
    const r = await spawnCli([], { shell: `set -o pipefail; $CARDQR --help | head -c 5; echo " status=$?"` }).done;
    expect(r.stdout).toBe('Manag status=0\n');
    expect(r.stderr).toBe('');
  });
});
