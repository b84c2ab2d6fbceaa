// Issue 22, class 1: ids and paths that would change the request path. An id is one path segment: `.`,
// `..`, empty, slash-bearing, %-encoded, `?`, `#`, backslash and control characters are refused before
// anything is sent (exit 2, one line), wherever the id comes from; `cardqr api` paths stay under the
// base URL. A recording server on 127.0.0.1 sees every request, under /v1 or not.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';
import { json, runAgainst, useHostile, useTempDirs } from './_hostile.js';
import { expectNoStack, useCounters } from './_support.js';

const counts = useCounters('path-segments');
const hostile = useHostile();
const temp = useTempDirs();
const emu = useEmulator();
const KEY = 'cq_live_paths_4Fh8Kd2Lm9Qx7Rt3';

const BAD_IDS = ['.', '..', '', ' ', 'a/b', '../cards', '%2e%2e', '..%2f..', 'a?b', 'a#b', 'a\\b', 'a\tb', 'a\u0085b'];
const CARD = '{"externalId":"x","fields":{"firstName":"Ann","lastName":"Lee"}}';

const commands: Array<[string, (id: string, dir: string) => string[]]> = [
  ['cards get', (id) => ['cards', 'get', id]],
  ['cards delete', (id) => ['cards', 'delete', id, '--yes']],
  ['cards delete (second id)', (id) => ['cards', 'delete', 'crd_ok', id, '--yes']],
  ['cards update', (id) => ['cards', 'update', id, '--field', 'title=CTO', '--yes']],
  ['cards update --template', (id) => ['cards', 'update', 'crd_ok', '--template', id, '--yes']],
  ['cards wallet', (id) => ['cards', 'wallet', id]],
  ['qr get', (id) => ['qr', 'get', id]],
  ['qr pause', (id) => ['qr', 'pause', id, '--yes']],
  ['qr publish', (id) => ['qr', 'publish', id, '--yes']],
  ['qr archive', (id) => ['qr', 'archive', id, '--yes']],
  ['qr update', (id) => ['qr', 'update', id, '--name', 'x']],
  ['qr delete', (id) => ['qr', 'delete', id, '--yes']],
  ['templates get', (id) => ['templates', 'get', id]],
  ['campaigns get', (id) => ['campaigns', 'get', id]],
  ['campaigns schema', (id) => ['campaigns', 'schema', id]],
  ['campaigns create-card', (id) => ['campaigns', 'create-card', id, '--data', CARD]],
  ['campaigns test', (id) => ['campaigns', 'test', id, '--data', CARD]],
  ['leads get', (id) => ['leads', 'get', id]],
  ['analytics get', (id) => ['analytics', 'get', id]],
  ['image', (id, dir) => ['image', id, '-O', join(dir, 'x.png')]],
  ['image (batch)', (id, dir) => ['image', 'qr_ok', id, '-d', dir]],
  ['print', (id, dir) => ['print', id, '--size', '30mm', '-O', join(dir, 'x.pdf')]],
  ['campaigns import', (id, dir) => ['campaigns', 'import', id, csvIn(dir)]],
  ['campaigns import --validate-only', (id, dir) => ['campaigns', 'import', id, csvIn(dir), '--validate-only']],
];

function csvIn(dir: string): string {
  const file = join(dir, 'p.csv');
  writeFileSync(file, 'externalId,firstName\nP-1,Ann\n');
  return file;
}

async function expectRefused(args: string[], dir: string, stdin?: string) {
  const h = await hostile((_req, res) => json(res, 200, {}));
  const r = await runAgainst(h, args, KEY, dir, { stdin });
  expect(r.exitCode, `${JSON.stringify(args)}\n${r.stderr}`).toBe(2);
  expect(r.stderr).toMatch(/^error: .*(id|path)/);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expectNoStack(r.stderr);
  expect(h.requests).toEqual([]);
  return r;
}

