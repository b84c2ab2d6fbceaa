// The root command: global flags (PRODUCT §2) and one addCommand per noun.
import { Command, Option } from 'commander';
import { bindContext, contextOf } from './commands/model/contexts.js';
import { MANIFEST, NOUNS } from './commands/manifest.js';
import { prepare, type RunF, runPrepared } from './commands/model/run.js';
import { commandOf, outline } from './commands/model/tree.js';
import { intIn, positiveAtMost } from './commands/flags.js';
import { MAX_TIMEOUT_S, type GlobalOptions } from './config/settings.js';
import { type Context, createContext } from './context.js';
import type { Deps } from './deps.js';
import { EXIT, EXIT_TABLE } from './errors.js';
import { addExamples, examplesOf, fieldsOf, withHint } from './help/annotations.js';
import { examplesText } from './help/examples.js';
import { addHelpTails, formatHelp, usageLine } from './help/layout.js';
import { own } from './own.js';
import { CSV_DELIMITERS, CSV_DIALECTS } from './output/csv-values.js';
import { unflaggedMessages } from './output/messages.js';
import { checkOutputFlags, OUTPUT_FORMATS } from './output/settings.js';
import { printTextNow } from './output/stdout.js';

/** Names that need every command defined: they walk the tree. */
const WHOLE_TREE = new Set(['completion', 'help', '__man']);

/** The root's flags that take a value (`--profile prod me`: the noun is the first operand after them). */
export function valueFlags(program: Command): Set<string> {
  return new Set(
    program.options.filter((o) => o.required || o.optional).flatMap((o) => [o.long, o.short].filter(isText)),
  );
}

const isText = (s: string | undefined): s is string => Boolean(s);

/**
 * The one noun `argv` runs, when it names one (its first operand, after the root's flags); undefined
 * when every command must be defined: no noun, an unknown name, `help`, `completion`, or anything odd.
 */
export function nounOf(argv: readonly string[] | undefined, takesValue: ReadonlySet<string>): string | undefined {
  if (!argv) return undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return undefined;
    if (a.startsWith('-')) {
      if (takesValue.has(a)) i++;
      continue;
    }
    if (WHOLE_TREE.has(a)) return undefined;
    return MANIFEST.some((g) => g.nouns.some((n) => n.name === a)) ? a : undefined;
  }
  return undefined;
}

/**
 * `onContext` learns the context of the action that runs (cli.ts reports errors with it and disposes
 * it). The tree comes from the manifest (commands/manifest.ts): with `argv`, the noun it names is
 * defined whole and the others by name and summary (enough for commander to dispatch); without, every
 * command. No definition loads until a verb runs (model/run.ts).
 */
