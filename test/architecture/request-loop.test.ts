// The row engine is the only place that loops over requests (docs/ARCHITECTURE.md, "The row engine"):
// every job of "many items, one request each" hands its items to jobs/rows/loop.ts (sendEach), which
// owns the order, the concurrency, Ctrl-C and the stop on an answer no later item can get past.
// Checked on every loop of src/ (the emulator, a second program that serves requests, aside) with the
// type checker (request-check.ts): a request sent from a loop's body or a per-item callback, however
// it is reached (a client method, a function handed the client, a function that sends one, a function
// passed in), or a hand-made worker pool, is a second loop.
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import ts from 'typescript';
import { SRC, sourceFiles } from './imports.js';
import { programOf, readSrc, requestLoops, type Finding } from './request-check.js';

/**
 * Loops that send a request per turn but are not "many items", by file and function: each names why.
 * A new entry needs the same kind of reason; a bulk job never belongs here.
 */
const NOT_ITEM_LOOPS: Record<string, string> = {
  'jobs/rows/loop.ts sendEach': 'the one loop: every job of many items hands its items here',
  'jobs/leads/follow.ts runLeadsFollow':
    'leads follow polls one list every interval until stopped: one request per poll, not per item',
  'jobs/leads/walk.ts walkLeads': 'the lead export walks the pages of one list, keeping its own cursor between pages',
  'api/pages.ts PagedList.[Symbol.asyncIterator]': 'the pages of one list (cards list --all), one request per page',
};

const FILES = sourceFiles().filter((f) => !f.startsWith('emulator/'));
const abs = (f: string) => join(SRC, f);
const rel = (path: string) => path.slice(SRC.length);
const key = (f: Finding) => `${f.file} ${f.fn}`;
const show = (f: Finding) => `${f.file}:${f.line} ${f.fn}: ${f.what}`;

let program: ts.Program;
let findings: Finding[];
beforeAll(() => {
  program = programOf(FILES.map(abs));
  findings = requestLoops(program, FILES.map(abs), rel);
}, 180_000);

