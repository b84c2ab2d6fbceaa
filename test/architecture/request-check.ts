// The request-loop checker (request-loop.test.ts), on TypeScript's type checker: a request is known by
// what it calls, not by its name. A call sends a request when
// - it is a method of the client (`client.get`, `this.client.request`, `(await deps.api()).me()`),
// - it hands the client to something (`fetchLeadRaw(client, id)`, `recheckLocked(client, …)`),
// - it calls a function whose body sends one (a closure over the client, a method of a job), or
// - it calls a function passed in (a parameter, or a property of one) that some caller fills with one.
// A loop is a loop statement's body or the callback of an array's map/forEach/flatMap/… .
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Methods of ApiClient that send (or may send) a request. */
const CLIENT_REQUESTS = new Set(['request', 'get', 'requestAny', 'requestBytes', 'me', 'paceToKey', 'ensurePaced']);
/** Array methods whose callback runs once per item. */
const PER_ITEM = new Set(['map', 'forEach', 'flatMap', 'filter', 'reduce', 'some', 'every', 'find', 'from']);

export interface Finding {
  file: string;
  line: number;
  /** The named function around the loop (`runLeadsFollow`, `FollowRun.sweepLocked`), or `(top level)`. */
  fn: string;
  what: string;
}

type FunctionNode = ts.FunctionLikeDeclaration;

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
};

const libCache = new Map<string, ts.SourceFile | undefined>();

/**
 * A program over `files` (absolute paths); `texts` replaces the text of some of them (a planted loop,
 * or files that exist only in a test). Library files are parsed once per process.
 */
export function programOf(
  files: string[],
  texts: ReadonlyMap<string, string> = new Map(),
  old?: ts.Program,
): ts.Program {
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (f) => texts.has(f) || ts.sys.fileExists(f);
  host.readFile = (f) => texts.get(f) ?? ts.sys.readFile(f);
  host.directoryExists = (d) => [...texts.keys()].some((k) => k.startsWith(`${d}/`)) || ts.sys.directoryExists(d);
  host.getSourceFile = (f, lang) => {
    const text = texts.get(f);
    if (text !== undefined) return ts.createSourceFile(f, text, lang, true);
    if (f.includes('/node_modules/')) {
      if (!libCache.has(f)) libCache.set(f, getSourceFile(f, lang));
      return libCache.get(f);
    }
    const reused = old?.getSourceFile(f);
    return reused ?? getSourceFile(f, lang);
  };
  return ts.createProgram({ rootNames: files, options: COMPILER_OPTIONS, host, oldProgram: old });
}

