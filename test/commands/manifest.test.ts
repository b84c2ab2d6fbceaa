// The committed manifest (src/commands/manifest.ts and src/commands/manifest/*.ts) is what the
// definitions say. CARDQR_WRITE_MANIFEST=1 (`npm run manifest`) writes it instead.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { GROUPS } from '../../src/commands/definitions.js';
import { manifestFiles } from '../../src/commands/model/generate.js';

const ROOT = fileURLToPath(new URL('../../src/commands/', import.meta.url));

type Glob = (pattern: string, opts: { eager: true }) => Record<string, Record<string, unknown>>;

test('src/commands/manifest.ts and manifest/*.ts are current (npm run manifest writes them)', async () => {
  const found = (import.meta as unknown as { glob: Glob }).glob('../../src/commands/**/*.ts', { eager: true });
  const modules = Object.fromEntries(
    Object.entries(found).map(([path, m]) => [path.replace('../../src/commands/', ''), m]),
  );
  const want = Object.fromEntries(
    await Promise.all(
      Object.entries(manifestFiles(GROUPS, modules)).map(async ([f, text]) => [f, await format(f, text)] as const),
    ),
  );
  if (process.env.CARDQR_WRITE_MANIFEST === '1') {
    rmSync(join(ROOT, 'manifest'), { recursive: true, force: true });
    for (const [f, text] of Object.entries(want)) {
      mkdirSync(dirname(join(ROOT, f)), { recursive: true });
      writeFileSync(join(ROOT, f), text);
    }
  }
  const have = Object.fromEntries(
    [
      'manifest.ts',
      ...(existsSync(join(ROOT, 'manifest')) ? readdirSync(join(ROOT, 'manifest')) : []).map((f) => `manifest/${f}`),
    ]
      .filter((f) => existsSync(join(ROOT, f)))
      .map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]),
  );
  expect(have, 'npm run manifest').toEqual(want);
});

async function format(file: string, text: string): Promise<string> {
  const prettier = await import('prettier');
  const filepath = join(ROOT, file);
  return prettier.format(text, { ...(await prettier.resolveConfig(filepath)), filepath });
}
