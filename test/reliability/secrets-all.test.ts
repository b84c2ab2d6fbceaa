// The API key is a secret, for EVERY command: the command tree is walked from createProgram (a new
// command fails the first test until it gets an invocation here), each runs with --verbose once
// successfully and once per kind of failure (401, 403, 404, 422 from a server that echoes the key back,
// 500 after retries, network), and stdout, stderr, the config dir and every file it wrote (reports,
// exports, state, images) are scanned for the key and for the key without its last 4 characters.
// Also: config 0600 in a 0700 dir, a warning for a world-readable config, http:// refused before any
// connection, and redirects never followed with the key.
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDeps } from '../../src/deps.js';
import { createProgram } from '../../src/program.js';
import type { PlanView } from '../../src/plans/contract.js';
import { partnersCsv } from '../jobs/import/_files.js';
import { setup as setupPlans } from '../plans/_plans.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir, type RunOptions, type RunResult } from '../helpers/run-cli.js';
import { createTestCa } from '../helpers/test-ca.js';
import { expectNoStack, filesUnder, realWait, useCounters } from './_support.js';

const counts = useCounters('secrets-all');
const emu = useEmulator();

// ---- a server that answers every request with an error ECHOING the credentials it received ---------

let echo: Server;
let echoUrl = '';
beforeAll(async () => {
  echo = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    const auth = req.headers.authorization ?? '';
    res.writeHead(422, { 'content-type': 'application/json', 'request-id': `req_${auth}` });
    res.end(
      JSON.stringify({
        error: {
          type: 'invalid_request',
          code: 'validation_failed',
          message: `Rejected credentials: ${auth}`,
          details: [
            { field: 'authorization', code: 'invalid_string', message: `got ${auth}` },
            { key: auth, reason: 'locked' },
          ],
        },
      }),
    );
  });
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => echo.close(() => r())));

// ---- every leaf command ----------------------------------------------------------------------------

async function leafCommands(): Promise<string[]> {
  const io = {
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    stdin: Readable.from([]),
    isStdoutTTY: false,
    isStderrTTY: false,
    isStdinTTY: false,
    columns: 80,
  };
  const program = await createProgram(buildDeps({ io, env: {}, readStdin: async () => '' }));
  const walk = (c: Command, path: string[]): string[] =>
    c.commands.length ? c.commands.flatMap((s) => walk(s, [...path, s.name()])) : [path.join(' ')];
  return walk(program, []);
}

interface Ctx {
  work: string;
  config: string;
}
interface Invocation {
  args: string[];
  /** The command talks to the API (so each failure kind applies). */
  api: boolean;
  stdin?: string;
  /** Its exit status on success (default 0: drift exits 7 when it lists a code). */
  ok?: number;
  before?: (c: Ctx, env: Record<string, string>) => Promise<void>;
  opts?: (c: Ctx) => RunOptions;
}

const addProfile = async (c: Ctx) => {
  const r = await runCli(['profiles', 'add', 'p1', '--base-url', emu.baseUrl, '--api-key-stdin'], {
    emu,
    key: null,
    configDir: c.config,
    stdin: emu.keys.full,
  });
  expect(r.exitCode).toBe(0);
};
/** A print run of qr_support in the ledger, recorded against the base URL the command will use. */
const recordPrintRun = async (c: Ctx, env: Record<string, string>) => {
  mkdirSync(join(c.config, 'print-runs'), { recursive: true });
  const lines = [
    {
      type: 'run',
      version: 1,
      run: 'run_20260101T000000Z_abcdef',
      command: 'print',
      createdAt: '2026-01-01T00:00:00.000Z',
      profile: null,
      baseUrl: env.CARDQR_BASE_URL,
      layout: 'sheet L7651',
      cardqr: '0',
    },
    {
      type: 'code',
      id: 'qr_support',
      kind: 'qr',
      name: 'Support',
      url: 'https://x.example/p/s',
      shortCode: 's',
      destinationUrl: 'https://x.example/',
      status: 'published',
      format: 'pdf',
      sha256: '0',
    },
  ];
  writeFileSync(
    join(c.config, 'print-runs', 'run_20260101T000000Z_abcdef.ndjson'),
    lines.map((l) => JSON.stringify(l)).join('\n'),
  );
};
const NATIVE = JSON.stringify({
  externalId: 'P-4242',
  fields: { firstName: 'Sec', lastName: 'Ret', company: 'Acme', emails: [{ label: 'Work', value: 's@example.com' }] },
});

