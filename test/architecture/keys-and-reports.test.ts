// One Idempotency-Key function and one report (issue 36): checked on the syntax of every file in src/.
// - keys: only src/jobs/rows/keys.ts derives a key from a nonce (a hash or random bytes in a statement
//   that names a key or a nonce) or spells a key's prefix; the client's own random key for a single write
//   (src/api/) is not derived from anything.
// - reports: one writer (ReportWriter), one reader of a report's lines (reportLines, read only through
//   reportEntries) and one builder of a row line (reportLine): no other file writes an object with
//   `line`, `outcome` and `errorCode`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { SRC, sourceFiles } from './imports.js';

const KEYS = 'jobs/rows/keys.ts';
/** Hashes named like keys that are no Idempotency-Key, each with its reason. */
const NOT_KEYS = new Set([
  "jobs/print/fetch.ts: fileKey = (id: string) => createHash('sha256').update(id).digest('hex').slice(0, 32)", // the print cache's file name
]);
const files = sourceFiles().filter((f) => !f.startsWith('emulator/'));
const parse = (source: string) => ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
const text = (f: string) => readFileSync(join(SRC, f), 'utf8');

function walk(sf: ts.SourceFile, visit: (node: ts.Node) => void): void {
  const go = (node: ts.Node): void => {
    visit(node);
    ts.forEachChild(node, go);
  };
  go(sf);
}

/** Statements that make a key or a nonce out of a hash or random bytes, and string literals of a key's prefix. */
export function keyBuilders(source: string): string[] {
  const sf = parse(source);
  const found: string[] = [];
  walk(sf, (node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) {
      if (/^(cq[a-z]{3}|retarget)-/.test(node.text)) found.push(node.getText(sf));
      return;
    }
    const statement = ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) || ts.isReturnStatement(node);
    if (!statement) return;
    const t = node.getText(sf);
    if (!/\b(createHash|randomBytes)\s*\(/.test(t)) return;
    const named = ts.isReturnStatement(node) ? enclosingName(node, sf) : (node.name?.getText(sf) ?? '');
    if (/key|nonce/i.test(named)) found.push(t.split('\n')[0]);
  });
  return found;
}

function enclosingName(node: ts.Node, sf: ts.SourceFile): string {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent)
    if ((ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n)) && n.name) return n.name.getText(sf);
  return '';
}

/** Object literals with `line`, `outcome` and `errorCode` but no `fields` (a RowLine for reportLine has them): a report row built by hand. */
export function rowLiterals(source: string): string[] {
  const sf = parse(source);
  const found: string[] = [];
  walk(sf, (node) => {
    if (!ts.isObjectLiteralExpression(node)) return;
    const names = new Set(node.properties.map((p) => p.name?.getText(sf)));
    if (names.has('line') && names.has('outcome') && names.has('errorCode') && !names.has('fields'))
      found.push(node.getText(sf).slice(0, 80));
  });
  return found;
}

describe('one key function', () => {
  test('only jobs/rows/keys.ts derives an Idempotency-Key or a nonce from a hash or random bytes', () => {
    const offenders = files
      .filter((f) => f !== KEYS && !f.startsWith('api/'))
      .flatMap((f) => keyBuilders(text(f)).map((s) => `${f}: ${s}`))
      .filter((s) => !NOT_KEYS.has(s));
    expect(offenders).toEqual([]);
  });

  test('the check finds the keys each job used to build itself', () => {
    expect(
      keyBuilders(
        "const idempotencyKey = `retarget-${createHash('sha256').update(`${nonce}\\n${c.id}`).digest('hex')}`;",
      ),
    ).toHaveLength(2);
    expect(keyBuilders("const nonce = randomBytes(16).toString('hex');")).toHaveLength(1);
    expect(keyBuilders("function changeKey() { const h = createHash('sha256'); return h.digest('hex'); }")).toEqual([]); // (the hash's variable is not a key: its return is, below)
    expect(keyBuilders("function changeKey() { return 'x' + createHash('sha256').digest('hex'); }")).toHaveLength(1);
    expect(keyBuilders("const sha256 = createHash('sha256').update(bytes).digest('hex');")).toEqual([]);
    expect(keys()).toContain('export function idempotencyKey');
  });
});

const keys = () => text(KEYS);

describe('one report', () => {
  test('one writer: ReportWriter is defined in jobs/rows/report-file.ts only', () => {
    expect(files.filter((f) => /\bclass\s+\w*ReportWriter\b/.test(text(f)))).toEqual(['jobs/rows/report-file.ts']);
  });

  test("one reader: a report's lines are read through reportEntries (jobs/rows/report-lines.ts) only", () => {
    const readers = files.filter((f) => !f.startsWith('jobs/rows/report-') && /\breportLines\s*\(/.test(text(f)));
    expect(readers).toEqual([]);
  });

  test('one line shape: no row line is built outside reportLine (jobs/rows/report-lines.ts)', () => {
    const offenders = files
      .filter((f) => f !== 'jobs/rows/report-lines.ts')
      .flatMap((f) => rowLiterals(text(f)).map((s) => `${f}: ${s}`));
    expect(offenders).toEqual([]);
    expect(
      rowLiterals("w.write({ line: 2, id: 'x', outcome: 'paused', errorCode: null, message: null });"),
    ).toHaveLength(1);
  });
});
