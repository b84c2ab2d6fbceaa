import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

// A plain build: one ESM bundle split into chunks, in which every module means what its source means.
// Commands load their groups with `await import()` of our own chunks, which keeps start-up near the
// runtime's own (README, Performance). sharp is native and stays outside the bundle (postgres too); so
// does the MCP SDK (@modelcontextprotocol/sdk, with express, hono, ajv and jose behind it), imported only
// by `cardqr mcp`; @lydell/node-pty is a test tool and never imported by src/.

// The emulator validates with classic zod, the CLI with zod/mini. Both share zod's core modules, so
// with splitting the CLI's zod chunk also carried everything classic zod keeps alive (every locale,
// JSON Schema; 665 KB). The emulator resolves `zod` to zod's own CommonJS build instead (the same
// package and API, published by zod): the two graphs share no module and the CLI's chunk holds only
// what zod/mini uses (~50 KB).
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
  esbuildPlugins: [emulatorZodCjs],
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  target: 'node22',
  platform: 'node',
  splitting: true,
  bundle: true,
  // postgres (the history store's PostgreSQL client) is a runtime dependency loaded only for a
  // postgres:// store, and the MCP SDK is loaded only by `cardqr mcp`: kept out of the bundle like sharp.
  noExternal: [/^(?!(sharp|postgres)$|@modelcontextprotocol\/sdk(\/|$)).*/],
  external: ['sharp', 'postgres', /^@modelcontextprotocol\/sdk(\/|$)/],
  clean: true,
  // Keep `node:` on every built-in: some exist only under it (node:sqlite, node:test).
  removeNodeProtocol: false,
  define: { __CARDQR_VERSION__: JSON.stringify(version) },
  // `cardqr serve`'s page ships as files beside the bundle (src/serve/assets.ts reads dist/page/): the
  // page as written (no front-end build) and uPlot's two files from its package.
  onSuccess: async () => {
    mkdirSync('dist/page', { recursive: true });
    for (const name of readdirSync('src/serve/page')) copyFileSync(`src/serve/page/${name}`, `dist/page/${name}`);
    for (const name of ['uPlot.esm.js', 'uPlot.min.css'])
      copyFileSync(`node_modules/uplot/dist/${name}`, `dist/page/${name}`);
  },
  // Shipped, and used only when --verbose or CARDQR_DEBUG asks for readable stack traces (bin/cardqr
  // turns Node's source-map support on then; it costs start-up time otherwise).
  sourcemap: true,
  // Bundled CommonJS packages (cli-table3, csv-parse's dependencies, qrcode, pdf-lib, …) call
  // `require`, which ESM lacks: the documented createRequire, reached through process.getBuiltinModule
  // so that no ESM import of node:module builds its namespace at start-up.
  banner: {
    js: "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);",
  },
});
