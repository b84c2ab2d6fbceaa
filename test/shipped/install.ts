// Global setup of the `shipped` project: what users run is the package `npm pack` makes, installed with
// `npm install -g`. It is packed from the fresh build (prepack's build is what ensureFreshBuild runs) and
// installed once per test run into a temporary prefix, as a user installs it: its dependencies resolved
// from their ranges (a package carries no lockfile), from the npm cache `npm ci` filled where it holds
// them and from the registry where it does not (`npm ci` fetches tarballs, not every package's
// metadata); its tests run that copy, never the checkout's bin/.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { ensureFreshBuild, ROOT } from '../helpers/built-cli.js';

const exec = promisify(execFile);

declare module 'vitest' {
  export interface ProvidedContext {
    /** The installed package: `prefix/bin/cardqr` and the package folder under `prefix/lib/node_modules`. */
    shipped: { prefix: string; bin: string; packageDir: string; tarball: string };
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  await ensureFreshBuild();
  const work = mkdtempSync(join(tmpdir(), 'cardqr-shipped-'));
  const npm = {
    cwd: ROOT,
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
    maxBuffer: 16 << 20,
  };
  // dist/ is fresh: --ignore-scripts skips prepack, so no rebuild runs under other test files' feet
  // (test/packaging/pack.test.ts runs prepack for real from a clean clone).
  const { stdout } = await exec('npm', ['pack', '--pack-destination', work, '--json', '--ignore-scripts'], npm);
  const tarball = join(work, (JSON.parse(stdout) as Array<{ filename: string }>)[0].filename);
  const prefix = join(work, 'prefix');
  await exec('npm', ['install', '-g', '--prefix', prefix, '--prefer-offline', '--omit=dev', tarball], {
    ...npm,
    cwd: work,
  });
  project.provide('shipped', {
    prefix,
    bin: join(prefix, 'bin', 'cardqr'),
    packageDir: join(prefix, 'lib', 'node_modules', 'cardqr'),
    tarball,
  });
  return () => rmSync(work, { recursive: true, force: true });
}
