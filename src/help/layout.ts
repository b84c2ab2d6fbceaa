// The layout of every --help, after gh's (cli/cli pkg/cmd/root/help.go): what the command does, its
// USAGE, its own COMMANDS, ARGUMENTS and FLAGS first; then the command's own notes, its EXAMPLES,
// and last the global flags it inherits, condensed to their names under INHERITED FLAGS (`cardqr
// --help` describes each). The root lists the global flags in full as its own FLAGS.
import type { Command, Help, Option } from 'commander';
import { examplesText, shownExamples } from './examples.js';

/** `Help.formatHelp` for configureHelp(): the sections above the command's own notes. */
export function formatHelp(cmd: Command, helper: Help): string {
  const width = helper.helpWidth ?? 80;
  const items: Array<[heading: string, term: string, text: string]> = [];
  const groups = new Map<string, Command[]>();
  for (const sub of helper.visibleCommands(cmd)) {
    if (!cmd.commands.includes(sub)) continue; // the implicit `help` command: `--help` is on every line of gh's help
    const heading = title(sub.helpGroup() || 'Commands:');
    groups.set(heading, [...(groups.get(heading) ?? []), sub]);
  }
  for (const [heading, subs] of groups) {
    for (const sub of subs) items.push([heading, sub.name(), helper.subcommandDescription(sub)]);
  }
  for (const arg of helper.visibleArguments(cmd)) {
    items.push(['ARGUMENTS', helper.argumentTerm(arg), helper.argumentDescription(arg)]);
  }
  for (const opt of helper.visibleOptions(cmd)) {
    items.push(['FLAGS', helper.optionTerm(opt), helper.optionDescription(opt)]);
  }
  const termWidth = Math.max(0, ...items.map(([, term]) => helper.displayWidth(term)));
  const out: string[] = [];
  const description = helper.commandDescription(cmd);
  if (description) out.push(helper.boxWrap(description, width), '');
  out.push('USAGE', `  ${usageLine(cmd)}`, '');
  if (cmd.aliases().length) {
    const parent = ancestry(cmd).slice(0, -1);
    out.push(
      'ALIASES',
      `  ${cmd
        .aliases()
        .map((a) => [...parent, a].join(' '))
        .join(', ')}`,
      '',
    );
  }
  let heading: string | undefined;
  for (const [h, term, text] of items) {
    if (h !== heading) {
      if (heading) out.push('');
      out.push(h);
      heading = h;
    }
    out.push(item(term, termWidth, text, helper, width));
  }
  if (heading) out.push('');
  return out.join('\n');
}

/**
 * Every command below the root ends its help with its examples, the flags it inherits and where to
 * learn more, after its own notes (the root has its own epilogue, src/program.ts).
 */
export function addHelpTails(cmd: Command, width: () => number): void {
  for (const sub of cmd.commands) {
    sub.addHelpText('after', () => helpTail(sub, width()));
    addHelpTails(sub, width);
  }
}

/**
 * One term and its description. Where the description would get fewer than 30 columns beside the
 * term (a narrow terminal), it goes under the term, indented, so that the terminal does not wrap it.
 */
function item(term: string, termWidth: number, text: string, helper: Help, width: number): string {
  if (!text || width - termWidth - 4 >= 30) return helper.formatItem(term, termWidth, text, helper);
  const under = helper.boxWrap(text, Math.max(20, width - 6)).replace(/^/gm, '      ');
  return `  ${term}\n${under}`;
}

/** What follows a command's own notes: its examples, the flags it inherits, where to learn more. */
export function helpTail(cmd: Command, width: number): string {
  let out = examplesText(shownExamples(cmd));
  const inherited = inheritedOptions(cmd);
  const root = ancestry(cmd)[0];
  if (inherited.length) {
    out += `\nINHERITED FLAGS\n${pack(inherited.map(flagTerm), width)}\n${indent(`See '${root} --help' for what each does.`, width)}\n`;
  }
  if (cmd.commands.length) {
    const more = `Use '${ancestry(cmd).join(' ')} <command> --help' for more about a command.`;
    out += `\nLEARN MORE\n${indent(more, width)}\n`;
  }
  return out;
}

/** `cardqr cards get <card-id> [flags]`, `cardqr cards <command> [flags]`. */
export function usageLine(cmd: Command): string {
  const own = cmd
    .usage()
    .replace(/\[options\]/g, '')
    .replace(/\[command\]/g, '<command>')
    .replace(/\s+/g, ' ')
    .trim();
  return [...ancestry(cmd), own, '[flags]'].filter(Boolean).join(' ');
}

/**
 * The global flags (the root's, PRODUCT §2) this command inherits: neither hidden nor --version
 * (root only) nor --help, nor a flag the command defines itself (`emulator --profile` names the
 * profile it writes, not the one to use).
 */
export function inheritedOptions(cmd: Command): Option[] {
  if (!cmd.parent) return [];
  let root = cmd;
  while (root.parent) root = root.parent;
  const own = new Set(cmd.options.flatMap((o) => [o.long, o.short]).filter(Boolean));
  return root.options.filter((o) => {
    const name = o.long ?? o.short ?? '';
    if (o.hidden || name === '--version' || name === '--help') return false;
    return !(o.long && own.has(o.long)) && !(o.short && own.has(o.short));
  });
}

/** `-o, --output <format>`, `--no-color`: the flag as typed (a negatable flag under its --no- name). */
function flagTerm(o: Option): string {
  return o.flags;
}

/** Text wrapped at spaces to `width`, indented by two. */
function indent(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && 2 + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].map((l) => `  ${l}`).join('\n');
}

/** Terms packed into lines of `width`, two spaces apart, each whole on one line. */
function pack(terms: string[], width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const t of terms) {
    if (line && 2 + line.length + 2 + t.length > width) {
      lines.push(line);
      line = t;
    } else line = line ? `${line}  ${t}` : t;
  }
  if (line) lines.push(line);
  return lines.map((l) => `  ${l}`).join('\n');
}

/** "Set up:" → "SET UP"; "Commands:" → "COMMANDS". */
function title(heading: string): string {
  return heading.replace(/:$/, '').toUpperCase();
}

function ancestry(cmd: Command): string[] {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names;
}
