// Writes the manifest (commands/manifest.ts and one commands/manifest/<noun>.ts a noun) from the
// definitions: `npm run manifest`, and the test that fails when a committed file is not what the
// definitions say. Never loaded by a run.
import type { Definition } from './define.js';
import { describe } from './describe.js';
import { isDefinition } from './define.js';

const HEAD = `// Generated from the command definitions by \`npm run manifest\`; test/commands/manifest.test.ts fails
// when it differs from what they say.`;

/**
 * `groups` the root help's headings and their nouns, in order; `modules` every module of src/commands
 * by its path from there ("qr/create.ts"), so each verb's loader names the file and export that
 * define it. Returns each file's text by its path from src/commands.
 */
export function manifestFiles(
  groups: Array<{ heading: string; nouns: Definition[] }>,
  modules: Record<string, Record<string, unknown>>,
): Record<string, string> {
  const where = new Map<unknown, string>();
  for (const [file, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isDefinition(value) && !where.has(value))
        where.set(value, `import('../${file.replace(/\.ts$/, '.js')}').then((m) => m.${name})`);
    }
  }
  const files: Record<string, string> = {};
  for (const noun of groups.flatMap((g) => g.nouns)) {
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
    walk(noun, []);
    files[`manifest/${noun.name}.ts`] = `${HEAD}
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = ${JSON.stringify(describe(noun), null, 2)};

export const loaders: Loaders = {
${loaders.join('\n')}
};
`;
  }
  const outline = groups.map((g) => ({
    heading: g.heading,
    nouns: g.nouns.map((n) => ({
      name: n.name,
      summary: n.summary,
      ...(n.aliases?.length && { aliases: n.aliases }),
      ...(n.hidden && { hidden: true }),
    })),
  }));
  const nouns = groups.flatMap((g) => g.nouns).map((n) => `  '${n.name}': () => import('./manifest/${n.name}.js'),`);
  files['manifest.ts'] = `${HEAD} The root reads this: each noun's
// name and summary, and where the rest of it is (commands/manifest/<noun>.ts), loaded for the noun a run
// names (every one for help and completion); a run then loads only the definition of its verb.
import type { ManifestGroup, NounManifest } from './model/manifest-types.js';

export const MANIFEST: ManifestGroup[] = ${JSON.stringify(outline, null, 2)};

export const NOUNS: Record<string, () => Promise<NounManifest>> = {
${nouns.join('\n')}
};
`;
  return files;
}
