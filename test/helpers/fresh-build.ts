// Tests that run the built `bin/cardqr` (completion call-backs, packaging, the demo) need a dist/
// that matches src/. CI builds first (.ci/run), so this is a no-op there; locally it rebuilds when
// a source file is newer than the bundle. A lock directory keeps parallel test files from
// building at the same time.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './built-cli.js';

const run = promisify(execFile);
const LOCK = join(ROOT, '.tmp', 'build.lock');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export function buildIsFresh(): boolean {
  const bundle = join(ROOT, 'dist', 'cli.js');
  if (!existsSync(bundle)) return false;
  const inputs = Math.max(newestSource(join(ROOT, 'src')), statSync(join(ROOT, 'package.json')).mtimeMs);
  return statSync(bundle).mtimeMs >= inputs;
}

/** Builds when dist/ is missing or older than src/. A failed rebuild over an existing dist/ is reported, not fatal. */
export async function ensureFreshBuild(): Promise<void> {
  if (buildIsFresh()) return;
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 300_000) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      if (buildIsFresh()) return; // another test file just built it
    }
  }
  try {
    if (buildIsFresh()) return;
    await run('npm', ['run', 'build'], { cwd: ROOT, maxBuffer: 16 << 20 });
  } catch (e) {
    if (!existsSync(join(ROOT, 'dist', 'cli.js'))) throw e;
    process.stderr.write(`warning: rebuilding dist/ failed; testing the existing bundle\n${(e as { stderr?: string }).stderr ?? ''}\n`);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
