// Help for every command (walked from createProgram, so commands added later are covered), the
// short overview of bare `cardqr`, and suggestions for mistyped commands.
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDeps } from '../../src/deps.js';
import { createProgram } from '../../src/program.js';
import { ensureFreshBuild, spawnCli } from '../helpers/built-cli.js';
import { runCli } from '../helpers/run-cli.js';

function program(): Promise<Command> {
  return createProgram(buildDeps({ io: {} as never, env: {}, readStdin: async () => '' }));
}

function walk(cmd: Command, path: string[] = []): Array<{ path: string[]; cmd: Command }> {
  return cmd.commands.flatMap((c) => [{ path: [...path, c.name()], cmd: c }, ...walk(c, [...path, c.name()])]);
}

const commands = walk(await program());

describe('--help of every command', () => {
  it('finds the command groups (walks the real tree)', () => {
    const paths = commands.map((c) => c.path.join(' '));
    expect(paths).toEqual(expect.arrayContaining(['profiles', 'profiles add', 'me', 'api', 'emulator', 'completion']));
  });

  it.each(commands.map((c) => [c.path.join(' '), c] as const))(
    '%s: summary, flags with allowed values, an example',
    async (_name, { path, cmd }) => {
      const r = await runCli([...path, '--help'], { columns: 100 });
      expect(r.exitCode).toBe(0);
      expect(r.stderr).toBe('');
      const summary = (cmd.summary() || cmd.description()).split('\n')[0] ?? '';
      expect(summary.length, 'a one-line description').toBeGreaterThan(10);
      expect(r.stdout.replace(/\s+/g, ' ')).toContain(summary.replace(/\s+/g, ' '));
      expect(r.stdout).toMatch(/\nEXAMPLES\n {2}\$ cardqr /);
      expect(r.stdout).toContain(`\nUSAGE\n  cardqr ${path.join(' ')}`);
      for (const opt of cmd.options) {
        if (opt.hidden) continue;
        expect(r.stdout, `${path.join(' ')} ${opt.flags}`).toContain(opt.long ?? opt.short ?? '');
        for (const choice of opt.argChoices ?? [])
          expect(r.stdout, `${opt.flags} lists "${choice}"`).toContain(`"${choice}"`);
      }
      for (const arg of cmd.registeredArguments) {
        for (const choice of arg.argChoices ?? [])
          expect(r.stdout, `<${arg.name()}> lists "${choice}"`).toContain(`"${choice}"`);
      }
      // As gh: its own flags first, then examples, then the global flags it inherits, condensed to
      // their names (a few lines, not one per flag), each once.
      const at = (heading: string) => r.stdout.indexOf(`\n${heading}\n`);
      expect(at('FLAGS')).toBeGreaterThan(0);
      expect(at('FLAGS')).toBeLessThan(at('EXAMPLES'));
      expect(at('EXAMPLES')).toBeLessThan(at('INHERITED FLAGS'));
      const inherited = r.stdout.slice(at('INHERITED FLAGS') + 1).split('\n\n')[0];
      expect(inherited.split('\n').length, 'condensed').toBeLessThanOrEqual(7);
      expect(inherited).toContain('cardqr --help');
      const own = new Set(cmd.options.flatMap((o) => [o.long, o.short]));
      for (const flag of GLOBAL_FLAGS) {
        const listed = new RegExp(`(^|\\s)(-\\w, )?${flag}\\b`, 'm');
        if (own.has(flag)) expect(inherited, `${flag} is ${path.join(' ')}'s own`).not.toMatch(listed);
        else expect(inherited, `${path.join(' ')} inherits ${flag}`).toMatch(listed);
        expect(inherited.split(flag).length, `${flag} once`).toBeLessThanOrEqual(2);
      }
      expect(inherited).not.toContain('--version');
    },
  );

  it('examples are data on the command tree: the help shows exactly the lines attached to the command', async () => {
    const { examplesOf } = await import('../../src/help/annotations.js');
    for (const { path, cmd } of commands) {
      const lines = examplesOf(cmd);
      if (!lines.length) continue;
      const r = await runCli([...path, '--help'], { columns: 100 });
      const shown = [...r.stdout.matchAll(/^ {2}\$ (.+)$/gm)].map((m) => m[1]);
      expect(shown, path.join(' ')).toEqual(lines);
    }
  });
});

const GLOBAL_FLAGS = [
  '--profile',
  '--api-key-stdin',
  '--base-url',
  '--output',
  '--fields',
  '--quiet',
  '--no-color',
  '--verbose',
  '--timeout',
  '--max-retries',
  '--yes',
];

describe('cardqr help <topic>', () => {
  it('shows the help of a command, or of a subcommand named after it (exit 0)', async () => {
    const r = await runCli(['help', 'cards']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('\nUSAGE\n  cardqr cards <command> [flags]\n');
    const sub = await runCli(['help', 'cards', 'ls']);
    expect(sub.exitCode).toBe(0);
    expect(sub.stdout).toContain('\nUSAGE\n  cardqr cards list [flags]\n\nALIASES\n  cardqr cards ls\n');
  });

  it.each([
    [['help', 'nope'], 'cardqr help nope', 'cardqr --help'],
    [['cards', 'help', 'lsit'], 'cardqr cards help lsit', 'cardqr cards --help'],
    [['help', 'cards', 'lsit'], 'cardqr help cards lsit', 'cardqr cards --help'],
  ])('an unknown topic is a usage error (exit 2), not the root help: %j', async (args, said, see) => {
    const r = await runCli(args);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`error: unknown command '${args.at(-1)}' in '${said}'; see '${see}' for the commands\n`);
  });
});

