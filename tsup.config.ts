import { defineConfig } from 'tsup';

// Lazy `await import()` inside command actions + splitting keeps `--version`/`--help` fast.
// sharp is native and cannot be bundled; everything else is.
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  splitting: true,
  bundle: true,
  noExternal: [/^(?!sharp$).*/],
  external: ['sharp'],
  clean: true,
  sourcemap: false,
  minify: false,
  banner: {
    js: "import { createRequire as __cardqrCreateRequire } from 'node:module'; const require = __cardqrCreateRequire(import.meta.url);",
  },
});