describe('the row engine is the only request loop', () => {
  test('no loop of src/ sends a request per turn, or runs a worker pool, outside the named exceptions', () => {
    expect(findings.filter((f) => !(key(f) in NOT_ITEM_LOOPS)).map(show)).toEqual([]);
  });

  test('each exception still names a loop the checker sees (none is stale)', () => {
    const seen = new Set(findings.map(key));
    for (const k of Object.keys(NOT_ITEM_LOOPS)) expect(seen.has(k), k).toBe(true);
  });

  test('every many-item job hands its items to sendEach', () => {
    for (const file of [
      'jobs/import/run.ts',
      'jobs/rows/engine.ts',
      'jobs/by-id/job.ts',
      'jobs/images/save.ts',
      'jobs/print/fetch.ts',
      'commands/print/audit.ts',
      'jobs/leads/export.ts',
      'jobs/leads/follow.ts',
    ])
      expect(readSrc(SRC, file), file).toMatch(/\bsendEach\(/);
  });

  test('the exceptions name files that exist', () => {
    const files = new Set(sourceFiles());
    for (const f of WRITES_ON_THEIR_OWN_LOOP) expect(files.has(f), f).toBe(true);
  });

  test('writes over many items are the row engine’s (keys, report, Ctrl-C): a file on sendEach writes nothing', () => {
    const found = sourceFiles()
      .filter((f) => !/^(api|emulator)\//.test(f) && !['jobs/rows/engine.ts', 'jobs/rows/loop.ts'].includes(f))
      .filter((f) => !WRITES_ON_THEIR_OWN_LOOP.includes(f))
      .flatMap((f) => writesBesideSendEach(parse(f), writes));
    expect(found).toEqual([]);
  });
  test('a loop planted in a real jobs/ file is found: the per-lead GET of the locked catch-up, by hand', () => {
    const file = 'jobs/leads/export.ts';
    const planted = `${readSrc(SRC, file)}
export async function plantedCatchUp(client: ApiClient, pending: PendingSet, deps: ExportDeps) {
  for (const entry of pending.list()) await recheckLocked(client, entry, deps.now(), 1, deps.signal);
}
export async function plantedLazy(pending: PendingSet, deps: ExportDeps) {
  for (const entry of pending.list()) await (await deps.api()).get(\`/leads/\${entry.id}\`);
}
`;
    const p = programOf(FILES.map(abs), new Map([[abs(file), planted]]), program);
    const found = requestLoops(p, [abs(file)], rel).map((f) => `${f.fn}: ${f.what}`);
    expect(found).toEqual([
      'plantedCatchUp: recheckLocked() handed the client in a loop',
      'plantedLazy: (await deps.api()).get() in a loop',
    ]);
  }, 180_000);
});

const parse = (file: string, text = readSrc(SRC, file)) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

/** The writes of api/: its exported create*, update* and delete* functions. */
const writes = new Set(
  sourceFiles()
    .filter((f) => f.startsWith('api/'))
    .flatMap((f) => [...readSrc(SRC, f).matchAll(/export (?:async )?function ((?:create|update|delete)[A-Z]\w*)/g)])
    .map((m) => m[1]),
);

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
  const client = `export class ApiClient {
  get(path: string): Promise<unknown> { return Promise.resolve(path); }
  request(method: string, path: string): Promise<unknown> { return Promise.resolve(method + path); }
  close(): void {}
}`;
  const endpoints = `import type { ApiClient } from './client.js';
export function updateQrCode(client: ApiClient, id: string, body: object) { return client.request('PATCH', id + String(body)); }
export function getCard(client: ApiClient, id: string) { return client.get(id); }`;
  const head = `import type { ApiClient } from '../api/client.js';
import { getCard, updateQrCode } from '../api/qr.js';
declare const client: ApiClient;
declare const ids: string[];
declare function sendEach<T>(items: T[], send: (item: T) => Promise<unknown>): Promise<void>;
`;
  const root = '/virtual/src/';
  const check = (text: string): string[] => {
    const texts = new Map([
      [`${root}api/client.ts`, client],
      [`${root}api/qr.ts`, endpoints],
      [`${root}jobs/x.ts`, head + text],
    ]);
    const p = programOf([...texts.keys()], texts);
    return requestLoops(p, [`${root}jobs/x.ts`], (f) => f.slice(root.length)).map((f) => f.what);
  };

  test('finds a request in any kind of loop body or per-item callback, and a worker pool', () => {
    expect(check('for (const id of ids) await updateQrCode(client, id, {});')).toEqual([
      'updateQrCode() handed the client in a loop',
    ]);
    expect(check('let i = 0; while (i < 3) { await client.get(ids[i++]); }')).toEqual(['client.get() in a loop']);
    expect(
      check(
        'class J { constructor(private c: ApiClient) {} async run() { for (;;) await this.c.request("GET", "p"); } }',
      ),
    ).toEqual(['this.c.request() in a loop']);
    expect(check('async function f(c: ApiClient) { do { await c.get("p"); } while (ids.length); }')).toEqual([
      'c.get() in a loop',
    ]);
    expect(check('await Promise.all(ids.map((id) => getCard(client, id)));')).toEqual([
      'getCard() handed the client in a loop',
    ]);
    expect(
      check('declare const worker: () => Promise<void>; await Promise.all(Array.from({ length: 4 }, worker));'),
    ).toEqual(['a worker pool']);
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

  test('finds a request reached through a closure, a lazy client, or a function passed in', () => {
    expect(check('const fetchOne = (id: string) => client.get(id); for (const id of ids) await fetchOne(id);')).toEqual(
      ['fetchOne() (sends a request) in a loop'],
    );
    expect(
      check('declare const api: () => Promise<ApiClient>; for (const id of ids) await (await api()).get(id);'),
    ).toEqual(['(await api()).get() in a loop']);
    expect(
      check(`async function each(items: string[], one: (id: string) => Promise<unknown>) { for (const id of items) await one(id); }
await each(ids, (id) => client.get(id));`),
    ).toEqual(['one() (passed a function that sends a request) in a loop']);
    expect(
      check(`async function each(items: string[], deps: { one: (id: string) => Promise<unknown> }) { for (const id of items) await deps.one(id); }
await each(ids, { one: (id) => getCard(client, id) });`),
    ).toEqual(['deps.one() (passed a function that sends a request) in a loop']);
  });

  test('a request outside a loop, in a loop header (a paged list), or handed to sendEach is not one', () => {
    expect(check('await updateQrCode(client, "a", {});')).toEqual([]);
    expect(
      check(
        'declare function listCards(c: ApiClient): AsyncIterable<{ id: string }>; const seen = new Set(); for await (const c of listCards(client)) seen.add(c.id);',
      ),
    ).toEqual([]);
    expect(check('await sendEach(ids, (id) => updateQrCode(client, id, {}));')).toEqual([]);
    expect(check('const m = new Map<string, string>(); for (const id of ids) m.get(id);')).toEqual([]);
    expect(check('for (const id of ids) client.close();')).toEqual([]);
    expect(
      check(`async function each(items: string[], one: (id: string) => Promise<unknown>) { for (const id of items) await one(id); }
await each(ids, async (id) => id.length);`),
    ).toEqual([]);
  });
});
