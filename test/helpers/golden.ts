// Golden files: expected output kept under test/__golden__/ and compared exactly. After a deliberate
// change of the output, rewrite them with `UPDATE_GOLDEN=1 npx vitest run <test file>` and review the diff.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from './built-cli.js';

export const GOLDEN_DIR = join(ROOT, 'test', '__golden__');

/** Compares `actual` with test/__golden__/<name>; with UPDATE_GOLDEN=1 writes it instead. A missing file fails. */
export function expectGolden(name: string, actual: string): void {
  const file = join(GOLDEN_DIR, name);
  // Never under CI: a leftover UPDATE_GOLDEN=1 there would make every golden comparison pass.
  if (process.env.UPDATE_GOLDEN === '1' && !process.env.CI) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file))
    throw new Error(
      `no golden file test/__golden__/${name}: run UPDATE_GOLDEN=1 npx vitest run <this test file> and review it`,
    );
  expect(actual, `differs from test/__golden__/${name} (UPDATE_GOLDEN=1 rewrites it after a deliberate change)`).toBe(
    readFileSync(file, 'utf8'),
  );
}
