import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

// Two projects, one run: `npm test` runs both, `npm run test:fast` only `unit`. A test file is a unit test
// when neither it nor a test helper it imports starts a process or a server: it imports none of the
// helpers below, not node:child_process, and does not run `cardqr emulator`. Decided from the imports, so a new file lands on the
// right side without anyone editing a list.
const SLOW_IMPORT =
  /from '[^']*\/helpers\/(emulator|built-cli|shells|answer-server|pty|connect-proxy|https-front)\.js'|from '[^']*\/emulator\/_util\.js'|'node:child_process'|\bcreateEmulator\b|runCli\(\['emulator'/;

function startsSomething(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  if (SLOW_IMPORT.test(text)) return true;
  // Follow imports of local test helpers (not of src/, whose modules start nothing on import).
  for (const [, spec] of text.matchAll(/from '(\.[^']+)\.js'/g)) {
    const target = normalize(join(dirname(file), `${spec}.ts`));
    if (
      target.startsWith('test/') &&
      !target.endsWith('.test.ts') &&
      existsSync(target) &&
      startsSomething(target, seen)
    )
      return true;
  }
  return false;
}

// test/shipped/ is its own project: the installed package (packed and installed once per run by its
// global setup), run on the Node under test; .ci/run runs it again on each supported Node.
const testFiles = readdirSync('test', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => join('test', f).split('\\').join('/'))
  .filter((f) => !f.startsWith('test/shipped/'));
const unitFiles = testFiles.filter((f) => !startsSomething(f));

export default defineConfig({
  define: { __CARDQR_VERSION__: JSON.stringify(version) },
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Removes each file's temporary directories when it ends (test/helpers/setup.ts).
    setupFiles: ['test/helpers/setup.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: unitFiles } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/shipped/**', ...unitFiles],
        },
      },
      {
        extends: true,
        test: { name: 'shipped', include: ['test/shipped/**/*.test.ts'], globalSetup: ['test/shipped/install.ts'] },
      },
    ],
  },
});
