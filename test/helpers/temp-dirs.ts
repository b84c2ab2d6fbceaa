// Every temporary directory a test makes (tempDir) is removed when its test file ends (setup.ts, run
// before every file, registers removeAllTempDirs with afterAll), and at the latest when the worker exits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

export function removeAllTempDirs(): void {
  for (const d of made) rmSync(d, { recursive: true, force: true, maxRetries: 3 });
  made.clear();
}
process.once('exit', removeAllTempDirs);

export function tempDir(prefix = 'cardqr-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes a directory from tempDir() now (a test that makes many). */
export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.delete(dir);
}
