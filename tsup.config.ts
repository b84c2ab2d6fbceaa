import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

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
  define: { __CARDQR_VERSION__: JSON.stringify(version) },
  sourcemap: false,
  minify: false,
  banner: {
    js: "import { createRequire as __cardqrCreateRequire } from 'node:module'; const require = __cardqrCreateRequire(import.meta.url);",
  },
});
