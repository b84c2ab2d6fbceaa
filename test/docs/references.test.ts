// Docs that cannot drift: every file a document names exists, every function it names (`name(…)`)
// exists in the code, and no link leaves the repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  'src/emulator/README.md',
  ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`),
].filter((f) => f.endsWith('.md'));
/** Built or written at run time: named in the docs, absent from a fresh clone. */
const GENERATED = /^(dist|completions|node_modules|coverage|bench-results|demo-output|\.tmp)\//;

function codeText(): string {
  const files: string[] = [];
  for (const top of ['src', 'test', 'scripts', 'bin']) {
    for (const f of readdirSync(join(ROOT, top), { recursive: true, encoding: 'utf8' })) {
      if (/\.(ts|mjs|js)$/.test(f) || top === 'bin') files.push(join(ROOT, top, f));
    }
  }
  // Root config files (tsconfig.json, eslint.config.js, package.json …) name options the docs cite.
  for (const f of readdirSync(ROOT))
    if (/\.(json|js|ts)$/.test(f) && f !== 'package-lock.json') files.push(join(ROOT, f));
  return files
    .filter((f) => existsSync(f) && !f.includes(`${join('test', 'docs')}`))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
}
const CODE = codeText();

/** Backticked spans outside fenced code blocks. */
function spans(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
}

/** Every file name in the repository (outside node_modules and .git), for names given without a folder. */
const BASENAMES = new Set(
  readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
    .filter((f) => !/^(node_modules|\.git)(\/|$)/.test(f))
    .map((f) => f.split('/').pop()!),
);

/** A span that names a file or folder of the repository (not a URL path, a glob, a package or a placeholder). */
function asPath(span: string): string | undefined {
  if (/\s|[<>*…{}|$:]|^[-/.\d]|^~/.test(span) && !/^\.[a-z][\w-]*\//.test(span)) return undefined;
  const path = span.replace(/\/$/, '');
  if (!/^[\w@.][\w@./-]*$/.test(path)) return undefined;
  const parts = path.split('/');
  if (parts.length === 1) return /\.(ts|mjs|js)$/.test(path) ? path : undefined; // a bare source file name
  if (parts.slice(0, -1).some((p, i) => p.includes('.') && !(i === 0 && p.startsWith('.')))) return undefined; // a.b/c: not a folder
  if (existsSync(join(ROOT, 'node_modules', parts[0]!))) return undefined; // a package: zod/mini
  if (/^(application|text|image|audio|video|multipart|font)$/.test(parts[0]!)) return undefined; // a media type
  return path;
}

/** `runCli(args)` → runCli, `emu.store.account(id)` → account, `createTestDeps` → itself; not `full` or `RateLimit-Reset`. */
function identifier(span: string): string | undefined {
  const call = /^(?:[\w$]+\.)*([A-Za-z_$][\w$]*)\(/.exec(span);
  if (call) return call[1];
  return /^([a-z][a-z0-9]*[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*)$/.test(span) ? span : undefined;
}

function exists(path: string, doc: string): boolean {
  const candidates = [path, path.replace(/\.js$/, '.ts')];
  if (!path.includes('/')) return candidates.some((c) => BASENAMES.has(c));
  return (
    GENERATED.test(`${path}/`) ||
    candidates.some((c) => existsSync(join(ROOT, c)) || existsSync(join(ROOT, dirname(doc), c)))
  );
}

describe.each(DOCS)('%s', (doc) => {
  const text = readFileSync(join(ROOT, doc), 'utf8');

  test('every file or folder it names in backticks exists', () => {
    const missing = spans(text)
      .map(asPath)
      .filter((p): p is string => p !== undefined && !exists(p, doc));
    expect([...new Set(missing)]).toEqual([]);
  });

  test('every function or type it names (`name(…)`, `camelCase`, `PascalCase`) exists in the code', () => {
    const names = spans(text)
      .map(identifier)
      .filter((n): n is string => n !== undefined);
    const missing = names.filter((n) => !new RegExp(`\\b${n.replace(/\$/g, '\\$')}\\b`).test(CODE));
    expect([...new Set(missing)]).toEqual([]);
  });

  test('every relative link points at a file inside the repository', () => {
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1]!.replace(/#.*$/, ''))
      .filter((l) => l && !/^[a-z]+:/i.test(l));
    const bad = links.filter((l) => {
      const target = resolve(ROOT, dirname(doc), l);
      return relative(ROOT, target).startsWith('..') || !existsSync(target);
    });
    expect(bad).toEqual([]);
  });
});

test('the checks see what they should', () => {
  expect(asPath('src/jobs/leads/walk.ts')).toBe('src/jobs/leads/walk.ts');
  expect(asPath('src/commands/<noun>/index.ts')).toBeUndefined();
  expect(asPath('/c/<code>')).toBeUndefined();
  expect(asPath('POST /_emulator/reset')).toBeUndefined();
  expect(asPath('zod/mini')).toBeUndefined();
  expect(asPath('application/json')).toBeUndefined();
  expect(asPath('127.0.0.0/8')).toBeUndefined();
  expect(asPath('store.canCreateCard/canCreateQrCode')).toBeUndefined();
  expect(asPath('.ci/run')).toBe('.ci/run');
  expect(exists('images/render.js', 'src/emulator/README.md')).toBe(true);
  expect(exists('nowhere.test.ts', 'README.md')).toBe(false);
  expect(exists('src/no-such-file.ts', 'README.md')).toBe(false);
  expect(exists('server.ts', 'src/emulator/README.md')).toBe(true);
  expect(spans('a `x/y.ts` b\n```\n`not/this.ts`\n```\n')).toEqual(['x/y.ts']);
  expect(
    [
      'runCli(args)',
      'emu.store.account(id)',
      'createTestDeps',
      'RouteDef',
      'full',
      'RateLimit-Reset',
      'cards:read',
    ].map(identifier),
  ).toEqual(['runCli', 'account', 'createTestDeps', 'RouteDef', undefined, undefined, undefined]);
  expect(/\bcreateTestDeps\b/.test(CODE)).toBe(false);
});
