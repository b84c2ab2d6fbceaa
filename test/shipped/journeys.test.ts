// The operator's journeys, from the installed package, over TLS: `cardqr emulator --tls --profile local`
// (a local CA in the user's state folder; the profile it writes trusts it), then what the README walks
// through, each command a separate process on the Node under test (first on PATH). The count of journeys
// feeds the CI's `shipped:` line.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/built-cli.js';
import { startConnectProxy } from '../helpers/connect-proxy.js';
import { startHttpsFront } from '../helpers/https-front.js';
import { createTestCa } from '../helpers/test-ca.js';
import { installedUser, shipped, startEmulator, type Installed, type RunningEmulator } from '../helpers/installed.js';
import { shippedCounts } from './counts.js';

const counts = shippedCounts();
let user: Installed;
let emu: RunningEmulator;
const work = () => join(user.home, 'work');
const cardqr = (args: string[], env: Record<string, string> = {}) => user.run(['--profile', 'local', ...args], { env });

beforeAll(async () => {
  user = installedUser();
  emu = await startEmulator(user, ['--tls', '--profile', 'local']);
}, 60_000);

afterAll(async () => {
  await emu?.stop();
  counts.save();
});

/** The emulator's control API (loopback, over its TLS, trusting its CA). */
async function control(method: string, path: string, body: unknown): Promise<void> {
  const { request } = await import('node:https');
  const url = new URL(path, emu.baseUrl);
  await new Promise<void>((resolve, reject) => {
    const req = request(
      url,
      { method, ca: readFileSync(emu.caFile!), headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** A journey: counted once it passed. */
function journey(name: string, fn: () => Promise<void>) {
  it(name, async () => {
    await fn();
    counts.journeys++;
  });
}

describe(`the installed package over TLS on Node ${process.version}`, () => {
  journey('the emulator serves https with a CA from the state folder, and the profile it wrote trusts it', async () => {
    expect(emu.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(emu.caFile).toBe(join(user.home, '.local', 'state', 'cardqr', 'emulator-ca', 'ca.pem'));
    const me = await cardqr(['me', '-o', 'json']);
    expect([me.code, me.stderr]).toEqual([0, '']);
    expect(JSON.parse(me.stdout)).toMatchObject({ account: expect.objectContaining({ plan: 'pro' }) });
    // Another user (no profile, so no caFile): the same URL does not verify: exit 6, one line, never retried.
    const stranger = installedUser();
    const bare = await stranger.run(['me'], { env: { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full } });
    expect(bare.code).toBe(6);
    expect(bare.stderr.trim().split('\n')).toHaveLength(1);
    expect(bare.stderr).toMatch(/certificate/);
    // NODE_EXTRA_CA_CERTS adds to the roots (read by Node at start-up).
    const extra = await stranger.run(['me', '-o', 'json'], {
      env: { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full, NODE_EXTRA_CA_CERTS: emu.caFile! },
    });
    expect([extra.code, extra.stderr]).toEqual([0, '']);
  });

  journey(
    'the README tour: status, lists, a new code, a csv of codes applied back unchanged, an image, leads',
    async () => {
      const status = await cardqr(['status', '-o', 'json']);
      expect(status.code, status.stderr).toBe(0);
      const ids = await cardqr(['cards', 'list', '--query', '[].id']);
      expect(ids.code, ids.stderr).toBe(0);
      expect(ids.stdout.trim().split('\n').length).toBeGreaterThan(2);
      const made = await cardqr([
        'qr',
        'create',
        '--name',
        'Spring flyer',
        '--url',
        'https://example.com/spring',
        '-q',
      ]);
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/^qr_\w+\n$/);
      const csv = await cardqr([
        'qr',
        'list',
        '--all',
        '-o',
        'csv',
        '--fields',
        'shortCode,name,destinationUrl,status',
      ]);
      expect(csv.code, csv.stderr).toBe(0);
      writeFileSync(join(work(), 'codes.csv'), csv.stdout);
      const apply = await cardqr(['qr', 'apply', 'codes.csv', '--yes']);
      expect(apply.code, apply.stderr).toBe(0);
      expect(apply.stderr).toMatch(/nothing to (send|do)|unchanged/i);
      const image = await cardqr(['image', 'qr_roboconf', '-d', 'qr']);
      expect(image.code, image.stderr).toBe(0);
      const png = readFileSync(join(work(), 'qr', image.stdout.trim().split('/').pop()!));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      const jpeg = await cardqr(['image', 'qr_roboconf', '-f', 'jpeg', '-O', 'roboconf.jpg']);
      expect(jpeg.code, jpeg.stderr).toBe(0);
      expect(readFileSync(join(work(), 'roboconf.jpg')).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      const leads = await cardqr(['leads', 'list', '--all', '--preset', 'hubspot']);
      expect(leads.code, leads.stderr).toBe(0);
      expect(leads.stdout.split('\n')[0]).toMatch(/Email/);
    },
  );

  journey('a campaign import rehearsed on 3 rows, then resumed for the rest', async () => {
    // Six people of the demo's file (the seeded account has room for a few more cards).
    const people = readFileSync(join(ROOT, 'test', 'fixtures', 'demo', 'people.csv'), 'utf8')
      .split('\n')
      .slice(0, 7);
    writeFileSync(join(work(), 'people.csv'), `${people.join('\n')}\n`);
    const first = await cardqr(['campaigns', 'import', 'cmp_native', 'people.csv', '--max-rows', '3', '-o', 'json']);
    expect(first.code, first.stderr).toBe(0);
    const rest = await cardqr(['campaigns', 'import', 'cmp_native', 'people.csv', '--resume', '-o', 'json']);
    expect(rest.code, rest.stderr).toBe(0);
    const again = await cardqr(['campaigns', 'import', 'cmp_native', 'people.csv', '--resume', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    const report = readFileSync(join(work(), 'people.csv.report.ndjson'), 'utf8');
    expect(report.split('\n').filter((l) => /"created"/.test(l))).toHaveLength(6);
  });

  journey(
    'a create whose answer is lost: exit 6 naming its key; the same command again makes no second code',
    async () => {
      // The first attempt is processed and its connection dropped; the retries get 500s.
      await control('POST', '/_emulator/faults', {
        faults: [
          { kind: 'drop_after', method: 'POST', path: '/qr-codes' },
          { kind: '500', method: 'POST', path: '/qr-codes', times: 2 },
        ],
      });
      const args = ['qr', 'create', '--name', 'DupTest', '--url', 'https://example.com/dup', '--max-retries', '2'];
      const first = await cardqr(args);
      expect(first.code, first.stderr).toBe(6);
      expect(first.stderr).toMatch(/may have been applied: its answer was lost/);
      const key = /Idempotency-Key ([\w-]+)/.exec(first.stderr)![1];
      const again = await cardqr([...args, '-o', 'json']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain(`sending it again with its Idempotency-Key ${key}`);
      const named = await cardqr(['qr', 'list', '--all', '--search', 'DupTest', '--query', '[].id']);
      expect(named.stdout.trim().split('\n')).toEqual([(JSON.parse(again.stdout) as { id: string }).id]);
    },
  );

  journey('qr apply: a retarget in the file reaches the account, and a second run sends nothing', async () => {
    const csv = await cardqr(['qr', 'list', '--all', '-o', 'csv', '--fields', 'shortCode,name,destinationUrl']);
    const edited = csv.stdout.replace(
      'https://acme-robotics.example/events/roboconf-2026?utm_source=qr',
      'https://acme-robotics.example/events/roboconf-2027',
    );
    expect(edited).not.toBe(csv.stdout);
    writeFileSync(join(work(), 'fair.csv'), edited);
    const plan = await cardqr(['qr', 'apply', 'fair.csv', '--dry-run']);
    expect(plan.code, plan.stderr).toBe(0);
    const applied = await cardqr(['qr', 'apply', 'fair.csv', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    const code = await cardqr(['qr', 'get', 'qr_roboconf', '-o', 'json']);
    expect(JSON.parse(code.stdout)).toMatchObject({
      destinationUrl: 'https://acme-robotics.example/events/roboconf-2027',
    });
    const again = await cardqr(['qr', 'apply', 'fair.csv', '--yes']);
    expect(again.code, again.stderr).toBe(0);
  });

  journey('leads follow delivers each lead once to --exec, and stops on Ctrl-C', async () => {
    const got = join(work(), 'got.txt'); // one lead id per delivery
    const payloads = join(work(), 'payloads.ndjson'); // what each delivery read on its stdin
    const follow = user.start(
      [
        '--profile',
        'local',
        'leads',
        'follow',
        '--state',
        'leads.state',
        '--interval',
        '1s',
        '--exec',
        `cat >> ${payloads}; echo >> ${payloads}; echo "$CARDQR_LEAD_ID" >> ${got}`,
        '--dead-letter',
        'dead.ndjson',
      ],
      { cwd: work() },
    );
    let stderr = '';
    follow.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const deadline = Date.now() + 30_000;
    while (!(existsSync(got) && readFileSync(got, 'utf8').trim().split('\n').length >= 3) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    follow.kill('SIGINT');
    const code = await new Promise((r) => follow.once('exit', (c, s) => r(c ?? s)));
    expect([0, 130], stderr).toContain(code);
    const ids = readFileSync(got, 'utf8').trim().split('\n').filter(Boolean);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(ids.every((id) => /^lead_\w+$/.test(id))).toBe(true);
    const delivered = readFileSync(payloads, 'utf8').trim().split('\n').filter(Boolean);
    expect(delivered.map((l) => JSON.stringify(JSON.parse(l)).includes(ids[0]!))[0]).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(existsSync(join(work(), 'dead.ndjson'))).toBe(false);
  });

  journey('print --verify: a sheet of codes, each decoded back to its link', async () => {
    const r = await cardqr(['print', 'qr_roboconf', 'qr_support', '--size', '30mm', '--verify', '-O', 'sheet.pdf']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(work(), 'sheet.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });

  journey('a company proxy and a private CA: CONNECT only, the key never reaches the proxy', async () => {
    // The API at a name only the proxy resolves (https://cardqr.test:<port>), behind a TLS front with a
    // certificate from a private CA, in front of a plain emulator of the installed package.
    const plain = await startEmulator(installedUser(), []);
    const ca = await createTestCa('corp CA');
    const front = await startHttpsFront({
      cert: await ca.issue({ dns: ['cardqr.test'] }),
      forwardTo: new URL(plain.baseUrl).origin,
    });
    const proxy = await startConnectProxy();
    try {
      writeFileSync(join(work(), 'corp-ca.pem'), ca.certPem);
      const viaProxy = { HTTPS_PROXY: proxy.url.replace('http://', 'http://alice:s3cret-pw@') };
      const base = `https://cardqr.test:${front.port}/v1`;
      const add = await user.run(
        ['profiles', 'add', 'corp', '--base-url', base, '--ca-file', 'corp-ca.pem', '--api-key-stdin'],
        {
          env: viaProxy,
          stdin: `${plain.keys.full}\n`,
        },
      );
      expect(add.code, add.stderr).toBe(0);
      const me = await user.run(['--profile', 'corp', 'me', '-o', 'json', '--verbose'], { env: viaProxy });
      expect(me.code, me.stderr).toBe(0);
      expect(JSON.parse(me.stdout)).toMatchObject({ account: expect.objectContaining({ plan: 'pro' }) });
      expect(me.stderr).not.toContain('s3cret-pw');
      expect(me.stderr).not.toContain(plain.keys.full);
      expect(proxy.seen.length).toBeGreaterThanOrEqual(2);
      for (const seen of proxy.seen) {
        expect(seen.method).toBe('CONNECT');
        expect(seen.target).toBe(`cardqr.test:${front.port}`);
        expect(seen.headers.authorization).toBeUndefined();
        expect(seen.headers['proxy-authorization']).toBe(`Basic ${Buffer.from('alice:s3cret-pw').toString('base64')}`);
      }
      expect(front.requests.map((r) => r.path)).toContain('/v1/me');
      // NO_PROXY names the host: no CONNECT (the name then resolves nowhere: exit 6, nothing sent).
      const before = proxy.seen.length;
      const direct = await user.run(['--profile', 'corp', 'me'], { env: { ...viaProxy, NO_PROXY: '.test' } });
      expect(direct.code).toBe(6);
      expect(proxy.seen.length).toBe(before);
    } finally {
      await proxy.close();
      await front.close();
      await plain.stop();
    }
  });

  journey('a plain http:// URL to a remote host is refused before anything is sent', async () => {
    const r = await user.run(['me'], {
      env: { CARDQR_BASE_URL: 'http://api.example.com/v1', CARDQR_API_KEY: emu.keys.full },
    });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('an unexpected failure', () => {
  it('--verbose and CARDQR_DEBUG=1 show a stack trace with source positions (src/….ts), never a line of the bundle', async () => {
    // A copy of the installed package whose main() calls a name that does not exist (the same length,
    // so the shipped source map still lines up): a failure in cardqr's own code.
    const { packageDir } = shipped();
    const copy = join(user.home, 'broken');
    cpSync(packageDir, copy, { recursive: true, verbatimSymlinks: true });
    const cli = join(copy, 'dist', 'cli.js');
    const text = readFileSync(cli, 'utf8');
    expect(text).toContain('await createProgram(deps');
    writeFileSync(cli, text.replace('await createProgram(deps', 'await createProgrXm(deps'));
    const run = (args: string[], env: Record<string, string> = {}) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [join(copy, 'bin', 'cardqr'), ...args], { env: { ...user.env, ...env } });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
        child.on('close', (code) => resolve({ code, stderr }));
      });
    for (const ran of [await run(['me', '--verbose']), await run(['me'], { CARDQR_DEBUG: '1' })]) {
      expect(ran.code).toBe(1);
      expect(ran.stderr).toMatch(/^error: unexpected failure: createProgrXm is not defined\n/);
      expect(ran.stderr).toMatch(/\n {4}at .*src\/cli\.ts:\d+:\d+/);
      expect(ran.stderr).not.toMatch(/dist\/[\w-]+\.js:\d+/);
    }
    // Without them: the one line, no stack.
    const quiet = await run(['me']);
    expect(quiet.stderr).toBe(
      'error: unexpected failure: createProgrXm is not defined (run again with --verbose for details)\n',
    );
  });
});

describe('on a Node that cardqr does not support', () => {
  it('Node 20 first on PATH: one line naming the version found and the ones needed, exit 2', async () => {
    const node20 = join(ROOT, 'tools', 'node', 'node_modules', 'node20', 'bin', 'node');
    expect(existsSync(node20), 'tools/node holds Node 20 (npm run node-versions)').toBe(true);
    const old = installedUser(node20);
    for (const args of [['me'], ['--version'], ['cards', 'list'], ['emulator', '--tls']]) {
      const r = await old.run(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        /^cardqr: Node v20\.\d+\.\d+ is not supported: cardqr needs Node 22 \(22\.21 or later\), 24 \(24\.6 or later\) or 26\n$/,
      );
    }
  });
});