export function requestLoops(program: ts.Program, files: string[], name: (file: string) => string): Finding[] {
  const checker = program.getTypeChecker();
  const sources = files.map((f) => program.getSourceFile(f)!);
  const verdicts = new Map<ts.Node, string | false>();

  const isClient = (t: ts.Type): boolean =>
    t.isUnion() ? t.types.some(isClient) : t.getSymbol()?.getName() === 'ApiClient';

  const resolve = (n: ts.Node): ts.Symbol | undefined => {
    const s = checker.getSymbolAtLocation(n);
    return s && s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
  };

  const functionOf = (d: ts.Declaration): FunctionNode | undefined => {
    if (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d) || ts.isFunctionExpression(d) || ts.isArrowFunction(d))
      return d;
    if ((ts.isVariableDeclaration(d) || ts.isPropertyAssignment(d) || ts.isPropertyDeclaration(d)) && d.initializer) {
      const init = d.initializer;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
    return undefined;
  };

  /** Why calling `fn` sends a request, or false; memoised (false while being looked at: recursion). */
  const sends = (fn: ts.Node): string | false => {
    const known = verdicts.get(fn);
    if (known !== undefined) return known;
    verdicts.set(fn, false);
    let why: string | false = false;
    // A nested function counts when it is handed to a call (a callback: map, sendEach, then), not when
    // it is only made (a closure returned or kept runs when its own callers call it).
    const visit = (n: ts.Node): void => {
      if (why) return;
      if (
        ts.isFunctionLike(n) &&
        !(n.parent && ts.isCallExpression(n.parent) && n.parent.arguments.includes(n as ts.Expression))
      )
        return;
      if (ts.isCallExpression(n)) why = requestCall(n) ?? false;
      if (!why) ts.forEachChild(n, visit);
    };
    const body = (fn as FunctionNode).body;
    if (body) visit(body);
    verdicts.set(fn, why);
    return why;
  };

  /** What a value passed as an argument does when called: a function literal, or a name of one. */
  const sendsValue = (v: ts.Expression): string | false => {
    if (ts.isArrowFunction(v) || ts.isFunctionExpression(v)) return sends(v);
    const s = ts.isIdentifier(v) || ts.isPropertyAccessExpression(v) ? resolve(v) : undefined;
    for (const d of s?.declarations ?? []) {
      const f = functionOf(d);
      const why = f && sends(f);
      if (why) return why;
    }
    return false;
  };

  /** Every call in the program by the name it calls (`f(…)`, `x.f(…)`), made on first use. */
  let byName: Map<string, ts.CallExpression[]> | undefined;
  const callsNamed = (name: string): ts.CallExpression[] => {
    if (!byName) {
      const index = new Map<string, ts.CallExpression[]>();
      const visit = (n: ts.Node): void => {
        if (ts.isCallExpression(n)) {
          const c = n.expression;
          const id = ts.isPropertyAccessExpression(c) ? c.name : c;
          if (ts.isIdentifier(id)) index.set(id.text, [...(index.get(id.text) ?? []), n]);
        }
        ts.forEachChild(n, visit);
      };
      for (const sf of program.getSourceFiles()) if (!sf.isDeclarationFile) visit(sf);
      byName = index;
    }
    return byName.get(name) ?? [];
  };

  /** Every call of the function declared by `fn` (found by name, confirmed by symbol). */
  const calls = new Map<FunctionNode, ts.CallExpression[]>();
  const callsOf = (fn: FunctionNode): ts.CallExpression[] => {
    const named = fn.name ?? (ts.isVariableDeclaration(fn.parent) ? fn.parent.name : undefined);
    if (!named || !ts.isIdentifier(named)) return [];
    const known = calls.get(fn);
    if (known) return known;
    const target = resolve(named);
    const found = callsNamed(named.text).filter((n) => {
      const c = n.expression;
      return resolve(ts.isPropertyAccessExpression(c) ? c.name : c) === target;
    });
    calls.set(fn, found);
    return found;
  };

  /** A call of a parameter (or a property of one): what the callers pass there. */
  const passedIn = (callee: ts.Expression): string | false => {
    const base = ts.isPropertyAccessExpression(callee) ? callee.expression : callee;
    const prop = ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
    if (!ts.isIdentifier(base)) return false;
    const param = resolve(base)?.declarations?.find(ts.isParameter);
    if (!param) return false;
    const fn = param.parent as FunctionNode;
    const at = fn.parameters.indexOf(param);
    for (const call of callsOf(fn)) {
      const arg = call.arguments[at];
      if (!arg) continue;
      if (prop === undefined) {
        const why = sendsValue(arg);
        if (why) return why;
      } else if (ts.isObjectLiteralExpression(arg)) {
        for (const p of arg.properties) {
          if (p.name && ts.isIdentifier(p.name) && p.name.text === prop) {
            const why = ts.isPropertyAssignment(p)
              ? sendsValue(p.initializer)
              : ts.isShorthandPropertyAssignment(p)
                ? sendsValue(p.name)
                : ts.isMethodDeclaration(p)
                  ? sends(p)
                  : false;
            if (why) return why;
          }
        }
      }
    }
    return false;
  };

  /** Why this call sends a request, or undefined. */
  function requestCall(call: ts.CallExpression): string | undefined {
    const callee = call.expression;
    const text = callee.getText().replace(/\s+/g, ' ');
    if (ts.isPropertyAccessExpression(callee) && CLIENT_REQUESTS.has(callee.name.text)) {
      if (isClient(checker.getTypeAtLocation(callee.expression))) return `${text}()`;
    }
    if (call.arguments.some((a) => isClient(checker.getTypeAtLocation(a)))) return `${text}() handed the client`;
    const target = resolve(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
    for (const d of target?.declarations ?? []) {
      const f = functionOf(d);
      if (f && sends(f)) return `${text}() (sends a request)`;
    }
    const passed = passedIn(callee);
    if (passed) return `${text}() (passed a function that sends a request)`;
    return undefined;
  }

  const isLoop = (n: ts.Node): n is ts.IterationStatement =>
    ts.isForStatement(n) ||
    ts.isForOfStatement(n) ||
    ts.isForInStatement(n) ||
    ts.isWhileStatement(n) ||
    ts.isDoStatement(n);

  /**
   * Run once per turn: inside a loop's body, or a per-item callback (`ids.map((id) => …)`). A loop's
   * header is not, nor a function only defined there (it runs when called: its callers are checked).
   */
  const inLoop = (n: ts.Node): boolean => {
    for (let child = n, p = n.parent; p; child = p, p = p.parent) {
      if (isLoop(p) && p.statement === child) return true;
      if (!ts.isFunctionLike(child)) continue;
      return (
        ts.isCallExpression(p) &&
        ts.isPropertyAccessExpression(p.expression) &&
        PER_ITEM.has(p.expression.name.text) &&
        p.arguments.includes(child as ts.Expression)
      );
    }
    return false;
  };

  const enclosing = (n: ts.Node): string => {
    for (let p = n.parent; p; p = p.parent) {
      if ((ts.isFunctionDeclaration(p) || ts.isMethodDeclaration(p)) && p.name) {
        const cls = ts.isClassLike(p.parent) && p.parent.name ? `${p.parent.name.text}.` : '';
        return `${cls}${p.name.getText()}`;
      }
      if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name) && p.initializer && functionOf(p)) return p.name.text;
    }
    return '(top level)';
  };

  const found: Finding[] = [];
  for (const sf of sources) {
    const at = (n: ts.Node) => ({
      file: name(sf.fileName),
      line: sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1,
      fn: enclosing(n),
    });
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n)) {
        const callee = n.expression;
        if (inLoop(n)) {
          const why = requestCall(n);
          if (why) found.push({ ...at(n), what: `${why} in a loop` });
        }
        // Promise.all(Array.from({ length: n }, worker)): n workers each looping over shared items.
        if (
          ts.isPropertyAccessExpression(callee) &&
          callee.getText(sf) === 'Promise.all' &&
          n.arguments[0] &&
          /^Array\.from\(\s*\{\s*length\b/.test(n.arguments[0].getText(sf))
        )
          found.push({ ...at(n), what: 'a worker pool' });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return found;
}

/** The text of a file of src/ (for a planted copy). */
export const readSrc = (root: string, file: string): string => readFileSync(join(root, file), 'utf8');
