// Completion in the real shells: bash (with and without bash-completion), zsh (zpty, installed
// on fpath) and fish. Profile names come from the built `cardqr __complete profiles`, found on
// PATH, reading profiles created in a temporary CARDQR_CONFIG_DIR.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, NODE_FIRST_PATH, ROOT } from '../helpers/built-cli.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { bashComplete, fishComplete, type ShellEnv, zshComplete } from '../helpers/shells.js';

const PROFILES = ['prod', 'staging-eu'];
const scripts: Record<string, string> = {};
let sh: ShellEnv;

beforeAll(async () => {
  const configDir = tempDir('cardqr-completion-');
  for (const name of PROFILES) {
    const r = await runCli(
      ['profiles', 'add', name, '--base-url', 'https://api.example.com/v1', '--no-verify', '--api-key-stdin'],
      {
        configDir,
        stdin: `cq_live_${name}_key_0000\n`,
      },
    );
    expect(r.stderr).not.toMatch(/error/);
  }
  const dir = tempDir('cardqr-shells-');
  for (const [shell, file] of [
    ['bash', 'cardqr.bash'],
    ['zsh', 'zfunc/_cardqr'],
    ['fish', 'cardqr.fish'],
  ]) {
    const r = await runCli(['completion', shell]);
    expect(r.exitCode).toBe(0);
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync((scripts[shell] = join(dir, file)), r.stdout);
  }
  scripts.zshDir = join(dir, 'zfunc');
  // `cardqr` on PATH is this checkout's bin/cardqr (the bundle in dist/).
  sh = {
    dir,
    cwd: ROOT,
    env: { PATH: `${ROOT}bin:${NODE_FIRST_PATH}`, CARDQR_CONFIG_DIR: configDir, LANG: 'C.UTF-8' },
  };
  await ensureFreshBuild();
}, 180_000);

/** The lines every shell must complete, and what each must offer. */
const LINES = [
  'cardqr ca',
  'cardqr cards ',
  'cardqr cards list --output ',
  'cardqr --profile ',
  'cardqr profiles use ',
  'cardqr cards l',
  'cardqr --profile prod -o csv cards li',
  'cardqr completion ',
  'cardqr cards list --status ',
  'cardqr campaigns import cmp_native test/fixtures/demo/pe',
];

function expectStandard(got: string[][]): void {
  const [ca, cards, output, profile, use, aliases, afterGlobals, shells, status, csv] = got;
  expect(ca).toEqual(['campaigns', 'cards']);
  expect(cards).toEqual(expect.arrayContaining(['create', 'delete', 'get', 'list', 'update']));
  expect(cards).not.toContain('ls'); // aliases only once something is typed
  expect(output).toEqual(['csv', 'json', 'ndjson', 'table', 'vcf']);
  expect(profile).toEqual(PROFILES);
  expect(use).toEqual(PROFILES);
  expect(aliases).toEqual(['list', 'ls']);
  expect(afterGlobals).toEqual(['list']);
  expect(shells).toEqual(['bash', 'fish', 'zsh']);
  expect(status).toEqual(['archived', 'draft', 'paused', 'published']);
  expect(
    csv.some((c) => c.endsWith('people.csv')),
    `file completion: ${csv.join(' ')}`,
  ).toBe(true);
}

describe('syntax', () => {
  it('each script parses in its shell', async () => {
    const { execFile } = await import('node:child_process');
    const check = (cmd: string, args: string[]) =>
      new Promise<string>((done) =>
        execFile(cmd, args, { env: { ...process.env, HOME: sh.dir } }, (e, _o, err) => done(e ? `${cmd}: ${err}` : '')),
      );
    expect(await check('bash', ['-n', scripts.bash])).toBe('');
    expect(await check('zsh', ['-n', scripts.zsh])).toBe('');
    expect(await check('fish', ['--no-config', '-n', scripts.fish])).toBe('');
  });
});

describe('bash', () => {
  it('completes commands, subcommands, flag values and profile names (bash-completion loaded)', async () => {
    const got = await bashComplete(sh, scripts.bash, [
      ...LINES,
      'cardqr cards list --output=j',
      'cardqr cards list --out',
    ]);
    expectStandard(got);
    expect(got[LINES.length]).toEqual(['json']);
    expect(got[LINES.length + 1]).toEqual(['--output']);
  });

  it('works without bash-completion (plain readline words)', async () => {
    expectStandard(await bashComplete(sh, scripts.bash, LINES, false));
  });
});

describe('zsh', () => {
  it('completes commands, subcommands, flag values and profile names (installed on fpath)', async () => {
    const got = await zshComplete(sh, scripts.zshDir, [...LINES, 'cardqr cards list --output=']);
    expectStandard(got);
    expect(got[LINES.length]).toEqual(['csv', 'json', 'ndjson', 'table', 'vcf']);
  });

  it('works when sourced after compinit', async () => {
    const [ca, profile] = await zshComplete(sh, scripts.zsh, ['cardqr ca', 'cardqr --profile ']);
    expect(ca).toEqual(['campaigns', 'cards']);
    expect(profile).toEqual(PROFILES);
  });
});

describe('fish', () => {
  it('completes commands, subcommands, flag values and profile names', async () => {
    const got = await fishComplete(sh, scripts.fish, [...LINES, 'cardqr cards list --output=']);
    expectStandard(got);
    expect(got[LINES.length]).toEqual([
      '--output=csv',
      '--output=json',
      '--output=ndjson',
      '--output=table',
      '--output=vcf',
    ]);
  });
});
