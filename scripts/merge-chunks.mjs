#!/usr/bin/env node
// After tsup (`npm run build` runs it): merges esbuild's small chunks and writes the build as CommonJS
// (dist/*.cjs). esbuild splits code into one chunk per set of entry points that share it, and every
// `await import()` is an entry point: `cardqr me` loaded 36 modules of a few KB each. Each module
// costs a file read, a compile and a link, so rollup re-chunks the bundle (no tree-shaking, no
// transform: the code is esbuild's): what the entry loads statically goes into the entry's own chunk
// (it is loaded on every run anyway), and chunks under MIN_CHUNK are merged into others (a little code
// may then load where it is not used): `cardqr me` loads 9 modules (195 KB) where it loaded 36.
// CommonJS because src/compile-cache.ts loads these modules itself, with a code cache written after
// the run (README, Performance); esbuild's ESM output is rollup's input (esbuild splits only ESM).
// dist/compile-cache.cjs is bundled on its own into one file that imports nothing: bin/cardqr compiles
// it first, and it loads the rest.
// Usage: node scripts/merge-chunks.mjs [dist-dir]
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rollup } from 'rollup';

const MIN_CHUNK = 2_000; // bytes; more merges chunks into ones that other commands load without needing them
const ENTRIES = ['cli']; // tsup.config.ts's entries but compile-cache (bundled alone, below)
const ALONE = 'compile-cache';
// CommonJS: src/compile-cache.ts loads the modules itself (a code cache written after the run, and no
// ESM loader); an `import()` of a package left outside the bundle (sharp) becomes a require.
const COMMONJS = { format: 'cjs', dynamicImportInCjs: false, exports: 'named' };

const dist = resolve(process.argv[2] ?? 'dist');
const out = mkdtempSync(join(dist, '..', '.dist-merge-'));
const startup = staticClosure(join(dist, 'cli.js'));
try {
  const bundle = await rollup({
    input: Object.fromEntries(ENTRIES.map((e) => [e, join(dist, `${e}.js`)])),
    // Built-ins are required (tsup.config.ts, builtinsByRequire); sharp is the one package kept out.
    external: (id) => id === 'sharp' || id.startsWith('node:'),
    treeshake: false,
    // An entry chunk may carry other modules' exports too: no 80-byte facade module in front of it.
    preserveEntrySignatures: 'allow-extension',
    onwarn: (w, warn) => {
      if (w.code !== 'CIRCULAR_DEPENDENCY' && w.code !== 'EVAL') warn(w);
    },
    onLog: (level, log, handler) => {
      if (level === 'info') return; // its chunk-merging statistics
      handler(level, log);
    },
  });
  const { output: chunks } = await bundle.write({
    dir: out,
    ...COMMONJS,
    experimentalMinChunkSize: MIN_CHUNK,
    entryFileNames: '[name].cjs',
    manualChunks: (id) => (startup.has(id) ? 'cli' : undefined),
    chunkFileNames: 'chunk-[hash].cjs',
    hashCharacters: 'base36',
  });
  for (const c of chunks) {
    // src/compile-cache.ts compiles each module as a script, which has no ESM loader for an `import()`.
    const left = c.type === 'chunk' && /\bimport\s*\(\s*['"]/.exec(c.code);
    if (left) throw new Error(`${c.fileName}: a dynamic import() is left in the CommonJS build: ${left[0]}`);
  }
  await bundle.close();
  const alone = await rollup({
    input: join(dist, `${ALONE}.js`),
    external: (id) => id.startsWith('node:'),
    treeshake: false,
    onLog: (level, log, handler) => level !== 'info' && handler(level, log),
  });
  const { output } = await alone.write({ file: join(out, `${ALONE}.cjs`), ...COMMONJS, inlineDynamicImports: true });
  await alone.close();
  if (output.length !== 1 || output[0].imports.length || output[0].dynamicImports.length)
    throw new Error(`${ALONE}.cjs must be one file that imports nothing (bin/cardqr loads it before the CLI)`);
  for (const f of readdirSync(dist)) if (f.endsWith('.js') || f.endsWith('.cjs')) rmSync(join(dist, f));
  for (const f of readdirSync(out)) renameSync(join(out, f), join(dist, f));
} finally {
  rmSync(out, { recursive: true, force: true });
}

/** The files `entry` imports statically, itself included (esbuild's output: `import … from "./x.js"`). */
function staticClosure(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"()]*?from\s*)?"(\.\/[^"]+)"/g))
      visit(join(dist, m[1]));
  };
  visit(entry);
  return seen;
}