export async function createProgram(
  deps: Deps,
  onContext?: (ctx: Context) => void,
  argv?: readonly string[],
  opts: { runF?: RunF } = {},
): Promise<Command> {
  const program = new Command('cardqr')
    .description('Manage digital business cards, dynamic QR codes, leads and campaign imports from the shell.')
    .version(deps.version, '-V, --version', 'print the version (also -v, cardqr version)')
    .helpOption('-h, --help', 'show help')
    .addOption(
      withHint(new Option('--profile <name>', 'stored profile to use').env('CARDQR_PROFILE'), { value: 'profiles' }),
    )
    .option('--api-key-stdin', 'read the API key from standard input (one line)')
    .addOption(new Option('--base-url <url>', 'API base URL including the version prefix').env('CARDQR_BASE_URL'))
    .addOption(
      new Option('-o, --output <format>', 'output format (default: table on a terminal, json otherwise)').choices(
        OUTPUT_FORMATS,
      ),
    )
    .option(
      '--fields <list>',
      'keep only these comma-separated (dotted) fields, in this order; an unknown name lists the valid ones',
    )
    .option(
      '--query <expr>',
      'JMESPath expression applied to the JSON output, e.g. "[?status==\'draft\'].id" (implies -o json; with ndjson, per line)',
    )
    .option(
      '-r, --raw',
      'print a --query result that is a string, or a list of them, unquoted and one per line (the default on a pipe without -o)',
    )
    .option(
      '-q, --quiet',
      'lists print only ids; creates and updates print the new or changed id; others print nothing on success',
    )
    .option('--no-color', 'never colour output (also NO_COLOR)')
    .option('--verbose', 'log each request and response to stderr, secrets redacted (also CARDQR_DEBUG=1)')
    .option(
      '--timeout <seconds>',
      'per-request timeout in seconds, up to 3600 (default: 30)',
      positiveAtMost(MAX_TIMEOUT_S),
    )
    .option('--max-retries <n>', 'retries for retryable failures (default: 4)', intIn(0, 20))
    .option('-y, --yes', 'answer yes to confirmations')
    .addOption(
      new Option(
        '--csv-dialect <name>',
        'CSV for a program (rfc4180, default) or for Excel (excel: BOM, long numbers and phones kept as text; excel-semicolon: the same with ;)',
      ).choices(CSV_DIALECTS),
    )
    .addOption(
      new Option('--csv-delimiter <sep>', 'CSV separator: , ; or tab').choices(
        Object.keys(CSV_DELIMITERS).filter((d) => d !== '\t'),
      ),
    )
    .option('--csv-raw', 'CSV cells exactly as sent: no formula neutralisation (see README, Output)');
  addExamples(program, [
    'cardqr profiles add prod --base-url https://api.example.com/v1',
    'cardqr cards list --all -o csv > cards.csv',
    'cardqr campaigns import cmp_123 people.csv --max-rows 5',
  ]);
  program.addHelpText('after', () => rootEpilogue(program));

  const only = nounOf(argv, valueFlags(program));
  const verb = (cmd: Command) => runPrepared(cmd, contextOf(cmd), opts.runF);
  const whole = await Promise.all(
    MANIFEST.map((g) =>
      Promise.all(g.nouns.map((n) => (!only || only === n.name ? NOUNS[n.name]() : Promise.resolve(undefined)))),
    ),
  );
  MANIFEST.forEach((group, i) => {
    program.commandsGroup(group.heading);
    group.nouns.forEach((noun, j) => {
      const full = whole[i][j];
      const cmd = full ? commandOf(full.node, full.loaders, verb) : outline(noun);
      program.addCommand(cmd, noun.hidden ? { hidden: true } : undefined);
    });
  });
  addHelpTails(program, () => helpWidth(deps));

  // The global flags are resolved once, when an action is about to run, into that action's context.
  program.hook('preAction', async (_root, action) => {
    // A verb defined as data reads its input first: a refused value is reported before anything else.
    await prepare(action, deps.env);
    const globals = action.optsWithGlobals() as GlobalOptions;
    // The --fields names the command declared (withFields); a --dry-run prints the request ({dryRun,
    // method, path, body}), not the resource: names are not checked.
    const catalogue = (action.opts() as { dryRun?: boolean }).dryRun ? undefined : fieldsOf(action);
    const command = [action.parent?.parent ? action.parent.name() : undefined, action.name()].filter(Boolean).join(' ');
    await checkOutputFlags(globals, catalogue && { command, catalogue }); // fail before any request
    const ctx = await createContext(deps, globals);
    bindContext(action, ctx);
    onContext?.(ctx);
  });
  configureTree(program, deps);
  return program;
}

/** addCommand() does not copy these settings to subcommands, so every command gets them here. */
function configureTree(cmd: Command, deps: Deps): void {
  const { io } = deps;
  cmd.exitOverride();
  cmd.helpOption('-h, --help', 'show help for the command');
  // gh's layout (src/help/layout.ts): own flags and subcommands first, inherited flags condensed last.
  cmd.configureHelp({ formatHelp, minWidthToWrap: 20 });
  cmd.showSuggestionAfterError(true);
  cmd.configureOutput({
    writeOut: (s) => printTextNow(io, s),
    writeErr: (s) => unflaggedMessages(io).say(s),
    getOutHelpWidth: () => helpWidth(deps),
    getErrHelpWidth: () => helpWidth(deps),
    outputError: (s, write) => write(errorText(cmd, s)),
  });
  for (const sub of cmd.commands) configureTree(sub, deps);
}

