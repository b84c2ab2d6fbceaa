// What one command's action runs with: the process's Deps plus the global flags, resolved once when the
// action starts (program.ts) and passed in. Nothing here changes after it is built.
import type { NetworkOptions } from './api/agents.js';
import type { ApiClient } from './api/client.js';
import { type Credentials, resolveCredentials } from './config/credentials.js';
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_S, type GlobalOptions } from './config/settings.js';
import { journalFile } from './config/paths.js';
import type { Deps } from './deps.js';
import { UsageError } from './errors.js';
import { createMessages, type Messages } from './output/messages.js';
import { colorEnabled, loadPaint } from './output/paint.js';
import { type OutputFormat, type OutputSettings, resolveOutput } from './output/settings.js';

export interface Context extends Deps {
  /** The global flags of this run (and the action's own, as commander merges them). */
  readonly globals: Readonly<GlobalOptions>;
  /** Words for people, on stderr (-q, --verbose and colour honoured there). */
  readonly msg: Messages;
  /** How to print data on stdout (output/settings.ts reads --output, --fields, --query, -q). */
  output(opts?: { forced?: OutputFormat; allowVcf?: boolean }): OutputSettings;
  /** Base URL, key (and where it came from) and profile of this run, resolved once on first use. */
  settings(): Promise<Credentials>;
  /** True once settings() has been asked for (error reports then name the profile and base URL). */
  settingsResolved(): boolean;
  /** The one API client, built on first use (so --help never builds it). */
  api(): Promise<ApiClient>;
  /** A client for other credentials (profiles add verifies a key before storing it). */
  clientFor(baseUrl: string, apiKey: string, opts?: ClientFor): Promise<ApiClient>;
  /**
   * What every other outbound request of this run is set up with (`--forward-to`): the proxy
   * variables and the run's profile's CA file, as the API client has them (PRODUCT §15).
   */
  network(): Promise<NetworkOptions>;
  /** Closes what was opened (the client's sockets). */
  dispose(): Promise<void>;
}

export interface ClientFor {
  requestsPerMinute?: number;
  /** A CA file to trust besides the usual ones (checked here: exit 2 naming it, nothing sent). */
  caFile?: string;
  /** The profile these credentials belong to (named in errors about its CA file). */
  profile?: string;
}

/** The network options of a run: the environment and, when a profile names one, its CA file read and checked. */
async function networkFor(env: Deps['env'], caFile: string | undefined, profile: string | undefined) {
  if (!caFile) return { env, profile };
  const { loadCaFile } = await import('./config/ca-file.js');
  return { env, profile, caFile: loadCaFile(caFile, { profile }) };
}

export async function createContext(deps: Deps, flags: GlobalOptions): Promise<Context> {
  const globals: Readonly<GlobalOptions> = Object.freeze({ ...flags });
  const verbose = Boolean(globals.verbose) || deps.env.CARDQR_DEBUG === '1';
  const msg = createMessages({
    stream: deps.io.stderr,
    tty: deps.io.isStderrTTY,
    quiet: Boolean(globals.quiet),
    verbose,
    paint: await loadPaint(colorEnabled(deps.env, deps.io.isStderrTTY, globals.color)),
  });
  let settings: Promise<Credentials> | undefined;
  let client: Promise<ApiClient> | undefined;
  const ctx: Context = {
    ...deps,
    globals,
    msg,
    interruptible: () => deps.interruptible((notice) => msg.say(notice)),
    output: (opts) => resolveOutput(globals, { io: deps.io, env: deps.env, now: deps.now() }, opts),
    settingsResolved: () => settings !== undefined,
    settings: () =>
      (settings ??= (async () => {
        const warning = deps.profiles().permissionWarning();
        if (warning) msg.warn(warning);
        return resolveCredentials({
          flags: globals,
          env: deps.env,
          store: deps.profiles(),
          readStdinKey: () => readKeyFromStdin(deps),
        });
      })()),
    clientFor: async (baseUrl, apiKey, opts = {}) => {
      // The CA file first: a missing one stops the run before anything is sent.
      const network = await networkFor(deps.env, opts.caFile, opts.profile);
      const { ApiClient } = await import('./api/client.js');
      const { FileJournal } = await import('./api/journal.js');
      const wallNow = () => deps.now().getTime();
      return new ApiClient({
        baseUrl,
        apiKey,
        userAgent: `cardqr/${deps.version}`,
        timeoutMs: (globals.timeout ?? DEFAULT_TIMEOUT_S) * 1000,
        maxRetries: globals.maxRetries ?? DEFAULT_MAX_RETRIES,
        requestsPerMinute: opts.requestsPerMinute,
        network,
        sleep: deps.sleep,
        now: deps.clock,
        wallNow,
        stop: deps.stopped,
        journal: new FileJournal(journalFile(deps.env), baseUrl, apiKey, wallNow, (line) => msg.warn(line)),
        random: deps.random,
        debug: verbose ? (line) => msg.verbose(`[debug] ${line}`) : undefined,
        notice: (line) => msg.say(line),
      });
    },
    api: () =>
      (client ??= ctx.settings().then((s) =>
        ctx.clientFor(s.baseUrl, s.key, {
          requestsPerMinute: s.requestsPerMinute,
          caFile: s.caFile,
          profile: s.profile?.name,
        }),
      )),
    network: () => ctx.settings().then((s) => networkFor(deps.env, s.caFile, s.profile?.name)),
    dispose: async () => {
      if (client) await (await client.catch(() => undefined))?.close();
    },
  };
  return ctx;
}

async function readKeyFromStdin(deps: Deps): Promise<string> {
  const key = (await deps.readStdin({ firstLine: true, what: '--api-key-stdin' })).split(/\r?\n/)[0]?.trim();
  if (!key) throw new UsageError('--api-key-stdin: standard input held no key');
  return key;
}
