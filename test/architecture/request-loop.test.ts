// The row engine is the only place that loops over requests (docs/ARCHITECTURE.md, "The row engine"):
// every job of "many items, one request each" hands its items to jobs/rows/loop.ts (sendEach), which
// owns the order, the concurrency, Ctrl-C and the stop on an answer no later item can get past.
// Checked on the syntax tree of every file of src/: a request (a function of api/ that takes the client,
// or `client.request`) called inside the body of a loop, or a hand-made worker pool, is a second loop.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { SRC, sourceFiles } from './imports.js';

/** api/ pages through lists (one list, many pages) and the emulator serves requests: neither sends items. */
const OWNS_REQUESTS = (file: string) => /^(api|emulator)\//.test(file) || file === 'jobs/rows/loop.ts';

/**
 * Loops that send a request per turn but are not "many items": each names why. A new entry needs the
 * same kind of reason; a bulk job never belongs here.
 */
const NOT_ITEM_LOOPS: Record<string, string> = {
  'jobs/follow/follow.ts':
    'leads follow polls one list every interval until stopped: one request per poll, not per item',
  'jobs/export/walk.ts': 'the lead export walks the pages of one list, keeping its own cursor between pages',
};

/** Functions of api/ whose first parameter is the client: each call is (at least) one request. */
function requestFunctions(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles().filter((f) => f.startsWith('api/'))) {
    const sf = parse(file);
    sf.forEachChild((node) => {
      const exported = ts.canHaveModifiers(node)
        ? ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
        : false;
      if (!exported || !ts.isFunctionDeclaration(node) || !node.name) return;
      const first = node.parameters[0];
      if (first?.type && /\bApiClient\b/.test(first.type.getText(sf))) names.add(node.name.text);
    });
  }
  return names;
}

