// Owners of cross-cutting concerns (issue 16): each is decided in one module, checked on the source text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { SRC, importGraph, sourceFiles } from './imports.js';

const files = sourceFiles().filter((f) => !f.startsWith('emulator/'));
const text = (f: string) => readFileSync(join(SRC, f), 'utf8');

/**
 * Every `<something>.<name>` property read in a file, or `{ <name> }` destructured, (comments and strings are not code); with
 * `valuesOnly`, not a method call such as `ctx.output()`.
 */
function propertyReads(source: string, name: string, valuesOnly = false): string[] {
  const sf = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const called = node.parent !== undefined && ts.isCallExpression(node.parent) && node.parent.expression === node;
    if (ts.isPropertyAccessExpression(node) && node.name.text === name && !(valuesOnly && called))
      found.push(node.getText(sf));
    // `const { output } = ctx.globals` reads it too.
    if (ts.isBindingElement(node) && (node.propertyName ?? node.name).getText(sf) === name)
      found.push(node.getText(sf));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Reads of the process's own stderr: `io.stderr` (of ctx, deps), `process.stderr`, or `stderr` destructured. */
function ourStderr(source: string): string[] {
  return propertyReads(source, 'stderr').filter((read) =>
    /^(stderr|(.*\.)?(io|process)\.stderr)$/.test(read.replace(/\s/g, '')),
  );
}

describe('one owner for each concern', () => {
  test('words on stderr go through Messages (output/messages.ts): only these files touch our stderr', () => {
    const allowed: Record<string, string> = {
      'output/messages.ts': 'the channel itself (unflaggedMessages: words said before the flags are read)',
      'context.ts': "builds the run's Messages (ctx.msg) on it",
      'deps.ts': 'builds IO from the process, and hands the terminal to a question (raw-mode echo, not words)',
      'cli.ts': "the run's last words: the error and its exit status, after the command (and its spinner) ended",
    };
    const touching = files.filter((f) => ourStderr(text(f)).length > 0);
    expect(touching.filter((f) => !Object.hasOwn(allowed, f))).toEqual([]);
    // An entry whose file no longer touches stderr is stale: the list says only what is true.
    expect(Object.keys(allowed).filter((f) => !touching.includes(f))).toEqual([]);
  });

  test("the stderr check sees io.stderr, process.stderr and a destructured stderr, not a child's", () => {
    expect(ourStderr('ctx.io.stderr.write("x")')).toEqual(['ctx.io.stderr']);
    expect(ourStderr('deps.io.stderr.write("x"); process.stderr.write("y")')).toHaveLength(2);
    expect(ourStderr('const { stdout, stderr } = process; stderr.write("x")')).toEqual(['stderr']);
    expect(ourStderr('const w = io\n  .stderr;')).toHaveLength(1);
    expect(ourStderr('child.stderr.on("data", f); // io.stderr in a comment')).toEqual([]);
  });

  test('--output is read in one module, output/settings.ts', () => {
    const readers = files.filter(
      (f) => f !== 'output/settings.ts' && propertyReads(text(f), 'output', true).length > 0,
    );
    expect(readers).toEqual([]);
  });

  test('colour is applied in one module: chalk is imported only by output/paint.ts', () => {
    const importers = files.filter((f) => f !== 'output/paint.ts' && /from 'chalk'|import\('chalk'\)/.test(text(f)));
    expect(importers).toEqual([]);
  });

  test('colour is decided in one module: colorEnabled is defined only in output/paint.ts', () => {
    const definers = files.filter((f) => f !== 'output/paint.ts' && /function colorEnabled\b/.test(text(f)));
    expect(definers).toEqual([]);
  });

  test('the global flags are never stored in a shared mutable place (no deps.globals)', () => {
    const users = files.filter((f) => /\bdeps\.globals\b/.test(text(f)));
    expect(users).toEqual([]);
  });

  test('standard output is written only by output/ (deps.ts only builds it from the process)', () => {
    // Any read of the process's stdout stream: io.stdout, ctx.io.stdout, deps.io.stdout, process.stdout.
    // A child's stdout (a key command, --exec) is the child's, not ours.
    const ours = (read: string) => /(^|\.)(io|process)\.stdout$/.test(read.replace(/\s/g, ''));
    const writers = files.filter(
      (f) => !f.startsWith('output/') && f !== 'deps.ts' && propertyReads(text(f), 'stdout').some(ours),
    );
    expect(writers).toEqual([]);
  });

  test('the output format is read in one function, askedFormat, and defaulted in one, chosenFormat', () => {
    const sf = ts.createSourceFile('s.ts', text('output/settings.ts'), ts.ScriptTarget.Latest, true);
    const outside: string[] = [];
    const visit = (node: ts.Node, fn?: string): void => {
      const name = ts.isFunctionDeclaration(node) ? node.name?.text : fn;
      if (ts.isPropertyAccessExpression(node) && node.name.text === 'output' && name !== 'askedFormat')
        outside.push(`${name}: ${node.getText(sf)}`);
      ts.forEachChild(node, (c) => visit(c, name));
    };
    visit(sf);
    expect(outside).toEqual([]);
    // No other module decides a default format: the words 'table' or 'ndjson' as a fallback live there.
    const fallbacks = files.filter((f) => f !== 'output/settings.ts' && /\?\?\s*'(json|ndjson|table)'/.test(text(f)));
    expect(fallbacks).toEqual([]);
  });

  test('the key is resolved in one function: config/credentials.ts resolveCredentials', () => {
    // Only it reads CARDQR_API_KEY and CARDQR_BASE_URL (status and profiles add ask it: environmentCredentials,
    // givenBaseUrl, a question as a key source) and runs a profile's key command.
    const envReaders = files.filter(
      (f) =>
        f !== 'config/credentials.ts' &&
        propertyReads(text(f), 'CARDQR_API_KEY').length + propertyReads(text(f), 'CARDQR_BASE_URL').length > 0,
    );
    expect(envReaders).toEqual([]);
    const commandRunners = importGraph()
      .filter((e) => e.to === 'config/key-command.ts' && e.from !== 'config/credentials.ts')
      .map((e) => e.from);
    expect(commandRunners).toEqual([]);
    // The profile is chosen once (profiles show asks credentials.ts which one is named).
    expect(
      files.filter((f) => f !== 'config/credentials.ts' && propertyReads(text(f), 'CARDQR_PROFILE').length > 0),
    ).toEqual([]);
    // And the key reaches the wire in one place: the client's Authorization header.
    expect(files.filter((f) => f !== 'api/client.ts' && /\bBearer \$\{/.test(text(f)))).toEqual([]);
  });

  test('every outbound connection is set up in one module, api/agents.ts (the same CAs and proxy rules)', () => {
    // node:https is loaded, and an Agent made, only there (the emulator serves; it sends nothing).
    const https = files.filter(
      (f) => f !== 'api/agents.ts' && /from 'node:https'|import\('node:https'\)/.test(text(f)),
    );
    expect(https).toEqual([]);
    const agents = files.filter((f) => f !== 'api/agents.ts' && /\bnew\s+([\w.]+\.)?Agent\s*\(/.test(text(f)));
    expect(agents).toEqual([]);
    // The proxy variables are read in one function's module, api/proxy.ts; trust is built in api/trust.ts.
    const proxyVars = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];
    const readers = files.filter(
      (f) => f !== 'api/proxy.ts' && proxyVars.some((v) => propertyReads(text(f), v).length > 0),
    );
    expect(readers).toEqual([]);
    const trust = files.filter(
      (f) => f !== 'api/trust.ts' && /\bgetCACertificates\b|\bcreateSecureContext\b/.test(text(f)),
    );
    expect(trust).toEqual([]);
  });

  test('the checker sees property reads but not words in comments or strings', () => {
    expect(propertyReads("const a = ctx.globals.output; // io.stderr\nconst s = 'io.stderr.write'", 'output')).toEqual([
      'ctx.globals.output',
    ]);
    expect(propertyReads("const s = 'io.stderr.write'; // io.stderr", 'stderr')).toEqual([]);
    expect(propertyReads('ctx.io.stderr.write(x)', 'stderr')).toEqual(['ctx.io.stderr']);
    expect(propertyReads('const s = ctx.output(); const f = g.output;', 'output', true)).toEqual(['g.output']);
    expect(propertyReads('const { output, query } = ctx.globals;', 'output', true)).toEqual(['output']);
    expect(propertyReads('const { io: { stderr } } = ctx;', 'stderr')).toEqual(['stderr']);
  });
});
