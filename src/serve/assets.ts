// The page's files, read once at start: the page folder beside this module (src/serve/page/ from the
// sources; dist/page/ in the package, copied there by the build with uPlot's two files).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
const { existsSync, readFileSync } = process.getBuiltinModule('node:fs');

export interface Asset {
  type: string;
  body: Buffer;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** The page (index.html, app.js, app.css) and uPlot (uPlot.esm.js, uPlot.min.css), by file name. */
export const PAGE_FILES = ['index.html', 'app.js', 'app.css', 'uPlot.esm.js', 'uPlot.min.css'] as const;

export function pageDir(): string {
  return join(dirname(fileURLToPath(import.meta.url)), 'page');
}

export function loadAssets(dir = pageDir()): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of PAGE_FILES) {
    let path = join(dir, name);
    // From the sources uPlot is still in node_modules; the build copies it beside the page.
    if (!existsSync(path) && name.startsWith('uPlot'))
      path = createRequire(import.meta.url).resolve(`uplot/dist/${name}`);
    const type = TYPES[name.slice(name.lastIndexOf('.'))];
    assets.set(name, { type, body: readFileSync(path) });
  }
  return assets;
}