/** A snapshot in the run's default history store (<config>/data/history.db). */
const snapshot = async (c: Ctx) => {
  const r = await runCli(['analytics', 'snapshot', '--no-cards'], { emu, configDir: c.config });
  expect(r.exitCode, r.stderr).toBe(0);
};
/** A plan an agent made in the run's state folder; its id joins the command's arguments. */
const withPlan = (args: string[], then?: (p: PlanView) => void) => ({
  args,
  api: false,
  before: async (c: Ctx) => {
    const s = setupPlans(emu, { state: join(c.config, 'state') });
    const plan = await s.plans.create({ kind: 'qr_status', ids: ['qr_support'], status: 'paused' });
    await s.close();
    args.splice(2, 0, plan.plan_id);
    then?.(plan);
  },
});

const TABLE: Record<string, (c: Ctx) => Invocation> = {
  'profiles add': () => ({ args: ['profiles', 'add', 'p1', '--api-key-stdin'], api: true, stdin: 'KEY' }),
  'profiles list': () => ({ args: ['profiles', 'list'], api: false, before: addProfile }),
  'profiles use': () => ({ args: ['profiles', 'use', 'p1'], api: false, before: addProfile }),
  'profiles show': () => ({ args: ['profiles', 'show', 'p1'], api: false, before: addProfile }),
  'profiles remove': () => ({ args: ['profiles', 'remove', 'p1', '--yes'], api: false, before: addProfile }),
  // Verified with the stored profile's own key (GET /me), not the run's: not one of the API failure cases.
  'profiles set': (c) => ({
    args: ['profiles', 'set', 'p1', '--ca-file', join(c.work, 'ca.pem')],
    api: false,
    before: async () => {
      await addProfile(c);
      writeFileSync(join(c.work, 'ca.pem'), (await createTestCa()).certPem);
    },
  }),
  me: () => ({ args: ['me'], api: true }),
  status: () => ({ args: ['status'], api: true, before: addProfile }),
  'cards list': () => ({ args: ['cards', 'list', '--all'], api: true }),
  'cards get': () => ({ args: ['cards', 'get', 'crd_amelie'], api: true }),
  'cards create': () => ({
    args: ['cards', 'create', '--field', 'firstName=Sec', '--field', 'lastName=Ret'],
    api: true,
  }),
  'cards update': () => ({ args: ['cards', 'update', 'crd_jose', '--field', 'title=Keeper'], api: true }),
  'cards delete': () => ({ args: ['cards', 'delete', 'crd_ngozi', '--yes'], api: true }),
  'cards wallet': () => ({ args: ['cards', 'wallet', 'crd_amelie'], api: true }),
  'qr list': () => ({ args: ['qr', 'list', '--all'], api: true }),
  'qr get': () => ({ args: ['qr', 'get', 'qr_support'], api: true }),
  'qr create': () => ({
    args: ['qr', 'create', '--name', 'Secret booth', '--url', 'https://example.com/s'],
    api: true,
  }),
  'qr update': () => ({ args: ['qr', 'update', 'qr_support', '--name', 'Support'], api: true }),
  'qr delete': () => ({ args: ['qr', 'delete', 'qr_support', '--yes'], api: true }),
  'qr pause': () => ({ args: ['qr', 'pause', 'qr_support'], api: true }),
  'qr publish': () => ({ args: ['qr', 'publish', 'qr_promo'], api: true }),
  'qr archive': () => ({ args: ['qr', 'archive', 'qr_support'], api: true }),
  'qr apply': (c) => {
    const csv = join(c.work, 'codes.csv');
    writeFileSync(csv, 'shortCode,name,destinationUrl\nsecret-booth,Secret booth,https://example.com/s\n');
    return { args: ['qr', 'apply', csv], api: true };
  },
  'templates list': () => ({ args: ['templates', 'list'], api: true }),
  'templates get': () => ({ args: ['templates', 'get', 'tpl_corporate'], api: true }),
  image: (c) => ({ args: ['image', 'crd_amelie', 'qr_support', '-d', join(c.work, 'images')], api: true }),
  'print audit': () => ({ args: ['print', 'audit', 'last'], api: true, before: recordPrintRun }),
  'print retarget': () => ({
    args: ['print', 'retarget', 'last', '--url', 'https://example.com/over', '--yes'],
    api: true,
    before: recordPrintRun,
  }),
  'analytics overview': () => ({ args: ['analytics', 'overview'], api: true }),
  'analytics get': () => ({ args: ['analytics', 'get', 'qr_roboconf'], api: true }),
  'leads list': () => ({ args: ['leads', 'list', '--all'], api: true }),
  'leads get': () => ({ args: ['leads', 'get', 'lead_001'], api: true }),
  'leads export': (c) => ({
    args: ['leads', 'export', '--state', join(c.work, 'leads.state.json'), '--out', join(c.work, 'leads.ndjson')],
    api: true,
  }),
  'leads follow': (c) => ({
    args: ['leads', 'follow', '--state', join(c.work, 'follow.state.json')],
    api: true,
    opts: () => ({ interruptAfter: realWait(150) }),
  }),
  'leads replay': (c) => ({
    args: ['leads', 'replay', join(c.work, 'dead.ndjson')],
    api: false,
    before: async () => {
      const delivery = { type: 'lead.created', lead: { id: 'lead_001', createdAt: '2026-05-01T00:00:00.000Z' } };
      const line = {
        delivery,
        target: { exec: 'cat > /dev/null' },
        attempts: 8,
        lastError: 'exit 1',
        deadLetteredAt: '2026-05-01T00:05:00.000Z',
      };
      writeFileSync(join(c.work, 'dead.ndjson'), `${JSON.stringify(line)}\n`, { mode: 0o600 });
    },
  }),
  'leads crm-report': () => ({ args: ['leads', 'crm-report'], api: true }),
  'campaigns list': () => ({ args: ['campaigns', 'list'], api: true }),
  'campaigns get': () => ({ args: ['campaigns', 'get', 'cmp_native'], api: true }),
  'campaigns schema': () => ({ args: ['campaigns', 'schema', 'cmp_native'], api: true }),
  'campaigns test': () => ({ args: ['campaigns', 'test', 'cmp_native', '--data', NATIVE], api: true }),
  'campaigns create-card': () => ({ args: ['campaigns', 'create-card', 'cmp_native', '--data', NATIVE], api: true }),
  'campaigns import': (c) => {
    const csv = join(c.work, 'people.csv');
    writeFileSync(csv, partnersCsv(3));
    return { args: ['campaigns', 'import', 'cmp_native', csv], api: true };
  },
  api: () => ({ args: ['api', 'GET', '/me'], api: true }),
  emulator: () => ({ args: ['emulator', '--port', '0'], api: false, opts: () => ({ interruptAfter: realWait(150) }) }),
  completion: () => ({ args: ['completion', 'bash'], api: false }),
  __complete: () => ({ args: ['__complete', 'profiles'], api: false, before: addProfile }),
  __man: () => ({ args: ['__man'], api: false }),
  'analytics snapshot': () => ({ args: ['analytics', 'snapshot', '--no-cards'], api: true }),
  'analytics history': () => ({ args: ['analytics', 'history'], api: false, before: snapshot }),
  'analytics drift': () => ({ args: ['analytics', 'drift'], api: false, ok: 7, before: snapshot }),
  'analytics migrate': () => ({ args: ['analytics', 'migrate'], api: false }),
  'report weekly': (c) => ({
    args: ['report', 'weekly', '--out', join(c.work, 'weekly.txt')],
    api: true,
    before: snapshot,
  }),
  serve: () => ({ args: ['serve', '--port', '0'], api: true, opts: () => ({ interruptAfter: realWait(300) }) }),
  mcp: () => ({ args: ['mcp'], api: true, stdin: '' }),
  'plans list': () => ({ args: ['plans', 'list'], api: false, before: (c) => withPlan([]).before(c) }),
  'plans show': () => withPlan(['plans', 'show']),
  'plans cancel': () => withPlan(['plans', 'cancel']),
  'plans approve': () => {
    const answers: string[] = [];
    const inv = withPlan(['plans', 'approve'], (plan) => answers.push(plan.sha256.slice(0, 6)));
    return { ...inv, opts: () => ({ tty: true, answers }) };
  },
};

