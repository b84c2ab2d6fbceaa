// The committed manifest (src/commands/manifest.ts) is what the definitions say. CARDQR_WRITE_MANIFEST=1
// (`npm run manifest`) writes it instead.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { GROUPS } from '../../src/commands/definitions.js';
import { manifestText } from '../../src/commands/model/generate.js';

const FILE = fileURLToPath(new URL('../../src/commands/manifest.ts', import.meta.url));

test('src/commands/manifest.ts is current (npm run manifest writes it)', async () => {
  const found = (import.meta as unknown as { glob: Glob }).glob('../../src/commands/**/*.ts', { eager: true });
  const modules = Object.fromEntries(
    Object.entries(found).map(([path, m]) => [path.replace('../../src/commands/', ''), m]),
  );
  const text = await format(manifestText(GROUPS, modules));
  if (process.env.CARDQR_WRITE_MANIFEST === '1') writeFileSync(FILE, text);
  expect(readFileSync(FILE, 'utf8'), 'npm run manifest').toBe(text);
});

type Glob = (pattern: string, opts: { eager: true }) => Record<string, Record<string, unknown>>;

async function format(text: string): Promise<string> {
  const prettier = await import('prettier');
  return prettier.format(text, { ...(await prettier.resolveConfig(FILE)), filepath: FILE });
}
