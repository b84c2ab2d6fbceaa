// What bare `cardqr` prints: a short, task-oriented overview built from the command tree (the
// groups set with `commandsGroup`), so commands added later show up without touching this file.
// `cardqr --help` stays the complete reference (every global flag, exit codes).
import { type Command, Help } from 'commander';

const WIDTH = 100;

export function overview(program: Command, columns = 80): string {
  const help = new Help();
  const width = Math.min(Math.max(columns, 60), WIDTH);
  const groups = new Map<string, Command[]>();
  for (const c of help.visibleCommands(program)) {
    if (!program.commands.includes(c)) continue; // the implicit `help` command
    const heading = c.helpGroup() || 'Commands:';
    groups.set(heading, [...(groups.get(heading) ?? []), c]);
  }
  const rows = [...groups.values()].flat();
  const pad = Math.min(Math.max(...rows.map((c) => c.name().length), 8) + 2, 24);
  const bin = program.name();
  const lines = [
    ...wrap(`${bin} ${program.version() ?? ''}`.trim() + ` - ${program.description()}`, width),
    '',
    `Usage: ${bin} <command> [subcommand] [flags]`,
  ];
  for (const [heading, cmds] of groups) {
    lines.push('', heading.replace(/:$/, ''));
    for (const c of cmds) {
      const [first, ...rest] = wrap(summary(c), width - 2 - pad);
      const name = c.name();
      lines.push(name.length >= pad ? `  ${name}\n  ${' '.repeat(pad)}${first}` : `  ${name.padEnd(pad)}${first}`);
      for (const more of rest) lines.push(`  ${' '.repeat(pad)}${more}`);
    }
  }
  lines.push(
    '',
    'Get started:',
    `  $ ${bin} emulator --profile local      # a local API to rehearse against`,
    `  $ ${bin} --profile local cards list    # (in another terminal)`,
    `  $ ${bin} profiles add prod --base-url https://api.example.com/v1 --default`,
    `  $ ${bin} me`,
    '',
    `Flags and examples: ${bin} <command> --help`,
    `Global flags, environment and exit codes: ${bin} --help`,
    '',
  );
  return lines.join('\n');
}

/**
 * The first clause of the description ("Show the key in use: account, ..." → "Show the key in
 * use"); a command group adds its verbs ("Digital business cards (list, get, create, ...)").
 */
function summary(c: Command): string {
  const text = (c.summary() || c.description()).split('\n')[0] ?? '';
  const clause = text.split(/: |; | \(/)[0].trim();
  const verbs = c.commands.map((s) => s.name()).filter((n) => !n.startsWith('_'));
  return verbs.length ? `${clause} (${verbs.join(', ')})` : clause;
}

function wrap(text: string, room: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > room) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...out, line];
}
