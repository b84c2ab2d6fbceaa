import { readFileSync } from 'node:fs';
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

export default defineConfig({
  esbuildPlugins: [lazyChildProcess, emulatorZodCjs],
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