/** The width help wraps to: the terminal's, 80 on a pipe (as commander's own default). */
function helpWidth(deps: Deps): number {
  return deps.io.isStdoutTTY && deps.io.columns > 0 ? deps.io.columns : 80;
}

/** A parse error as printed: one line, then the usage line when an argument or a value is missing or extra. */
function errorText(cmd: Command, message: string): string {
  let text = message.startsWith('error:') ? message : `error: ${message}`;
  if (!text.endsWith('\n')) text += '\n';
  if (/missing required argument|too many arguments|argument missing|required option/.test(text)) {
    text += `Usage: ${usageLine(cmd)}\n(${ancestry(cmd).join(' ')} --help for the flags and examples)\n`;
  }
  const unknown = /unknown command '([^']+)'/.exec(text)?.[1];
  const instead = unknown && !cmd.parent ? own(INSTEAD, unknown.toLowerCase()) : undefined;
  if (instead) text += `hint: ${instead}\n`;
  return text;
}

/** What a newcomer types that cardqr names otherwise. */
const INSTEAD: Record<string, string> = {
  login: 'cardqr keeps API keys in profiles: cardqr profiles add <name> --base-url <url> (then cardqr me checks it)',
  auth: 'cardqr keeps API keys in profiles: cardqr profiles add <name> --base-url <url> (profiles list shows them)',
  signin: 'cardqr keeps API keys in profiles: cardqr profiles add <name> --base-url <url>',
  logout: 'cardqr profiles remove <name> forgets a stored key',
};

/**
 * `cardqr [<group>] help <name> [<sub>...]` shows that command's help; true when `argv` asks for it
 * (then it was shown, or a CommanderError thrown). commander's own help command prints the root help
 * with status 0 for a name that is no command (hiding the typo) and ignores names after the first;
 * here every name must be a command, and an unknown one is a usage error (exit 2). Read from `argv`
 * before commander parses it, through public API only (commander still lists its help command).
 */
export async function runHelpCommand(program: Command, argv: readonly string[]): Promise<boolean> {
  const takesValue = valueFlags(program);
  let cmd = program;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return false;
    if (a.startsWith('-')) {
      if (cmd === program && takesValue.has(a)) i++;
      continue;
    }
    const sub = cmd.commands.find((c) => c.name() === a || c.aliases().includes(a));
    if (sub) {
      cmd = sub;
      continue;
    }
    if (a !== 'help' || !cmd.commands.length) return false;
    await showHelp(
      cmd,
      argv.slice(i + 1).filter((n) => !n.startsWith('-')),
    );
    return true;
  }
  return false;
}

async function showHelp(cmd: Command, names: string[]): Promise<void> {
  if (!names.length) cmd.help();
  // A help topic (a docs/ page) unless a command has that name; its module loads only here.
  if (cmd.parent === null && names.length === 1 && !cmd.commands.some((c) => c.name() === names[0])) {
    const { isTopic, topicText } = await import('./help/topics.js');
    if (isTopic(names[0])) return void cmd.configureOutput().writeOut!(topicText(names[0]));
  }
  let target = cmd;
  for (const n of names) {
    const next = target.commands.find((c) => c.name() === n || c.aliases().includes(n));
    if (!next) {
      const said = [...ancestry(cmd), 'help', ...names].join(' ');
      cmd.error(
        `unknown command '${n}' in '${said}'; see '${[...ancestry(target), '--help'].join(' ')}' for the commands`,
        { exitCode: EXIT.usage, code: 'commander.unknownCommand' },
      );
    }
    target = next;
  }
  target.help();
}

function ancestry(cmd: Command): string[] {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names;
}

function rootEpilogue(program: Command): string {
  const exits = EXIT_TABLE.map(([code, text]) => `  ${String(code).padEnd(4)} ${text}`).join('\n');
  return `${examplesText(examplesOf(program))}
ENVIRONMENT
  CARDQR_API_KEY, CARDQR_BASE_URL, CARDQR_PROFILE, CARDQR_CONFIG_DIR, CARDQR_DEBUG=1, NO_COLOR

EXIT STATUS
${exits}

LEARN MORE
  Use 'cardqr <command> --help' for more about a command.
  Use 'cardqr help <topic>' for a guide ('cardqr help topics' lists them).
`;
}
