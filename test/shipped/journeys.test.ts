// The operator's journeys, from the installed package, over TLS: `cardqr emulator --tls --profile local`
// (a local CA in the user's state folder; the profile it writes trusts it), then what the README walks
// through, each command a separate process on the Node under test (first on PATH). The count of journeys
// feeds the CI's `shipped:` line.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/built-cli.js';
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
    // Without the profile (no caFile), the same URL does not verify: exit 6, one line, never retried.
    const bare = await user.run(['me'], { env: { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full } });
    expect(bare.code).toBe(6);
    expect(bare.stderr.trim().split('\n')).toHaveLength(1);
    expect(bare.stderr).toMatch(/certificate/);
    // NODE_EXTRA_CA_CERTS adds to the roots (read by Node at start-up).
    const extra = await user.run(['me', '-o', 'json'], {
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

  journey('a campaign import rehearsed on 5 rows, then resumed for the rest', async () => {
    writeFileSync(join(work(), 'people.csv'), readFileSync(join(ROOT, 'test', 'fixtures', 'demo', 'people.csv')));
    const first = await cardqr(['campaigns', 'import', 'cmp_native', 'people.csv', '--max-rows', '5', '-o', 'json']);
    expect(first.code, first.stderr).toBe(0);
    const rest = await cardqr(['campaigns', 'import', 'cmp_native', 'people.csv', '--resume', '-o', 'json']);
    expect(rest.code, rest.stderr).toBe(0);
    const again = await cardqr(['campaigns', 'import', 'cmp_native', 'people.csv', '--resume', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    const report = readFileSync(join(work(), 'people.csv.report.ndjson'), 'utf8');
    expect(report.split('\n').filter((l) => /"created"/.test(l))).toHaveLength(50);
  });

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
    const got = join(work(), 'got.ndjson');
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
        `cat >> ${got}; echo >> ${got}`,
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
    const lines = readFileSync(got, 'utf8').trim().split('\n').filter(Boolean);
    const ids = lines.map((l) => (JSON.parse(l) as { id: string }).id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(existsSync(join(work(), 'dead.ndjson'))).toBe(false);
  });

  journey('print --verify: a sheet of codes, each decoded back to its link', async () => {
    const ids = (await cardqr(['qr', 'list', '--status', 'published', '-q'])).stdout.trim().split('\n').slice(0, 4);
    const r = await cardqr(['print', ...ids, '--verify', '-O', 'sheet.pdf']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(work(), 'sheet.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
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
    // A copy of the installed package with the `me` command's chunks removed: its import fails.
    const { packageDir } = shipped();
    const copy = join(user.home, 'broken');
    cpSync(packageDir, copy, { recursive: true, verbatimSymlinks: true });
    const gone = readdirSync(join(copy, 'dist')).filter((f) => /^me-\w+\.js$/.test(f));
    expect(gone.length).toBeGreaterThan(0);
    for (const f of gone) rmSync(join(copy, 'dist', f));
    const bin = join(copy, 'bin', 'cardqr');
    for (const [args, env] of [
      [['me', '--verbose'], {}],
      [['me'], { CARDQR_DEBUG: '1' }],
    ] as const) {
      const ran = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [bin, ...args], { env: { ...user.env, ...env } });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
        child.on('close', (code) => resolve({ code, stderr }));
      });
      expect(ran.code).toBe(1);
      expect(ran.stderr).toMatch(/^error: unexpected failure: /);
      expect(ran.stderr).toMatch(/\n {4}at .*src\/\S+\.ts:\d+:\d+/);
      expect(ran.stderr).not.toMatch(/dist\/[\w-]+\.js:\d+/);
    }
    // Without them: the one line, no stack.
    const quiet = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, [bin, 'me'], { env: user.env });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      child.on('close', () => resolve(stderr));
    });
    expect(quiet.trim().split('\n')).toHaveLength(1);
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
