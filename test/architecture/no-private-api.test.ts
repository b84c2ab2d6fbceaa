// The build means what the sources mean (PRODUCT section 1): no dependency's source is rewritten at
// build or install time, and no private member (`_name`) of another package is read or replaced. Each
// property access whose name starts with `_` is found with the TypeScript parser, and is allowed only
// where the name is a public contract, each with its reason below.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { SRC, sourceFiles } from './imports.js';

const ROOT = join(SRC, '..');

/** Underscore names that are public contracts, not private members. */
const PUBLIC_UNDERSCORE: Record<string, string> = {
  // Node's stream implementer API: our own Transform subclass defines and calls its own _flush.
  _flush: "a method of cardqr's own stream.Transform subclass (Node's implementer API)",
  // The WASI reactor ABI: a WebAssembly module's exported initialiser, called once by its embedder.
  _initialize: 'the exported initialiser of the HarfBuzz WebAssembly module (WASI reactor ABI)',
  // zod 4's introspection namespace, documented for library authors ("schema._zod.def").
  _zod: "zod's documented introspection namespace for library authors",
  // zod/mini's exported `_default` function (`default` is a reserved word).
  _default: "zod/mini's exported _default() function",
  // MCP's request metadata (the protocol's `_meta`, where a progressToken travels), as the SDK hands it over.
  _meta: "the Model Context Protocol's documented `_meta` field of a request",
};

function underscoreAccesses(file: string): Array<{ name: string; line: number }> {
  const text = readFileSync(join(SRC, file), 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Array<{ name: string; line: number }> = [];
  const visit = (node: ts.Node) => {
    let name: string | undefined;
    if (ts.isPropertyAccessExpression(node)) name = node.name.text;
    else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
      name = node.argumentExpression.text;
    if (name?.startsWith('_') && !name.startsWith('__'))
      found.push({ name, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('no private API, no patched dependency', () => {
  test('src/ reads or replaces no private member (`_name`) of another package', () => {
    const bad = sourceFiles().flatMap((f) =>
      underscoreAccesses(f)
        .filter((a) => !(a.name in PUBLIC_UNDERSCORE))
        .map((a) => `${f}:${a.line} .${a.name}`),
    );
    expect(bad).toEqual([]);
  });

  test('the checker finds one (its own test)', () => {
    const sf = "const rl = createInterface({}); (rl as any)._writeToOutput = () => {}; cmd._dispatchHelpCommand('x');";
    const found: string[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAccessExpression(node) && node.name.text.startsWith('_')) found.push(node.name.text);
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile('x.ts', sf, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
    expect(found).toEqual(['_writeToOutput', '_dispatchHelpCommand']);
  });

  test("the build rewrites no module's source (no esbuild onLoad, no patch step, no private loader)", () => {
    const config = readFileSync(join(ROOT, 'tsup.config.ts'), 'utf8');
    expect(config).not.toMatch(/\bonLoad\s*\(/);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      patchedDependencies?: unknown;
    };
    expect(pkg.patchedDependencies).toBeUndefined();
    const scripts = Object.entries(pkg.scripts).filter(([, s]) => /patch-package|merge-chunks|node_modules\//.test(s));
    expect(scripts).toEqual([]);
    // bin/ loads the build with import(): no vm, no Module internals.
    for (const f of ['cardqr', 'start.cjs'])
      expect(readFileSync(join(ROOT, 'bin', f), 'utf8')).not.toMatch(/node:vm|_compile|_load\b|compileFunction/);
  });
});

describe('built-ins on the start-up path', () => {
  test("node:fs, node:http and node:https come from process.getBuiltinModule outside the emulator (an ESM import builds their namespaces: Node's undici, fs/promises)", () => {
    const bad = sourceFiles()
      .filter((f) => !f.startsWith('emulator/'))
      .flatMap((f) =>
        [...readFileSync(join(SRC, f), 'utf8').matchAll(/^import (?!type )[^;]*? from 'node:(fs|http|https)';/gm)].map(
          (m) => `${f}: ${m[0]}`,
        ),
      );
    expect(bad).toEqual([]);
  });
});