describe('bare cardqr: a short overview grouped by task', () => {
  it('lists every command under its task group, without the global option list', async () => {
    const r = await runCli([], { columns: 80 });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThan(60);
    expect(
      lines.every((l) => l.length <= 80),
      'fits 80 columns',
    ).toBe(true);
    expect(r.stdout).not.toContain('--max-retries');
    const headings = lines.filter((l) => /^[A-Z][a-z]/.test(l) && !l.includes(' - ') && !l.endsWith(':'));
    const tasks = ['Set up', 'Cards and QR codes', 'Images', 'Analytics and leads', 'Campaigns'];
    expect(
      headings.filter((h) => tasks.includes(h)),
      'task groups, in this order',
    ).toEqual(tasks);
    const top = (await program()).commands.filter((c) => !c.name().startsWith('_'));
    for (const c of top) {
      expect(c.helpGroup(), `${c.name()} belongs to a task group`).not.toBe('Commands:');
      expect(r.stdout).toMatch(new RegExp(`^  ${c.name()} +\\S`, 'm'));
      const heading = c.helpGroup().replace(/:$/, '');
      const section = r.stdout.slice(r.stdout.indexOf(`\n${heading}\n`) + 1).split('\n\n')[0];
      expect(section, `${c.name()} under ${heading}`).toMatch(new RegExp(`^  ${c.name()} `, 'm'));
    }
    expect(r.stdout).toContain('cardqr <command> --help');
  });

  it('`cardqr --help` stays complete: every global flag, environment and exit codes', async () => {
    const r = await runCli(['--help'], { columns: 100 });
    expect(r.exitCode).toBe(0);
    for (const flag of [
      '--profile',
      '--api-key-stdin',
      '--base-url',
      '--output',
      '--fields',
      '--quiet',
      '--no-color',
      '--verbose',
      '--timeout',
      '--max-retries',
      '--yes',
    ]) {
      expect(r.stdout).toContain(flag);
    }
    expect(r.stdout).toContain('\nEXIT STATUS\n');
    expect(r.stdout).not.toContain('INHERITED FLAGS');
    expect(r.stdout).toContain('CARDQR_CONFIG_DIR');
  });
});

describe('words a newcomer types', () => {
  it('a missing or extra argument, or a flag without its value: the error, then the usage line (exit 2)', async () => {
    const missing = await runCli(['cards', 'get']);
    expect([missing.exitCode, missing.stdout]).toEqual([2, '']);
    expect(missing.stderr).toBe(
      "error: missing required argument 'card-id'\n" +
        'Usage: cardqr cards get <card-id> [flags]\n' +
        '(cardqr cards get --help for the flags and examples)\n',
    );
    const extra = await runCli(['qr', 'get', 'qr_1', 'qr_2']);
    expect(extra.exitCode).toBe(2);
    expect(extra.stderr).toContain('\nUsage: cardqr qr get <qr-id> [flags]\n');
    const value = await runCli(['cards', 'list', '--limit']);
    expect(value.exitCode).toBe(2);
    expect(value.stderr).toContain('\nUsage: cardqr cards list [flags]\n');
  });

  it.each([['login'], ['auth'], ['signin']])('`cardqr %s` points at profiles add (exit 2)', async (word) => {
    const r = await runCli([word]);
    expect([r.exitCode, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(new RegExp(`^error: unknown command '${word}'\n`));
    expect(r.stderr).toMatch(/\nhint: .*cardqr profiles add <name> --base-url <url>/);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(2);
  });

  it.each([['version'], ['-v'], ['-V'], ['--version']])('`cardqr %s` prints the version (exit 0)', async (arg) => {
    const r = await runCli([arg]);
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\S*\n$/);
  });
});

describe('typos', () => {
  it('suggest the nearest command at the top level (exit 2)', async () => {
    const r = await runCli(['profilez']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/unknown command 'profilez'\n\(Did you mean profiles\?\)/);
  });

  it('suggest the nearest subcommand (cardqr cards lsit)', async () => {
    const r = await runCli(['cards', 'lsit']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/unknown command 'lsit'\n\(Did you mean list\?\)/);
  });

  it('suggest the nearest flag', async () => {
    const r = await runCli(['me', '--outptu', 'json']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/Did you mean --output\?/);
  });
});

describe('help into a closed pipe (built bin/cardqr)', () => {
  beforeAll(() => ensureFreshBuild(), 180_000);

  it.each([['--help'], ['cards --help'], ['']])('`cardqr %s | true` ends quietly with status 0', async (args) => {
    const r = await spawnCli([], { shell: `$CARDQR ${args} | true; echo "status=\${PIPESTATUS[0]}"` }).done;
    expect(r.stdout).toBe('status=0\n');
    expect(r.stderr).toBe('');
  });
});