/** The key and the key without its last 4 characters (a partial leak) appear nowhere. */
function expectNoSecret(key: string, r: RunResult, c: Ctx, where: string): void {
  const partial = key.slice(0, -4);
  for (const [name, text] of [
    ['stdout', r.stdout],
    ['stderr', r.stderr],
  ] as const) {
    expect(text, `${where}: ${name}`).not.toContain(partial);
  }
  for (const f of [...filesUnder(c.work), ...filesUnder(c.config)]) {
    if (f === join(c.config, 'config.json')) continue; // the profile store is where keys live (checked below)
    expect(readFileSync(f).includes(partial), `${where}: ${f}`).toBe(false);
  }
}

function newCtx(): Ctx {
  const c = { work: tempDir('cardqr-secret-work-'), config: tempDir('cardqr-secret-cfg-') };
  mkdirSync(c.work, { recursive: true });
  return c;
}

async function runInvocation(
  name: string,
  key: string,
  env: Record<string, string>,
  setup?: () => void,
): Promise<{ r: RunResult; c: Ctx; inv: Invocation }> {
  const c = newCtx();
  const inv = TABLE[name](c);
  await inv.before?.(c, env);
  setup?.();
  const stdin = inv.stdin === 'KEY' ? key : inv.stdin;
  const args = name === 'profiles add' ? [...inv.args, '--base-url', env.CARDQR_BASE_URL] : inv.args;
  const r = await runCli([...args, '--verbose', '-o', 'json'], {
    emu,
    key: name === 'profiles add' ? null : key,
    configDir: c.config,
    stdin,
    env: name === 'profiles add' ? {} : env,
    ...inv.opts?.(c),
  });
  return { r, c, inv };
}