describe('an id that is not one path segment is refused before sending', () => {
  it.each(commands)('%s: every bad id is exit 2, one line, nothing sent', async (_name, build) => {
    const dir = temp();
    for (const id of BAD_IDS) {
      const r = await expectRefused(build(id, dir), dir);
      if (/^[\x21-\x7e]+$/.test(id)) expect(r.stderr).toContain(JSON.stringify(id));
      counts.pathSegments++;
    }
  });

  it.each([
    ['cards delete -', ['cards', 'delete', '-', '--yes']],
    ['qr pause -', ['qr', 'pause', '-', '--yes']],
    ['image -', ['image', '-', '-d', '<dir>']],
    ['print -', ['print', '-', '--size', '30mm', '-O', '<dir>/x.pdf']],
  ])('%s: a bad id among good ones on standard input: nothing sent', async (_n, args) => {
    const dir = temp();
    const argv = args.map((a) => a.replace('<dir>', dir));
    for (const bad of ['.', '..', '../cards', '%2e%2e', 'a?b', 'a#b', 'a\\b']) {
      await expectRefused(argv, dir, `crd_ok\n${bad}\nqr_ok\n`);
      counts.pathSegments++;
    }
  });

  it('print --from-report: a report naming a card ".." is refused before any request', async () => {
    const dir = temp();
    const report = join(dir, 'report.ndjson');
    writeFileSync(
      report,
      [{ type: 'header' }, { outcome: 'created', cardId: 'crd_ok' }, { outcome: 'created', cardId: '..' }]
        .map((l) => JSON.stringify(l))
        .join('\n') + '\n',
    );
    const r = await expectRefused(['print', '--from-report', report, '--size', '30mm', '-O', join(dir, 'x.pdf')], dir);
    expect(r.stderr).toContain('".."');
    counts.pathSegments++;
  });

  it.each([['audit'], ['retarget']])(
    'print %s: a ledger naming a code ".." is refused before any request',
    async (verb) => {
      const dir = temp();
      const h = await hostile((_req, res) => json(res, 200, {}));
      const ledger = join(dir, 'run.ndjson');
      const code = (id: string) => ({ type: 'code', id, kind: 'qr', name: 'n', url: 'u', shortCode: 's', sha256: '' });
      const run = { type: 'run', version: 1, run: 'run_1', command: 'print', baseUrl: h.baseUrl, layout: 'size' };
      writeFileSync(ledger, [run, code('qr_ok'), code('..')].map((l) => JSON.stringify(l)).join('\n') + '\n');
      const args = ['print', verb, ledger, ...(verb === 'retarget' ? ['--url', 'https://example.com', '--yes'] : [])];
      const r = await runAgainst(h, args, KEY, dir);
      expect([r.exitCode, r.stderr]).toEqual([2, expect.stringContaining('".." is a dot segment')]);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(h.requests).toEqual([]);
      counts.pathSegments++;
    },
  );

  it('campaigns create-card .. no longer creates a plain card outside the campaign', async () => {
    const before = emu.store.cards.length;
    for (const id of ['..', '.', '../cards', '%2e%2e']) {
      const r = await runCli(['campaigns', 'create-card', id, '--data', CARD], { emu });
      expect([r.exitCode, r.stdout]).toEqual([2, '']);
      counts.pathSegments++;
    }
    expect(emu.store.cards.length).toBe(before);
    expect(emu.requests()).toEqual([]);
  });

  it('a good id is still encoded and sent (the rule refuses only what cannot be an id)', async () => {
    const r = await runCli(['cards', 'get', 'crd_no-such.card_1', '-o', 'json'], { emu });
    expect(r.exitCode).toBe(4);
    expect(emu.requests().map((q) => `${q.method} ${q.path}`)).toEqual(['GET /cards/crd_no-such.card_1']);
    counts.pathSegments++;
  });
});

describe('cardqr api paths stay under the base URL', () => {
  it.each([
    ['/../../_emulator/state'],
    ['/..'],
    ['../_emulator/state'],
    ['/cards/../../_emulator/state'],
    ['/%2e%2e/_emulator/state'],
    ['/%2E%2e/%2e%2E/x'],
    ['/cards/..%2f..%2f_emulator'],
    ['/..\\_emulator/state'],
    ['/cards#/../../x'],
    ['/cards/\n'],
  ])('GET %j: exit 2, nothing sent', async (path) => {
    const dir = temp();
    await expectRefused(['api', 'GET', path], dir);
    await expectRefused(['api', 'DELETE', path], dir);
    counts.pathSegments++;
  });

  it.each([
    ['/cards/./', '/cards/'],
    ['/qr-codes/../cards', '/cards'],
    ['cards/%2e/../templates', '/templates'],
  ])('%j is normalised to %s under the base URL', async (path, sent) => {
    const r = await runCli(['api', 'GET', path], { emu });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(emu.requests().map((q) => q.path)).toEqual([sent]);
    counts.pathSegments++;
  });
});
