// The generated scripts: committed files match the generator, every command is in them, and the
// hidden `__complete` call-back lists profile names from the store without touching the network.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTree, allCommands } from '../../src/completion/tree.js';
import { COMPLETION_FILES, SHELLS } from '../../src/completion/index.js';
import { createProgram } from '../../src/program.js';
import { buildDeps } from '../../src/deps.js';
import { ROOT } from '../helpers/built-cli.js';
import { runCli, tempDir } from '../helpers/run-cli.js';

/** The file as of HEAD, or undefined outside a git checkout. */
function lastCommitted(file: string): string | undefined {
  try {
    return execFileSync('git', ['show', `HEAD:${file}`], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
}

async function programTree() {
  const deps = buildDeps({ io: {} as never, env: {}, readStdin: async () => '' });
  return buildTree(await createProgram(deps));
}

describe('completion <shell>', () => {
  for (const shell of SHELLS) {
    it(`${COMPLETION_FILES[shell]} is what \`cardqr completion ${shell}\` prints`, async () => {
      const r = await runCli(['completion', shell]);
      expect([r.exitCode, r.stderr]).toEqual([0, '']);
      let committed = '';
      try {
        committed = readFileSync(join(ROOT, COMPLETION_FILES[shell]), 'utf8');
      } catch {
        // reported below
      }
      expect(
        committed === r.stdout,
        `${COMPLETION_FILES[shell]} is out of date: run \`npm run build\` (it regenerates completions/) and commit it`,
      ).toBe(true);
      // In CI the build has just regenerated the file, so also compare the committed version.
      const head = process.env.CI ? lastCommitted(COMPLETION_FILES[shell]) : undefined;
      if (head !== undefined) {
        expect(
          head === r.stdout,
          `${COMPLETION_FILES[shell]} in the last commit is out of date: run \`npm run build\` and commit completions/`,
        ).toBe(true);
      }
    });
  }

  it('covers every visible command and alias of the program, and no hidden one', async () => {
    const tree = await programTree();
    const commands = allCommands(tree.root);
    expect(commands.length).toBeGreaterThan(8);
    const [bash, zsh, fish] = await Promise.all(SHELLS.map(async (s) => (await runCli(['completion', s])).stdout));
    for (const c of commands) {
      const path = c.path.join(' ');
      expect(bash, path).toContain(`'${path}') __cardqr_subs=`);
      expect(fish, path).toContain(
        `__cardqr_using "${c.path.slice(0, -1).join(' ')}"; and __cardqr_arg_index 0' -f -a '${c.name}'`,
      );
      expect(zsh, path).toContain(`__cardqr_cmd_${c.path.join('_').replace(/[^A-Za-z0-9_]/g, '_')}() {`);
      for (const a of c.aliases)
        expect(bash, `${path} alias ${a}`).toContain(`'${c.path.slice(0, -1).join(' ')}|${a}'`);
    }
    for (const script of [bash, zsh, fish]) expect(script).not.toMatch(/__complete(?! profiles)/);
  });

  it('enumerates flag values from Option.choices (the global --output everywhere)', async () => {
    const tree = await programTree();
    const output = tree.globals.find((f) => f.long === '--output');
    expect(output?.value).toEqual({ kind: 'choices', values: ['table', 'json', 'ndjson', 'csv', 'vcf'] });
    expect(tree.globals.find((f) => f.long === '--profile')?.value).toEqual({ kind: 'profiles' });
    const use = allCommands(tree.root).find((c) => c.path.join(' ') === 'profiles use');
    expect(use?.args[0]?.value).toEqual({ kind: 'profiles' });
  });

  it('takes repeatable flags and profile-name values from the hints the commands attach (data, not guesses)', async () => {
    const tree = await programTree();
    const repeatable = allCommands(tree.root).flatMap((c) =>
      c.flags.filter((f) => f.repeatable).map((f) => `${c.path.join(' ')} ${f.long}`),
    );
    expect(repeatable.sort()).toEqual(
      [
        'api --param',
        'campaigns import --set',
        'campaigns import --map',
        'qr apply --map',
        'print --font',
        ...['create', 'update'].flatMap((v) =>
          ['--email', '--field', '--link', '--phone'].map((f) => `cards ${v} ${f}`),
        ),
      ].sort(),
    );
    // The emulator's own --profile names a profile it writes: free text, not a stored name.
    const emulator = allCommands(tree.root).find((c) => c.path.join(' ') === 'emulator');
    expect(emulator?.flags.find((f) => f.long === '--profile')?.value).toEqual({ kind: 'any' });
    const add = allCommands(tree.root).find((c) => c.path.join(' ') === 'profiles add');
    expect(add?.args[0]?.value).toEqual({ kind: 'any' });
    for (const verb of ['show', 'remove']) {
      expect(allCommands(tree.root).find((c) => c.path.join(' ') === `profiles ${verb}`)?.args[0]?.value).toEqual({
        kind: 'profiles',
      });
    }
  });

  it('refuses an unknown shell with exit 2 and names the choices', async () => {
    const r = await runCli(['completion', 'powershell']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/bash, zsh, fish/);
    expect(r.stdout).toBe('');
  });

  it('documents the install line for each shell in its help', async () => {
    const r = await runCli(['completion', '--help']);
    expect(r.exitCode).toBe(0);
    for (const line of ['completions/cardqr', '"${fpath[1]}/_cardqr"', '~/.config/fish/completions/cardqr.fish'])
      expect(r.stdout).toContain(line);
  });
});

describe('__complete profiles (hidden)', () => {
  it('prints stored profile names, one per line, and nothing else', async () => {
    const configDir = tempDir();
    for (const name of ['zeta', 'alpha']) {
      await runCli(
        ['profiles', 'add', name, '--base-url', 'https://api.example.com/v1', '--no-verify', '--api-key-stdin'],
        { configDir, stdin: 'cq_live_x_0000\n' },
      );
    }
    const r = await runCli(['__complete', 'profiles'], { configDir });
    expect(r).toMatchObject({ exitCode: 0, stdout: 'alpha\nzeta\n', stderr: '' });
  });

  it('prints nothing when there is no store, or the store is unreadable', async () => {
    expect(await runCli(['__complete', 'profiles'])).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    const configDir = tempDir();
    mkdirSync(configDir, { recursive: true });
    writeFileSync(join(configDir, 'config.json'), '{ not json');
    expect(await runCli(['__complete', 'profiles'], { configDir })).toMatchObject({
      exitCode: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('is left out of help and of the overview', async () => {
    const help = await runCli(['--help']);
    const bare = await runCli([]);
    expect(help.stdout).toContain('completion');
    expect(help.stdout).not.toContain('__complete');
    expect(bare.stdout).not.toContain('__complete');
  });
});
