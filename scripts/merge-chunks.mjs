#!/usr/bin/env node
// After tsup (`npm run build` runs it): merges esbuild's small chunks. esbuild splits code into one chunk
// per set of entry points that share it, and every `await import()` is an entry point: `cardqr me` loaded
// 36 modules of a few KB each. Each module costs the ESM loader a resolution, a file read, a compile
// and a link (~0.3 ms on these machines), and resolving that many paths makes Node's own path code hot
// enough for V8 to optimise it at start-up, which alone touches ~4 MB of the binary (peak RSS). Rollup
// re-chunks the bundle (no tree-shaking, no transform: the code is esbuild's): what the entry loads
// statically goes into the entry's own chunk (it is loaded on every run anyway), and chunks under
// MIN_CHUNK are merged into others (a little code may then load where it is not used): `cardqr me`
// now loads 9 modules (195 KB) where it loaded 36 (190 KB).
// dist/compile-cache.js is bundled on its own into one file that imports nothing: bin/cardqr loads it
// before dist/cli.js to turn the compile cache on, and a module it imported (rollup once merged small
// chunks into it, some of them importing cli.js) would be compiled before the cache is on, and never
// come from it (dist/cli.js, the largest, was compiled anew on every run).
// Usage: node scripts/merge-chunks.mjs [dist-dir]
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rollup } from 'rollup';

const MIN_CHUNK = 2_000; // bytes; more merges chunks into ones that other commands load without needing them
const ENTRIES = ['cli']; // tsup.config.ts's entries but compile-cache (bundled alone, below)
const ALONE = 'compile-cache';

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
  await bundle.write({
    dir: out,
    format: 'es',
    experimentalMinChunkSize: MIN_CHUNK,
    entryFileNames: '[name].js',
    manualChunks: (id) => (startup.has(id) ? 'cli' : undefined),
    chunkFileNames: 'chunk-[hash].js',
    hashCharacters: 'base36',
  });
  await bundle.close();
  const alone = await rollup({
    input: join(dist, `${ALONE}.js`),
    external: (id) => id.startsWith('node:'),
    treeshake: false,
    onLog: (level, log, handler) => level !== 'info' && handler(level, log),
  });
  const { output } = await alone.write({ file: join(out, `${ALONE}.js`), format: 'es', inlineDynamicImports: true });
  await alone.close();
  if (output.length !== 1 || output[0].imports.length || output[0].dynamicImports.length)
    throw new Error(`${ALONE}.js must be one file that imports nothing (bin/cardqr loads it before the CLI)`);
  for (const f of readdirSync(dist)) if (f.endsWith('.js')) rmSync(join(dist, f));
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
