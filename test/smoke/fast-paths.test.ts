// bin/cardqr answers exactly `--version` (or -V, -v, `version`) from package.json, without loading the
// CLI: the start-up target for it is 1.2x `node -e 0` (PRODUCT section 15; `npm run bench`). These
// tests keep its answer the CLI's own and check that it really skips the bundle. No timings here.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, spawnCli } from '../helpers/built-cli.js';
import { tempDir } from '../helpers/run-cli.js';

beforeAll(() => ensureFreshBuild(), 120_000);

describe('bin/cardqr --version', () => {
  it.each(['--version', '-V', '-v', 'version'])('%s prints what the CLI prints, status 0', async (arg) => {
    const r = await spawnCli([arg]).done;
    expect([r.code, r.stderr]).toEqual([0, '']);
    // The CLI itself (commander's --version), reached with a second flag past the shim's answer.
    const cli = await spawnCli(['--no-color', '--version']).done;
    expect(r.stdout).toBe(cli.stdout);
  });

  it('the version is the package version', async () => {
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    expect((await spawnCli(['--version']).done).stdout).toBe(`${version}\n`);
  });

  it('does not load the CLI bundle; anything more than the one flag does', async () => {
    // Every module file the process loads, on stderr (a preloaded hook of Node's public module.registerHooks).
    const hook = join(tempDir(), 'loads.mjs');
    writeFileSync(
      hook,
      "import { registerHooks } from 'node:module';\nregisterHooks({ load(url, ctx, next) { process.stderr.write('load ' + url + '\\n'); return next(url, ctx); } });\n",
    );
    const loads = async (args: string[]) =>
      (await spawnCli(args, { env: { NODE_OPTIONS: `--import ${hook}` } }).done).stderr;
    expect(await loads(['--version'])).not.toMatch(/dist\/cli\.js/);
    expect(await loads(['--version', '--no-color'])).toMatch(/dist\/cli\.js/);
  });

  it('a closed pipe (| head) ends quietly with status 0', async () => {
    const r = await spawnCli([], { shell: `set -o pipefail; $CARDQR --help | head -c 5; echo " status=$?"` }).done;
    expect(r.stdout).toBe('Manag status=0\n');
    expect(r.stderr).toBe('');
  });
});
