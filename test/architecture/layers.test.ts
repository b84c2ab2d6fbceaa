// The layer rules of src/ (docs/ARCHITECTURE.md, "Layers"), checked on the real import graph: static
// imports, `export … from` and dynamic `import()`, type-only imports included.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { SRC, cycles, importGraph, importsOf, sourceFiles, type ImportEdge } from './imports.js';

const edges = importGraph();
const show = (list: ImportEdge[]) => list.map((e) => `${e.from} -> ${e.specifier}`).sort();

/**
 * Imports that break a rule today, each with what should happen to it. A new violation fails the test;
 * once an entry is fixed, delete it here so the rule holds from then on.
 */
const KNOWN: Record<string, string> = {};

function broken(list: ImportEdge[]): string[] {
  return show(list).filter((line) => !(line in KNOWN));
}

const layer = (file: string) => file.split('/')[0];

/**
 * The floors of the CLI, top first (docs/ARCHITECTURE.md, "Floors"). A file may import its own floor
 * or any floor below it, never one above. The emulator is a second program beside them.
 */
const FLOORS: Array<[name: string, test: RegExp]> = [
  ['entry', /^(cli|program)\.ts$/],
  ['commands', /^commands\//],
  ['server', /^mcp\//],
  ['context', /^(context\.ts|deps\.ts|config\/|output\/|help\/|completion\/|plans\/)/],
  ['engines', /^(jobs|serve|history)\//],
  ['api', /^api\//],
  ['ground', /^((errors|io|own|redact|lock-file|stdin-reader|terminal-question)\.ts|fs\/|csv\/)/],
];
/** 0 for the top floor; files on no floor sort last (the test above names them). */
const floorOf = (file: string) => {
  const i = FLOORS.findIndex(([, test]) => test.test(file));
  return i < 0 ? FLOORS.length : i;
};
/** A noun's folder under commands/; commands/model/ (the runner every noun uses) is shared like commands/*.ts. */
const commandGroup = (file: string) => {
  const group = /^commands\/([^/]+)\//.exec(file)?.[1];
  return group === 'model' ? undefined : group;
};
/** What assembles the tree from the nouns: the definitions (for the manifest) and the manifest. */
const assembles = (file: string) =>
  file === 'commands/definitions.ts' || file === 'commands/manifest.ts' || file.startsWith('commands/manifest/');
// node:net alone is not HTTP (the CSV source reads FIFOs through a net.Socket).
const HTTP_MODULES = /^(node:)?(http|https|http2|tls)$|^undici(\/|$)/;
// The dashboard's server (serve/server.ts) and the MCP server (mcp/http.ts) listen on 127.0.0.1, like the
// emulator's; neither is a client of the API (their API calls go through api/).
const MAY_SPEAK_HTTP = (file: string) =>
  /^(api|emulator|commands\/emulator)\//.test(file) || file === 'serve/server.ts' || file === 'mcp/http.ts';

describe('the import graph of src/', () => {
  test('is read completely: every file, static and dynamic imports', () => {
    expect(sourceFiles().length).toBeGreaterThan(100);
    expect(
      edges.some((e) => e.dynamic && e.from === 'commands/emulator/index.ts' && e.to === 'emulator/index.ts'),
    ).toBe(true);
    expect(edges.some((e) => !e.dynamic && e.from === 'cli.ts' && e.to === 'program.ts')).toBe(true);
    // Every relative import resolves to a file that exists (a .ts module, or data such as a .json preset).
    expect(
      edges.filter((e) => e.to !== undefined && !existsSync(join(SRC, e.to))).map((e) => `${e.from} -> ${e.specifier}`),
    ).toEqual([]);
  });

  test('has no import cycles of any kind (type-only imports included: a circle of types is a circle of meaning)', () => {
    expect(cycles(edges)).toEqual([]);
  });

  test('the emulator imports nothing of the CLI', () => {
    expect(
      broken(edges.filter((e) => layer(e.from) === 'emulator' && e.to !== undefined && layer(e.to) !== 'emulator')),
    ).toEqual([]);
  });

  test('only the emulator command loads the emulator', () => {
    expect(
      broken(
        edges.filter(
          (e) => e.to !== undefined && layer(e.to) === 'emulator' && !/^(emulator|commands\/emulator)\//.test(e.from),
        ),
      ),
    ).toEqual([]);
  });

  test('every file of the CLI stands on one floor', () => {
    const placed = sourceFiles().filter((f) => layer(f) !== 'emulator');
    expect(placed.filter((f) => FLOORS.filter(([, test]) => test.test(f)).length !== 1)).toEqual([]);
  });

  test('no import goes up a floor (entry → commands → server → context → engines → api → ground)', () => {
    const up = edges.filter(
      (e) => layer(e.from) !== 'emulator' && e.to !== undefined && floorOf(e.to) < floorOf(e.from),
    );
    expect(broken(up)).toEqual([]);
  });

  test('the row engine (jobs/rows/) imports none of the jobs built on it', () => {
    expect(
      broken(
        edges.filter(
          (e) =>
            e.from.startsWith('jobs/rows/') && e.to?.startsWith('jobs/') === true && !e.to.startsWith('jobs/rows/'),
        ),
      ),
    ).toEqual([]);
  });

  test('api/ and output/ never import each other; output/ may read the resource model in api/schemas/', () => {
    const toApi = (e: ImportEdge) =>
      layer(e.from) === 'output' && e.to !== undefined && layer(e.to) === 'api' && !e.to.startsWith('api/schemas/');
    const toOutput = (e: ImportEdge) => layer(e.from) === 'api' && e.to !== undefined && layer(e.to) === 'output';
    expect(broken(edges.filter((e) => toApi(e) || toOutput(e)))).toEqual([]);
  });

  test('one command group does not import another; commands/*.ts beside the groups are shared by all', () => {
    // A group is a folder under commands/ (cards, qr, campaigns, …). Files directly in commands/ are shared and
    // must not reach into a group either.
    expect(
      broken(
        edges.filter((e) => {
          if (e.to === undefined || !e.from.startsWith('commands/') || !e.to.startsWith('commands/')) return false;
          if (assembles(e.from)) return false;
          const to = commandGroup(e.to);
          return to !== undefined && to !== commandGroup(e.from);
        }),
      ),
    ).toEqual([]);
  });

  test('only program.ts assembles the commands: no lower layer imports commands/', () => {
    expect(
      broken(
        edges.filter(
          (e) => e.to?.startsWith('commands/') === true && !e.from.startsWith('commands/') && e.from !== 'program.ts',
        ),
      ),
    ).toEqual([]);
  });

  test('only api/ speaks HTTP (and the emulator, which serves it)', () => {
    expect(broken(edges.filter((e) => HTTP_MODULES.test(e.specifier) && !MAY_SPEAK_HTTP(e.from)))).toEqual([]);
    // The global fetch is HTTP too.
    const fetchers = sourceFiles()
      .filter((f) => !MAY_SPEAK_HTTP(f))
      .filter((f) => callsFetch(readFileSync(join(SRC, f), 'utf8')));
    expect(fetchers).toEqual([]);
  });

  test('the allow-list names only imports that exist in the form given', () => {
    // Catches a typo that would silently allow nothing; a fixed entry (import gone) is reported by a
    // reviewer reading this list, not by a failure, so that fixing a violation never breaks this test.
    for (const line of Object.keys(KNOWN)) expect(line).toMatch(/^[\w/.-]+\.ts -> [\w/.-]+$/);
  });
});

/** A call of the global `fetch` (a file that declares its own `fetch`, e.g. a parameter, is not one). */
function callsFetch(text: string): boolean {
  const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let shadowed = false;
  let found = false;
  const declares = (node: ts.Node): void => {
    if (
      (ts.isParameter(node) ||
        ts.isVariableDeclaration(node) ||
        ts.isFunctionDeclaration(node) ||
        ts.isBindingElement(node) ||
        ts.isImportSpecifier(node)) &&
      node.name !== undefined &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'fetch'
    )
      shadowed = true;
    ts.forEachChild(node, declares);
  };
  declares(sf);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (
        (!shadowed && ts.isIdentifier(callee) && callee.text === 'fetch') ||
        (ts.isPropertyAccessExpression(callee) &&
          callee.name.text === 'fetch' &&
          ts.isIdentifier(callee.expression) &&
          callee.expression.text === 'globalThis')
      )
        found = true;
    }
    if (!found) ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('the checker itself', () => {
  test('finds static, re-exported, type-only and dynamic imports but not look-alike strings', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "import { type C } from './c.js';",
      "export { d } from './d.js';",
      "const e = await import('./e.js');",
      "const s = \"import('./not-an-import.js')\"; // import x from './nor-this.js'",
      "import http from 'node:http';",
    ].join('\n');
    const found = importsOf(text, 'commands/x/y.ts');
    expect(found.map((e) => [e.specifier, e.to, e.typeOnly, e.dynamic])).toEqual([
      ['./a.js', 'commands/x/a.ts', false, false],
      ['../b.js', 'commands/b.ts', true, false],
      ['./c.js', 'commands/x/c.ts', true, false],
      ['./d.js', 'commands/x/d.ts', false, false],
      ['./e.js', 'commands/x/e.ts', false, true],
      ['node:http', undefined, false, false],
    ]);
  });

  test('reports a cycle through a dynamic import, and none in a chain', () => {
    const edge = (from: string, to: string, dynamic = false): ImportEdge => ({
      from,
      to,
      specifier: to,
      typeOnly: false,
      dynamic,
    });
    expect(
      cycles([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('c.ts', 'a.ts', true), edge('c.ts', 'd.ts')]),
    ).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(cycles([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('a.ts', 'c.ts')])).toEqual([]);
    expect(cycles([edge('a.ts', 'a.ts')])).toEqual([['a.ts']]);
  });

  test('sees the global fetch', () => {
    expect(callsFetch('await fetch(url)')).toBe(true);
    expect(callsFetch('globalThis.fetch(url)')).toBe(true);
    expect(callsFetch('client.fetch(url)')).toBe(false);
    expect(callsFetch('async function run(fetch: () => Promise<void>) { await fetch(); }')).toBe(false);
  });
});
