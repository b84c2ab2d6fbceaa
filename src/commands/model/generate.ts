// Writes the manifest's text (commands/manifest.ts) from the definitions: `npm run manifest`, and the
// test that fails when the committed file is not what the definitions say. Never loaded by a run.
import type { Definition } from './define.js';
import { describe } from './describe.js';
import { isDefinition } from './define.js';

/**
 * `groups` the root help's headings and their nouns, in order; `modules` every module of src/commands by its path from
 * there ("qr/create.ts"), so each verb's loader names the file and export that define it.
 */
export function manifestText(
  groups: Array<{ heading: string; nouns: Definition[] }>,
  modules: Record<string, Record<string, unknown>>,
): string {
  const where = new Map<unknown, string>();
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isDefinition(value) && !where.has(value))
        where.set(value, `import('./${file.replace(/\.ts$/, '.js')}').then((m) => m.${name})`);
    }
  }
  const loaders: string[] = [];
  const walk = (def: Definition, path: string[]) => {
    const names = [...path, def.name];
    if ('run' in def) {
      const load = where.get(def);
      if (!load) throw new Error(`${names.join(' ')}: its definition is not exported by a module of src/commands`);
      loaders.push(`  '${names.join(' ')}': () => ${load},`);
    }
    for (const c of def.commands ?? []) walk(c, names);
  };
  for (const g of groups) for (const n of g.nouns) walk(n, []);
  const nodes = groups.map((g) => ({ heading: g.heading, nouns: g.nouns.map((n) => describe(n)) }));
  return `// Generated from the command definitions by \`npm run manifest\`; test/commands/manifest.test.ts fails
// when it differs from what they say. The parser, help and completion read this, so a run loads only
// the definition of the command it names.
import type { Loaders } from './model/tree.js';
import type { ManifestGroup } from './model/manifest-types.js';

export const MANIFEST: ManifestGroup[] = ${JSON.stringify(nodes, null, 2)};

export const LOADERS: Loaders = {
${loaders.join('\n')}
};
`;
}
