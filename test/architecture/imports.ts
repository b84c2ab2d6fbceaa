// The import graph of src/: every static import/export-from and every `import('…')`, read with the
// TypeScript parser (so a string that merely looks like an import is never counted).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

export interface ImportEdge {
  /** Importing file, relative to src/ with forward slashes, e.g. `commands/qr/delete.ts`. */
  from: string;
  /** The specifier as written, e.g. `../../api/qr.js` or `node:http`. */
  specifier: string;
  /** For a relative specifier, the imported file relative to src/ (`api/qr.ts`); undefined for packages. */
  to?: string;
  /** `import type …` / `export type … from`: erased at run time. */
  typeOnly: boolean;
  dynamic: boolean;
}

export function sourceFiles(root = SRC): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => f.split(sep).join('/'))
    .sort();
}

export function importsOf(text: string, from: string): ImportEdge[] {
  const sf = ts.createSourceFile(from, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const add = (spec: ts.Expression | undefined, typeOnly: boolean, dynamic: boolean) => {
    if (!spec || !ts.isStringLiteralLike(spec)) return;
    const specifier = spec.text;
    let to: string | undefined;
    if (specifier.startsWith('.')) {
      to = relative(SRC, resolve(SRC, dirname(from), specifier))
        .split(sep)
        .join('/')
        .replace(/\.js$/, '.ts');
    }
    edges.push({ from, specifier, to, typeOnly, dynamic });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, typeOnly, false);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly, false);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edges;
}

export function importGraph(root = SRC): ImportEdge[] {
  return sourceFiles(root).flatMap((f) => importsOf(readFileSync(join(root, f), 'utf8'), f));
}

/** Every cycle among `files` (strongly connected components of more than one file, or a self-import). */
export function cycles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) if (e.to !== undefined) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const nodes = [...new Set(edges.flatMap((e) => (e.to === undefined ? [e.from] : [e.from, e.to])))];
  // Tarjan's algorithm.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const strong = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) strong(v);
  return found;
}
