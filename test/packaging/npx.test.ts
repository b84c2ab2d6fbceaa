// README "Install": `npx --package ./cardqr-<version>.tgz cardqr …` runs the packed CLI without a
// global install. Dependencies come from the npm cache `npm ci` filled (--prefer-offline).
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, NODE_FIRST_PATH, ROOT } from '../helpers/built-cli.js';
import { tempDir } from '../helpers/run-cli.js';

const exec = promisify(execFile);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const work = tempDir('cardqr-npx-');
const npmEnv = {
  ...process.env,
  PATH: NODE_FIRST_PATH,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  CARDQR_CONFIG_DIR: join(work, 'config'),
};
let tarball = '';

beforeAll(async () => {
  await ensureFreshBuild();
  // dist/ is fresh: --ignore-scripts skips `prepack` (a rebuild under other test files, and its output in the JSON).
  const { stdout } = await exec('npm', ['pack', '--pack-destination', work, '--json', '--ignore-scripts'], {
    cwd: ROOT,
    env: npmEnv,
    maxBuffer: 16 << 20,
  });
  tarball = (JSON.parse(stdout) as Array<{ filename: string }>)[0].filename;
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npx from the package tarball', () => {
  it('runs cardqr without installing it globally', async () => {
    const npx = (args: string[]) =>
      exec('npx', ['--yes', '--prefer-offline', '--package', `./${tarball}`, 'cardqr', ...args], {
        cwd: work,
        env: npmEnv,
      });
    expect((await npx(['--version'])).stdout).toBe(`${pkg.version}\n`);
    const help = await npx(['cards', 'list', '--help']);
    expect(help.stdout).toContain('\nUSAGE\n  cardqr cards list [flags]\n');
    expect(help.stdout).toContain('\nINHERITED FLAGS\n');
  }, 300_000);
});