const LEAVES = await leafCommands();

describe('every command keeps the key secret', () => {
  it('every leaf command of the tree has an invocation here', () => {
    expect(LEAVES.length).toBeGreaterThan(30);
    expect(LEAVES.filter((l) => !TABLE[l])).toEqual([]);
  });

  it.each(LEAVES)('%s: succeeds with --verbose; the key is nowhere in its output or files', async (name) => {
    // The emulator command prints ITS seeded keys by design; it never uses the caller's key.
    const key = name === 'emulator' ? 'cq_live_unused_caller_key_Zx81' : emu.keys.full;
    const { r, c, inv } = await runInvocation(name, key, { CARDQR_BASE_URL: emu.baseUrl });
    expect(r.exitCode, r.stderr).toBe(inv.ok ?? 0);
    if (inv.api) expect(r.stderr).toContain(`Authorization: Bearer ****${key.slice(-4)}`);
    expectNoSecret(key, r, c, name);
  });

  const FAILURES: Array<
    [string, number[], (name: string) => { key: string; env: Record<string, string>; setup?: () => void }]
  > = [
    ['401 invalid_api_key', [3], () => ({ key: emu.keys.revoked, env: { CARDQR_BASE_URL: emu.baseUrl } })],
    ['403 upgrade_required_api', [3], () => ({ key: emu.keys.noapi, env: { CARDQR_BASE_URL: emu.baseUrl } })],
    [
      '404 unknown_endpoint',
      [4, 7],
      () => ({ key: emu.keys.full, env: { CARDQR_BASE_URL: `${emu.publicBaseUrl}/v1/gone` } }),
    ],
    ['422 echoing the key back', [5, 7], () => ({ key: emu.keys.full, env: { CARDQR_BASE_URL: echoUrl } })],
    [
      '500 after retries',
      [1, 7],
      () => ({
        key: emu.keys.full,
        env: { CARDQR_BASE_URL: emu.baseUrl, CARDQR_DEBUG: '1' },
        setup: () => emu.injectFaults([{ kind: '500', times: 1000 }]),
      }),
    ],
    [
      'network (connections dropped)',
      [6],
      () => ({
        key: emu.keys.full,
        env: { CARDQR_BASE_URL: emu.baseUrl },
        setup: () => emu.injectFaults([{ kind: 'drop_before', times: 1000 }]),
      }),
    ],
  ];
  const apiLeaves = LEAVES.filter((l) => TABLE[l]?.(newCtx()).api);

  describe.each(FAILURES)('%s', (_kind, exits, make) => {
    it.each(apiLeaves)(
      '%s',
      async (name) => {
        const f = make(name);
        const { r, c } = await runInvocation(name, f.key, f.env, f.setup);
        expect(exits, `${name} exit ${r.exitCode}\n${r.stderr}`).toContain(r.exitCode);
        expect(r.stderr).toMatch(/error|failed/);
        expectNoStack(r.stderr);
        expectNoSecret(f.key, r, c, `${name} (${_kind})`);
      },
      15_000,
    );
  });
});

