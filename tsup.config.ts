import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { promisify } from 'node:util';
import { readFile } from 'node:fs/promises';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

// Lazy `await import()` inside command actions + splitting keeps `--version`/`--help` fast.
// sharp is native and cannot be bundled; everything else is.
// commander loads child_process at start-up only for executable subcommands, which cardqr never
// uses; deferring that require saves ~5 ms on every run (`--version` must stay near `node -e 0`).
const lazyChildProcess: EsbuildPlugin = {
  name: 'lazy-child-process',
  setup(build) {
    build.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replace(
          "require('node:child_process')",
          "{ spawn: (...a) => require('node:child_process').spawn(...a) }",
        ),
        loader: 'js',
      };
    });
  },
};

// The emulator validates with classic zod, the CLI with zod/mini. Both share zod's core modules, so
// with splitting the CLI's zod chunk also carried everything classic zod keeps alive (every locale,
// JSON Schema; 665 KB). The emulator takes zod's CommonJS build instead: the two graphs no longer
// share a module and the CLI's chunk holds only what zod/mini uses (~50 KB).
const emulatorZodCjs: EsbuildPlugin = {
  name: 'emulator-zod-cjs',
  setup(build) {
    build.onResolve({ filter: /^zod$/ }, async (args) => {
      if (args.pluginData === 'emulator-zod' || !/[\\/]src[\\/]emulator[\\/]/.test(args.importer)) return undefined;
      const resolved = await build.resolve('zod', {
        kind: 'require-call',
        resolveDir: args.resolveDir,
        pluginData: 'emulator-zod',
      });
      return { path: resolved.path };
    });
  },
};

// Node's built-in modules are loaded with `require()`, never with an ESM `import`. An ESM import of a
// built-in builds its module namespace, which reads every export, lazy getters included: on Node 22
// and 24 `import … from 'node:http'` thereby loads Node's internal undici (http.WebSocket: ~25 ms, as
// much as `node -e 0` on Node 24), `node:crypto` its WebCrypto and `node:fs` fs/promises (and readline).
// Each importing file gets a small facade that requires the module and exports just the names that
// file imports (read from its import statements). A module in LAZY is not even required until one of
// its functions is first called (a plain function becomes a forwarder): `cardqr me` loads neither
// crypto nor fs/promises nor os, which profiles, locks and durable writes import for later. A
// namespace import (`import * as`) or a dynamic `import()` gets the module through esbuild's
// CommonJS interop, which copies the export names (not their values).
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const LAZY = new Set([
  'node:crypto',
  'node:fs/promises',
  'node:os',
  'node:readline',
  'node:zlib',
  'node:child_process',
]);
const IDENT = /^[A-Za-z_$][\w$]*$/;
const buildRequire = createRequire(import.meta.url);
const sourceCache = new Map<string, string>();

/**
 * What `importer` imports from `specifier` by `import … from`: `default` for a default import, then
 * the names; undefined when it needs the whole module (a namespace import, a form not understood).
 */
async function importedNames(importer: string, specifier: string): Promise<string[] | undefined> {
  let text = sourceCache.get(importer);
  if (text === undefined) sourceCache.set(importer, (text = await readFile(importer, 'utf8')));
  const quoted = specifier.replace(/[/]/g, '\\/');
  const clauses = [...text.matchAll(new RegExp(`import\\s+([^'";]*?)\\s+from\\s*['"]${quoted}['"]`, 'g'))].map((m) =>
    m[1].trim(),
  );
  if (!clauses.length) return undefined;
  const names = new Set<string>();
  for (const clause of clauses) {
    if (clause.includes('*')) return undefined;
    if (/^type\s/.test(clause)) continue; // erased
    const [, head, braces] = /^([\w$]+)?\s*,?\s*(?:\{([^}]*)\})?$/.exec(clause) ?? [];
    if (head === undefined && braces === undefined) return undefined;
    if (head) names.add('default');
    for (const part of braces?.split(',') ?? []) {
      const spec = part.trim();
      if (!spec || /^type\s/.test(spec)) continue;
      const name = spec.split(/\s+as\s+/)[0].trim();
      if (!IDENT.test(name)) return undefined;
      names.add(name);
    }
  }
  return [...names].sort();
}

/** The facade of `id` exporting `names` (see above). */
function builtinFacade(id: string, names: string[]): string {
  const real = buildRequire(id) as Record<string, unknown>;
  const lazy = LAZY.has(id);
  const out = [
    lazy
      ? `let m;\nconst load = () => (m ??= require(${JSON.stringify(id)}));`
      : `const m = require(${JSON.stringify(id)});`,
  ];
  for (const name of names) {
    const value = name === 'default' ? real : real[name];
    // A plain function (not a class, nothing for util.promisify to find on it) can wait for its first call.
    const forward = lazy && typeof value === 'function' && /^[a-z]/.test(name) && !(promisify.custom in value);
    if (name === 'default') out.push(lazy ? 'export default load();' : 'export default m;');
    else if (forward) out.push(`export function ${name}(...args) { return load().${name}(...args); }`);
    else out.push(`export const ${name} = ${lazy ? 'load()' : 'm'}.${name};`);
  }
  return `${out.join('\n')}\n`;
}

const builtinsByRequire: EsbuildPlugin = {
  name: 'builtins-by-require',
  setup(build) {
    build.onResolve({ filter: /^[a-z_:/0-9]+$/ }, async (args) => {
      if (!BUILTINS.has(args.path)) return undefined;
      const id = args.path.startsWith('node:') ? args.path : `node:${args.path}`;
      if (args.kind === 'require-call') return { path: id, external: true };
      const names = args.kind === 'import-statement' ? await importedNames(args.importer, args.path) : undefined;
      // One facade per module and set of names (esbuild keeps one module per path).
      return { path: names ? `${id}?${names.join(',')}` : id, namespace: 'node-builtin' };
    });
    build.onLoad({ filter: /.*/, namespace: 'node-builtin' }, (args) => {
      const [id, list] = args.path.split('?');
      if (list === undefined) return { contents: `module.exports = require(${JSON.stringify(id)});`, loader: 'js' };
      return { contents: builtinFacade(id, list ? list.split(',') : []), loader: 'js' };
    });
  },
};

export default defineConfig({
  esbuildPlugins: [lazyChildProcess, emulatorZodCjs, builtinsByRequire],
  // compile-cache: loaded by bin/cardqr first; it loads the CLI's modules (scripts/merge-chunks.mjs makes them CommonJS).
  entry: { cli: 'src/cli.ts', 'compile-cache': 'src/compile-cache.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: true,
  bundle: true,
  noExternal: [/^(?!sharp$).*/],
  external: ['sharp'],
  clean: true,
  removeNodeProtocol: false, // else tsup marks `node:` imports external before builtinsByRequire sees them
  define: { __CARDQR_VERSION__: JSON.stringify(version) },
  sourcemap: false,
  // Whitespace, comments and syntax only (names stay, as in stack traces): less for V8 to scan at start-up
  // (Node 20 has no compile cache), and smaller chunks for scripts/merge-chunks.mjs.
  minifyWhitespace: true,
  minifySyntax: true,
  // `require` for the built-ins (builtinsByRequire) and the bundled CommonJS packages. A built-in comes
  // from process.getBuiltinModule (the same object require returns); a real `require` (createRequire:
  // a CommonJS module object and its node_modules paths, ~0.3 MB of heap at every start-up) is made on
  // first use only, for anything else. An ESM import of node:module would build its namespace.
  banner: {
    js: "let __cardqrRequire; const require = (id) => process.getBuiltinModule(id) ?? (__cardqrRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);",
  },
});
