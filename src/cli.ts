// Entry point: parse, run, and the ONLY place that turns errors into text and exit codes.
import { CommanderError } from 'commander';
import type { Credentials } from './config/credentials.js';
import type { Context } from './context.js';
import { createDeps, type Deps } from './deps.js';
import { ApiError, CliError, ConnectionError, EXIT, UnavailableError } from './errors.js';
import { overview } from './help/overview.js';
import { WriteError } from './fs/durable.js';
import { maskUrlCredentials, redactKeyLike } from './redact.js';
import { safeLine } from './output/sanitize.js';
import { chosenFormat } from './output/settings.js';
import { isClosedPipe, printText, watchStdout } from './output/stdout.js';
import { createProgram, runHelpCommand } from './program.js';

/** `runF`: the test seam between parsing and running (model/run.ts): what would run is handed to it instead. */
export async function main(
  argv: string[],
  deps: Deps = createDeps(),
  opts: Parameters<typeof createProgram>[3] = {},
): Promise<number> {
  const { io } = deps;
  // `cardqr version` and `cardqr -v` are what people type for `--version` (gh has both).
  if (argv.length === 1 && (argv[0] === 'version' || argv[0] === '-v')) argv = ['--version'];
  // A closed stdout (`| head -1`, EPIPE) is the reader's choice: exit 0 quietly. Any other stdout
  // failure (`> /dev/full`: ENOSPC; EFBIG; EIO) means the data did not arrive: one line, exit 1.
  const stdout = watchStdout(io);
  let ctx: Context | undefined;
  let status: number;
  try {
    // Inside the try: a command group that cannot load is reported like any other failure.
    const program = await createProgram(deps, (c) => (ctx = c), argv, opts);
    if (!argv.length) await printText(io, overview(program, io.columns));
    else if (!(await runHelpCommand(program, argv))) await program.parseAsync(argv, { from: 'user' });
    status = EXIT.ok;
  } catch (err) {
    const failure = stdout.failure();
    if (stdout.closed() || isClosedPipe(err)) status = EXIT.ok;
    else if (failure && (err === failure || !(err instanceof CliError))) {
      deps.io.stderr.write(`error: ${new WriteError('standard output', failure).message}\n`);
      return EXIT.failed;
    } else status = await report(err, deps, ctx, argv);
  } finally {
    await ctx?.dispose();
  }
  // A write to a file or device fails on a later tick (a synchronous stream reports it then).
  await new Promise((r) => setImmediate(r));
  const failure = stdout.failure();
  if (failure && !stdout.closed() && status === EXIT.ok) {
    deps.io.stderr.write(`error: ${new WriteError('standard output', failure).message}\n`);
    return EXIT.failed;
  }
  return status;
}

async function report(err: unknown, deps: Deps, ctx: Context | undefined, argv: readonly string[]): Promise<number> {
  // --verbose or CARDQR_DEBUG=1 (PRODUCT section 15); read from argv too when no action's context exists
  // yet (a command group that failed to load).
  const verbose = Boolean(ctx?.globals.verbose) || argv.includes('--verbose') || deps.env.CARDQR_DEBUG === '1';
  // `error:` red and `hint:` dim on a colour terminal (the same rule as every other stderr text).
  const { colorEnabled, loadPaint } = await import('./output/paint.js'); // only on the way out with an error
  const colour =
    err instanceof CommanderError ? false : colorEnabled(deps.env, deps.io.isStderrTTY, ctx?.globals.color);
  const paint = await loadPaint(colour);
  const put = (text: string) =>
    deps.io.stderr.write(
      colour ? text.replace(/^(error|hint):/gm, (m, w) => paint(w === 'error' ? 'red' : 'dim', m)) : text,
    );
  if (err instanceof CommanderError) {
    // commander already printed its message; help and version are successes.
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
      return EXIT.ok;
    }
    if (err.code === 'commander.executeSubCommandAsync') return EXIT.failed;
    return EXIT.usage;
  }
  if (err instanceof ApiError) {
    const { formatApiError } = await import('./output/hints.js');
    put(formatApiError(err, { baseUrl: (await settingsIfResolved(ctx))?.baseUrl }));
    if (ctx && chosenFormat(ctx.globals, false, 'result') === 'json' && err.body !== undefined)
      put(JSON.stringify(err.body) + '\n');
    return err.exit;
  }
  if (err instanceof CliError) {
    // An id echoed in a message may be an API key pasted in its place: never shown whole.
    // A proxy URL's password (a message quoting HTTPS_PROXY) is masked like the key.
    if (err.message) put(`error: ${maskUrlCredentials(redactKeyLike(safeLine(err.message)))}\n`);
    for (const line of err.lines) put(`  ${maskUrlCredentials(redactKeyLike(safeLine(line)))}\n`);
    // Say where: which profile (or none: flags and environment) and which API; a ConnectionError's one
    // line names the host or proxy, and what was trusted, itself.
    if (err instanceof UnavailableError && !(err instanceof ConnectionError)) {
      const s = await settingsIfResolved(ctx);
      if (s)
        put(
          `  ${s.profile ? `profile: ${safeLine(s.profile.name)}` : 'profile: none (base URL and key from flags or environment)'}; base URL: ${safeLine(s.baseUrl)}\n`,
        );
    }
    return err.exit;
  }
  const e = err as Error;
  put(
    `error: unexpected failure: ${maskUrlCredentials(safeLine(e?.message ?? String(err)))}${verbose ? '' : ' (run again with --verbose for details)'}\n`,
  );
  if (verbose && e?.stack) put(`${maskUrlCredentials(e.stack)}\n`);
  return EXIT.failed;
}

/** The settings this run used, when they were resolved (never resolves them anew: that could read stdin). */
async function settingsIfResolved(ctx: Context | undefined): Promise<Credentials | undefined> {
  if (!ctx?.settingsResolved()) return undefined;
  return ctx.settings().catch(() => undefined);
}
