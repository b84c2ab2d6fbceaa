// The man page, cardqr(1), written from the command tree (as the completion scripts are): every command
// with its usage, description, options and examples, then the global options, the environment and the
// exit statuses. `npm run build` writes man/cardqr.1 through the hidden `cardqr __man`; the package
// installs it (package.json "man").
import { Help, type Command, type Option } from 'commander';
import { EXIT_TABLE } from '../errors.js';
import { examplesOf } from './annotations.js';

/** Text made safe for roff: backslashes as \e, dashes as \-, non-ASCII as \[uXXXX], a leading dot or quote guarded. */
export function roff(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/[^\x00-\x7f]/gu, (ch) => `\\[u${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`)
    .split('\n')
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join('\n');
}

const ENVIRONMENT: Array<[string, string]> = [
  ['CARDQR_API_KEY', 'the API key (wins over a stored profile)'],
  ['CARDQR_BASE_URL', 'the API base URL, version prefix included'],
  ['CARDQR_PROFILE', 'the stored profile to use'],
  ['CARDQR_CONFIG_DIR', 'where profiles, print runs and state live (default ~/.config/cardqr)'],
  ['CARDQR_STATE_DIR', "where the emulator's local CA lives (default ~/.local/state/cardqr)"],
  ['CARDQR_DEBUG', '1: log each request and response to stderr, secrets redacted (as --verbose)'],
  ['NO_COLOR', 'set: no colour anywhere'],
];

function optionLines(options: readonly Option[]): string[] {
  return options.filter((o) => !o.hidden).flatMap((o) => ['.TP', `.B ${roff(o.flags)}`, roff(o.description || '')]);
}

function commandSections(cmd: Command, path: string[]): string[] {
  const out: string[] = [];
  const visible = new Help().visibleCommands(cmd); // not hidden ones, nor commander's implicit help
  for (const sub of cmd.commands) {
    if (!visible.includes(sub)) continue;
    const here = [...path, sub.name()];
    out.push(`.SS ${roff(here.join(' '))}`);
    const usage = sub.usage();
    out.push('.nf', roff(`cardqr ${here.join(' ')} ${usage}`.trim()), '.fi');
    if (sub.description()) out.push('.PP', roff(sub.description()));
    const own = sub.options.filter((o) => !o.hidden);
    if (own.length) out.push('.PP', 'Options:', '.RS', ...optionLines(own), '.RE');
    const examples = examplesOf(sub);
    if (examples.length) out.push('.PP', 'Examples:', '.RS', '.nf', ...examples.map(roff), '.fi', '.RE');
    out.push(...commandSections(sub, here));
  }
  return out;
}

export function manPage(program: Command, version: string): string {
  const lines = [
    `.TH CARDQR 1 "" "cardqr ${roff(version)}" "User Commands"`,
    '.SH NAME',
    `cardqr \\- ${roff(program.description())}`,
    '.SH SYNOPSIS',
    '.B cardqr',
    '.I command',
    '[\\fIsubcommand\\fR] [\\fIoptions\\fR]',
    '.SH DESCRIPTION',
    roff(
      'A command-line tool for the digital business card and dynamic QR code API. Every call acts on a live account (there is no sandbox): writes are planned, confirmed and sent exactly once. `cardqr emulator` runs the whole API locally for rehearsal. Data goes to standard output, everything for people to standard error.',
    ),
    '.SH COMMANDS',
    ...commandSections(program, []),
    '.SH GLOBAL OPTIONS',
    ...optionLines(program.options),
    '.SH ENVIRONMENT',
    ...ENVIRONMENT.flatMap(([name, text]) => ['.TP', `.B ${name}`, roff(text)]),
    '.SH EXIT STATUS',
    ...EXIT_TABLE.flatMap(([code, text]) => ['.TP', `.B ${code}`, roff(text)]),
    '.SH FILES',
    '.TP',
    '.I ~/.config/cardqr/config.json',
    roff('stored profiles and their keys (mode 0600 in a 0700 directory)'),
    '.SH SEE ALSO',
    roff(
      'cardqr help <command>; the docs/ folder of the package (import, export and follow, print, output and scripting, profiles and keys, reliability, performance, design).',
    ),
  ];
  return `${lines.join('\n')}\n`;
}
