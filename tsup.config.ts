import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

// Lazy `await import()` inside command actions + splitting keeps `--version`/`--help` fast.
// sharp is native and cannot be bundled; everything else is.
// commander loads child_process at start-up only for executable subcommands, which cardqr never
// uses; deferring that require saves ~5 ms on every run (`--version` must stay near `node -e 0`).
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build: { onLoad: Function }) {
    build.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, async (args: { path: string }) => {
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

export default defineConfig({
  esbuildPlugins: [lazyChildProcess],
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