function parse(file: string, text = readFileSync(join(SRC, file), 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

const isLoop = (n: ts.Node): n is ts.IterationStatement =>
  ts.isForStatement(n) ||
  ts.isForOfStatement(n) ||
  ts.isForInStatement(n) ||
  ts.isWhileStatement(n) ||
  ts.isDoStatement(n);

/** `file:line what` for every request sent from a loop's body, and every worker pool, in one file. */
export function secondLoops(sf: ts.SourceFile, requests: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const where = (n: ts.Node) => `${sf.fileName}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const inLoopBody = (n: ts.Node): boolean => {
    for (let child = n, p = n.parent; p; child = p, p = p.parent) if (isLoop(p) && p.statement === child) return true;
    return false;
  };
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee) && callee.name.text === 'request'
          ? `${callee.expression.getText(sf)}.request`
          : undefined;
      const isRequest =
        name !== undefined && (requests.has(name) || (name.endsWith('.request') && /client/i.test(name)));
      if (isRequest && inLoopBody(n)) found.push(`${where(n)} ${name}() in a loop`);
      // Promise.all(Array.from({ length: n }, worker)): n workers each looping over shared items.
      if (
        ts.isPropertyAccessExpression(callee) &&
        callee.getText(sf) === 'Promise.all' &&
        n.arguments[0] &&
        /^Array\.from\(\s*\{\s*length\b/.test(n.arguments[0].getText(sf))
      )
        found.push(`${where(n)} a worker pool`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('the row engine is the only request loop', () => {
  const requests = requestFunctions();

  test('api/ has request functions to look for (the rule reads the real code)', () => {
    for (const name of ['updateQrCode', 'deleteCard', 'deleteQrCode', 'getQrImage', 'createCampaignCard', 'getCard'])
      expect(requests.has(name), name).toBe(true);
  });

  test('no file outside jobs/rows/loop.ts sends a request per turn of a loop or runs a worker pool', () => {
    const found = sourceFiles()
      .filter((f) => !OWNS_REQUESTS(f) && !(f in NOT_ITEM_LOOPS))
      .flatMap((f) => secondLoops(parse(f), requests));
    expect(found).toEqual([]);
  });

  test('every many-item job hands its items to sendEach', () => {
    for (const file of [
      'jobs/import/run.ts',
      'jobs/rows/engine.ts',
      'jobs/by-id/job.ts',
      'jobs/images/save.ts',
      'jobs/print/fetch.ts',
      'commands/print/audit.ts',
    ])
      expect(readFileSync(join(SRC, file), 'utf8'), file).toMatch(/\bsendEach\(/);
  });

  test('the exceptions name files that exist', () => {
    const files = new Set(sourceFiles());
    for (const f of [...Object.keys(NOT_ITEM_LOOPS), ...WRITES_ON_THEIR_OWN_LOOP]) expect(files.has(f), f).toBe(true);
  });

  test('writes over many items are the row engine’s (keys, report, Ctrl-C): a file on sendEach writes nothing', () => {
    const found = sourceFiles()
      .filter((f) => !OWNS_REQUESTS(f) && f !== 'jobs/rows/engine.ts' && !WRITES_ON_THEIR_OWN_LOOP.includes(f))
      .flatMap((f) => writesBesideSendEach(parse(f), requests));
    expect(found).toEqual([]);
  });
});

/** Files that hand writes to sendEach themselves rather than through the row engine. */
const WRITES_ON_THEIR_OWN_LOOP: string[] = [];

/** `file:line name` for every write of api/ (create*, update*, delete*) in a file that calls sendEach. */
export function writesBesideSendEach(sf: ts.SourceFile, requests: ReadonlySet<string>): string[] {
  const calls: Array<{ name: string; line: number }> = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression))
      calls.push({ name: n.expression.text, line: sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1 });
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (!calls.some((c) => c.name === 'sendEach')) return [];
  return calls
    .filter((c) => requests.has(c.name) && /^(create|update|delete)[A-Z]/.test(c.name))
    .map((c) => `${sf.fileName}:${c.line} ${c.name}`);
}

describe('the checker itself', () => {
  const requests = new Set(['updateQrCode', 'getCard']);
  const check = (text: string) => secondLoops(parse('x.ts', text), requests).map((l) => l.replace(/^x\.ts:\d+ /, ''));

  test('finds a request in any kind of loop body, and a worker pool', () => {
    expect(check('for (const id of ids) await updateQrCode(client, id, {});')).toEqual(['updateQrCode() in a loop']);
    expect(check('while (i < n) { const c = await getCard(client, ids[i++]); }')).toEqual(['getCard() in a loop']);
    expect(check('for (;;) { await this.client.request("GET", p); }')).toEqual(['this.client.request() in a loop']);
    expect(check('do { await updateQrCode(c, id, {}); } while (more);')).toEqual(['updateQrCode() in a loop']);
    expect(check('await Promise.all(Array.from({ length: 4 }, worker));')).toEqual(['a worker pool']);
  });

  test('finds a write in a file that runs its own sendEach (print retarget’s old worker pool); reads pass', () => {
    const writes = new Set(['updateQrCode', 'getCard']);
    const pool = 'const pool = (items, fn) => sendEach(items, fn, record, opts);';
    const find = (text: string) => writesBesideSendEach(parse('x.ts', text), writes);
    expect(find(`${pool}\nawait pool(codes, (c) => updateQrCode(client, c.id, { destinationUrl }));`)).toEqual([
      'x.ts:2 updateQrCode',
    ]);
    expect(find(`${pool}\nawait pool(codes, (c) => getCard(client, c.id));`)).toEqual([]);
    expect(
      find('await runByIds(ctx, flags, ids, { send: (client, id, key) => updateQrCode(client, id, {}) });'),
    ).toEqual([]);
  });

  test('a request outside a loop, or in a loop header (a paged list), is not one', () => {
    expect(check('await updateQrCode(client, id, {});')).toEqual([]);
    expect(check('for await (const c of listCards(client)) seen.add(c.id);')).toEqual([]);
    expect(check('await sendEach(ids, (id) => updateQrCode(client, id, {}), record, opts);')).toEqual([]);
    expect(check('for (const [k, v] of entries) out.request = v;')).toEqual([]);
  });
});
