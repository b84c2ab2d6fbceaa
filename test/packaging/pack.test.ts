// `npm pack` → `npm install -g --prefix <clean dir>` → the installed `cardqr` runs. One pack and
// one install serve every assertion. The install resolves dependencies from the npm cache that
// `npm ci` just filled (--prefer-offline), including sharp's prebuilt platform package.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETION_FILES } from '../../src/completion/index.js';
import { ensureFreshBuild, NODE_FIRST_PATH, ROOT } from '../helpers/built-cli.js';
import { tempDir } from '../helpers/run-cli.js';

const exec = promisify(execFile);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const work = tempDir('cardqr-pack-');
const prefix = join(work, 'prefix');
const cardqr = join(prefix, 'bin', 'cardqr');
const env = {
  ...process.env,
  PATH: NODE_FIRST_PATH,
  CARDQR_CONFIG_DIR: join(work, 'config'),
  NO_COLOR: '1',
  CARDQR_API_KEY: undefined,
  CARDQR_BASE_URL: undefined,
  CARDQR_PROFILE: undefined,
};
let packed: string[] = [];
let emulator: ChildProcess | undefined;

async function run(args: string[], extra: Record<string, string> = {}) {
  try {
    const r = await exec(cardqr, args, { env: { ...env, ...extra }, cwd: work, maxBuffer: 8 << 20 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? 1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

beforeAll(async () => {
  await ensureFreshBuild();
  const npm = {
    cwd: ROOT,
    env: {
      ...process.env,
      PATH: NODE_FIRST_PATH,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    },
    maxBuffer: 16 << 20,
  };
  // dist/ is fresh (ensureFreshBuild): --ignore-scripts skips `prepack`, so no rebuild runs under the
  // other test files' feet. The clean-clone test below runs prepack for real.
  const dry = await exec('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], npm);
  packed = (JSON.parse(dry.stdout) as Array<{ files: Array<{ path: string }> }>)[0].files.map((f) => f.path).sort();
  const { stdout } = await exec('npm', ['pack', '--pack-destination', work, '--json', '--ignore-scripts'], npm);
  const tarball = join(work, (JSON.parse(stdout) as Array<{ filename: string }>)[0].filename);
  await exec('npm', ['install', '-g', '--prefix', prefix, '--prefer-offline', '--omit=dev', tarball], {
    ...npm,
    cwd: work,
  });
}, 600_000);

afterAll(() => {
  if (emulator?.exitCode === null) emulator.kill('SIGTERM');
});

describe('npm pack', () => {
  it('ships only the bundle (and the dashboard page), bin, completions, the man page, the docs, the API contract, README, LICENSE and package.json', () => {
    const allowed =
      /^(dist\/[^/]+\.js(\.map)?|dist\/page\/(index\.html|app\.js|app\.css|uPlot\.esm\.js|uPlot\.min\.css)|bin\/(cardqr|start\.cjs|package\.json)|completions\/(cardqr\.bash|_cardqr|cardqr\.fish)|man\/cardqr\.1|docs\/[\w-]+\.md|docs\/examples\/seed\.json|openapi\/cardqr-api\.yaml|README\.md|LICENSE|package\.json)$/;
    expect(packed.filter((f) => !allowed.test(f))).toEqual([]);
    const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
    expect(docs.length).toBeGreaterThan(1);
    const shipped = [
      'bin/cardqr',
      'bin/package.json',
      'bin/start.cjs',
      'dist/cli.js',
      'dist/cli.js.map',
      // cardqr serve's page, read from beside the bundle (src/serve/assets.ts)
      'dist/page/index.html',
      'dist/page/app.js',
      'dist/page/uPlot.esm.js',
      'man/cardqr.1',
      'openapi/cardqr-api.yaml',
      'README.md',
      'LICENSE',
      ...docs.map((d) => `docs/${d}`),
      'docs/emulator.md', // the emulator guide names the sample seed below (test/docs/emulator-guide.test.ts)
      'docs/examples/seed.json',
    ];
    for (const f of [...shipped, ...Object.values(COMPLETION_FILES)]) expect(packed).toContain(f);
  });
});

describe('npm pack from a clean clone', () => {
  it('builds first (prepack), so the tarball ships dist/', async () => {
    // The tracked files only (what a clone holds: no dist/), with this checkout's node_modules.
    const clone = join(work, 'clone');
    const files = (await exec('git', ['ls-files', '-z'], { cwd: ROOT, maxBuffer: 16 << 20 })).stdout
      .split('\0')
      .filter((f) => f && existsSync(join(ROOT, f)));
    for (const f of files) {
      mkdirSync(dirname(join(clone, f)), { recursive: true });
      copyFileSync(join(ROOT, f), join(clone, f));
    }
    symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
    expect(existsSync(join(clone, 'dist'))).toBe(false);
    const { stdout } = await exec('npm', ['pack', '--dry-run', '--json'], {
      cwd: clone,
      env: { ...process.env, PATH: NODE_FIRST_PATH, npm_config_update_notifier: 'false' },
      maxBuffer: 16 << 20,
    });
    // prepack's build output comes first on stdout; npm's JSON starts at the line that opens the array.
    const shipped = (
      JSON.parse(stdout.slice(stdout.search(/^\[$/m))) as Array<{ files: Array<{ path: string }> }>
    )[0].files.map((f) => f.path);
    expect(shipped).toContain('dist/cli.js');
  }, 300_000);
});

describe('the installed cardqr', () => {
  it('prints its version and help', async () => {
    expect(await run(['--version'])).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('\nEXIT STATUS\n');
    const bare = await run([]);
    expect(bare.stdout).toMatch(/^Set up$/m);
  });

  it('answers --help for every command group', async () => {
    const help = (await run(['--help'])).stdout;
    const groups = [...help.matchAll(/^ {2}([a-z][a-z-]*)(?= )/gm)].map((m) => m[1]).filter((n) => n !== 'help');
    expect(groups).toEqual(expect.arrayContaining(['profiles', 'me', 'api', 'emulator', 'completion']));
    for (const g of groups) {
      const r = await run([g, '--help']);
      expect(r.code, g).toBe(0);
      expect(r.stdout, g).toMatch(/\nEXAMPLES\n/);
    }
  });

  it('prints the same completion scripts as the committed completions/ files, which it also ships', async () => {
    const installed = join(prefix, 'lib', 'node_modules', pkg.name);
    for (const [shell, file] of Object.entries(COMPLETION_FILES)) {
      const r = await run(['completion', shell]);
      expect(r.code).toBe(0);
      expect(r.stdout, shell).toBe(readFileSync(join(installed, file), 'utf8'));
    }
  });

  it('prints its guides from the installed docs/ (cardqr help <topic>)', async () => {
    const r = await run(['help', 'import']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(ROOT, 'docs', 'import.md'), 'utf8'));
  });

  it('installs the man page cardqr(1), the same as the committed man/cardqr.1 and as `cardqr __man` prints', async () => {
    const page = readFileSync(join(prefix, 'share', 'man', 'man1', 'cardqr.1'), 'utf8');
    expect(page).toBe(readFileSync(join(ROOT, 'man', 'cardqr.1'), 'utf8'));
    expect((await run(['__man'])).stdout).toBe(page);
  });

  it('brings its runtime dependencies (sharp with its platform package) and no dev tools', () => {
    const modules = join(prefix, 'lib', 'node_modules', pkg.name, 'node_modules');
    expect(existsSync(join(modules, 'sharp', 'package.json'))).toBe(true);
    expect(readdirSync(join(modules, '@img')).some((d) => d.startsWith(`sharp-${process.platform}`))).toBe(true);
    for (const dev of ['vitest', 'tsup', 'typescript']) expect(existsSync(join(modules, dev)), dev).toBe(false);
  });

  it('starts the emulator and talks to it (me, and a jpeg image through sharp)', async () => {
    emulator = spawn(cardqr, ['emulator', '--port', '0'], { env, cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    emulator.stderr!.on('data', (c) => (stderr += c));
    const first = await new Promise<string>((resolve, reject) => {
      const rl = createInterface({ input: emulator!.stdout! });
      rl.once('line', resolve);
      emulator!.once('exit', (code) => reject(new Error(`emulator exited ${code}: ${stderr}`)));
    });
    const { baseUrl, keys } = JSON.parse(first) as { baseUrl: string; keys: Record<string, string> };
    const api = { CARDQR_BASE_URL: baseUrl, CARDQR_API_KEY: keys.full };
    const me = await run(['me', '-o', 'json'], api);
    expect(me.stderr).toBe('');
    expect(me.code).toBe(0);
    expect(JSON.parse(me.stdout)).toMatchObject({ account: expect.objectContaining({ plan: 'pro' }) });
    const image = await run(['image', 'qr_roboconf', '-f', 'jpeg', '-O', 'roboconf.jpg'], api);
    expect([image.code, image.stderr]).toEqual([0, '']);
    expect(readFileSync(join(work, 'roboconf.jpg')).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // The MCP SDK is a dependency outside the bundle: the installed `cardqr mcp` finds it and answers.
    const mcp = spawn(cardqr, ['mcp'], { env: { ...env, ...api }, cwd: work, stdio: ['pipe', 'pipe', 'pipe'] });
    const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'pack', version: '1' } };
    mcp.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init })}\n`);
    const answer = await new Promise<string>((resolve, reject) => {
      createInterface({ input: mcp.stdout! }).once('line', resolve);
      mcp.once('exit', (code) => reject(new Error(`cardqr mcp exited ${code}`)));
    });
    expect(JSON.parse(answer)).toMatchObject({ id: 1, result: { serverInfo: { name: 'cardqr' } } });
    mcp.stdin!.end();
    expect(await new Promise((r) => mcp.once('exit', r))).toBe(0);
    emulator.kill('SIGINT');
    const code = await new Promise((r) => emulator!.once('exit', (c, s) => r(c ?? s)));
    expect([0, 130, 'SIGINT']).toContain(code);
  });
});