// ---- the profile store ------------------------------------------------------------------------------

describe('the profile store', () => {
  it('profiles add writes the key only to config.json, mode 0600 in a 0700 directory', async () => {
    const c = newCtx();
    const cfg = join(c.config, 'nested', 'cardqr');
    const r = await runCli(['profiles', 'add', 'p1', '--base-url', emu.baseUrl, '--api-key-stdin'], {
      emu,
      key: null,
      configDir: cfg,
      stdin: emu.keys.full,
    });
    expect(r.exitCode).toBe(0);
    expect(statSync(join(cfg, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(cfg).mode & 0o777).toBe(0o700);
    expect(filesUnder(cfg).filter((f) => readFileSync(f, 'utf8').includes(emu.keys.full))).toEqual([
      join(cfg, 'config.json'),
    ]);
  });

  it('a world-readable config file: every command warns (and names the fix), and still works', async () => {
    const c = newCtx();
    await addProfile(c);
    chmodSync(join(c.config, 'config.json'), 0o644);
    const r = await runCli(['me', '-o', 'json'], {
      emu,
      key: null,
      configDir: c.config,
      env: { CARDQR_BASE_URL: undefined },
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/^warning: .*config\.json is readable by other users \(mode 644\); run: chmod 600 /m);
    chmodSync(join(c.config, 'config.json'), 0o600);
    const quiet = await runCli(['me', '-o', 'json'], {
      emu,
      key: null,
      configDir: c.config,
      env: { CARDQR_BASE_URL: undefined },
    });
    expect(quiet.stderr).toBe('');
  });
});

// ---- transport ---------------------------------------------------------------------------------------

describe('the key travels only over https (or to loopback), and never follows a redirect', () => {
  it.each([
    ['--base-url', ['--base-url', 'http://api.invalid/v1'], {}],
    ['CARDQR_BASE_URL', [], { CARDQR_BASE_URL: 'http://api.invalid/v1' }],
    ['a lookalike of localhost', ['--base-url', 'http://localhost.api.invalid/v1'], {}],
    ['a lookalike of 127.0.0.1', ['--base-url', 'http://127.0.0.1.api.invalid/v1'], {}],
    ['userinfo that looks like loopback', ['--base-url', 'http://127.0.0.1@api.invalid/v1'], {}],
  ] as Array<[string, string[], Record<string, string>]>)(
    'http:// to a non-loopback host via %s: exit 2 before any lookup or connection',
    async (_how, flags, env) => {
      for (const cmd of [
        ['me'],
        ['cards', 'create', '--field', 'firstName=A'],
        ['leads', 'export', '--state', join(tempDir(), 's.json')],
      ]) {
        const r = await runCli([...cmd, ...flags], { env: { CARDQR_API_KEY: emu.keys.full, ...env } });
        // A lookup of *.invalid would fail as "host not found" (exit 6): exit 2 with this message means none was tried.
        expect([r.exitCode, r.stderr]).toEqual([
          2,
          expect.stringMatching(/^error: refusing plain http:\/\/ to [\w.-]+: the API key is sent only over https/),
        ]);
        expect(r.stderr).not.toContain(emu.keys.full.slice(0, -4));
        counts.badInputs++;
      }
    },
  );

  it('profiles add refuses an http:// non-loopback base URL before asking for the key', async () => {
    const c = newCtx();
    const r = await runCli(['profiles', 'add', 'p', '--base-url', 'http://api.invalid/v1', '--api-key-stdin'], {
      key: null,
      configDir: c.config,
      stdin: emu.keys.full,
    });
    expect(r.exitCode).toBe(2);
    expect(filesUnder(c.config)).toEqual([]);
  });

  it('a profile edited by hand to http:// is refused too', async () => {
    const c = newCtx();
    writeFileSync(
      join(c.config, 'config.json'),
      JSON.stringify({
        defaultProfile: 'p',
        profiles: { p: { name: 'p', baseUrl: 'http://api.invalid/v1', apiKey: emu.keys.full } },
      }),
      { mode: 0o600 },
    );
    const r = await runCli(['me'], { key: null, configDir: c.config });
    expect([r.exitCode, r.stderr]).toEqual([2, expect.stringMatching(/refusing plain http:\/\/ to api\.invalid/)]);
  });

  describe('redirects', () => {
    let target: Server;
    let redirector: Server;
    const received: Array<{ url?: string; auth?: string; xkey?: string }> = [];
    let status = 302;
    let base = '';
    beforeAll(async () => {
      target = createServer((req, res) => {
        received.push({
          url: req.url,
          auth: req.headers.authorization,
          xkey: req.headers['x-api-key'] as string | undefined,
        });
        req.resume();
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"api_key_context"}');
      });
      await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
      const to = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
      redirector = createServer((req, res) => {
        req.resume();
        res.writeHead(status, { location: `${to}${req.url}` }).end();
      });
      await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/v1`;
    });
    afterAll(async () => {
      await new Promise<void>((r) => target.close(() => r()));
      await new Promise<void>((r) => redirector.close(() => r()));
    });

    it.each([301, 302, 303, 307, 308])(
      '%i: not followed, for reads, writes and image downloads; the second server sees nothing',
      async (code) => {
        status = code;
        received.length = 0;
        const runs: string[][] = [
          ['me'],
          ['cards', 'create', '--field', 'firstName=A'],
          ['image', 'qr_support', '-d', tempDir()],
          ['api', 'DELETE', '/cards/crd_x'],
        ];
        for (const args of runs) {
          const r = await runCli([...args, '--verbose'], {
            env: { CARDQR_BASE_URL: base, CARDQR_API_KEY: emu.keys.full },
          });
          expect(r.exitCode, r.stderr).toBe(1);
          expect(r.stderr).toMatch(
            /unexpected redirect to http:\/\/127\.0\.0\.1:\d+\/v1\/\S+ \(not followed: the key is never sent to another address\)/,
          );
          expect(r.stderr).not.toContain(emu.keys.full.slice(0, -4));
        }
        expect(received).toEqual([]);
      },
    );
  });
});
