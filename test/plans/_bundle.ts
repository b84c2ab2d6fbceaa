// A TypeScript entry of the tests bundled into one ES module (esbuild, as the build does), to run as a
// child process of its own: a pid to kill -9, a terminal to answer on. Written into a temporary folder
// the test file's end removes (test/helpers/temp-dirs.ts).
import { join } from 'node:path';
import { build } from 'esbuild';
import { tempDir } from '../helpers/run-cli.js';

export async function bundle(entry: string): Promise<string> {
  const outfile = join(tempDir('cardqr-bundle-'), 'entry.mjs');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: ['sharp', '@lydell/node-pty'],
    define: { __CARDQR_VERSION__: JSON.stringify('0.0.0-test') },
    banner: { js: "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  return outfile;
}
