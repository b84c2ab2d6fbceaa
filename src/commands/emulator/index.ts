// `cardqr emulator`: the local emulator of the API, serving until it is stopped.
import { type Command, InvalidArgumentError } from 'commander';
import { emulatorCaFiles } from '../../config/paths.js';
import { isLoopbackHost } from '../../config/settings.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { intIn, numberIn } from '../flags.js';
import { defineCommand } from '../model/define.js';
import { flag, value } from '../model/fields.js';
import { type Result, started, stream } from '../model/result.js';
import { refuseOwnPaths } from '../own-files.js';
import type { Emulator } from '../../emulator/index.js';
import type { EmulatorTls } from './local-ca.js';

export const emulator = defineCommand({
  name: 'emulator',
  summary: 'Run the local emulator of the whole API (for rehearsal: the real service has no sandbox)',
  flags: {
    port: value('--port <port>', 'port to listen on; 0 picks a free one (default: 4010)', intIn(0, 65535)),
    host: value('--host <host>', 'address to listen on (default: 127.0.0.1)'),
    seed: value('--seed <file.json>', 'seed file (account, keys, templates, campaigns, cards, leads, scans)'),
    state: value('--state <file.json>', 'persist the emulator state in this file across restarts'),
    rateLimit: value('--rate-limit <n>', 'requests per minute for every key', intIn(1, 1_000_000)),
    latency: value('--latency <ms>', 'added before each API answer', intIn(0, 600_000)),
    faultRate: value(
      '--fault-rate <p>',
      'fraction of API requests answered with a 500 or a dropped connection (0..1)',
      numberIn(0, 1),
    ),
    profile: value(
      '--profile <name>',
      'also write a profile pointing at the emulator with its full-scope key (removed when it stops)',
    ),
    keepProfile: flag('--keep-profile', 'keep the --profile written when the emulator stops'),
    tls: flag(
      '--tls',
      'serve over HTTPS with a certificate from a local CA kept in the state folder (made once; the --profile written trusts it)',
    ),
    clock: value(
      '--clock <time>',
      'start the emulator clock at this ISO 8601 time (the built-in seed is dated from it; default: now)',
      clockStart,
    ),
  },
  examples: [
    'cardqr emulator --port 0 --profile local',
    'cardqr emulator --tls --profile local',
    'cardqr emulator --rate-limit 120 --latency 50 --fault-rate 0.05 --state emu-state.json',
  ],
  async run(ctx, flags, { command }) {
    const { createEmulator, loadSeedFile, SeedError } = await import('../../emulator/index.js');
    let seed;
    try {
      seed = flags.seed ? loadSeedFile(flags.seed) : undefined;
    } catch (e) {
      if (e instanceof SeedError) throw new UsageError(`--seed: ${flags.seed} is not a valid seed`, e.problems);
      throw e;
    }
    refuseOwnPaths(ctx, [{ flag: '--state', path: flags.state }]);
    const port = flags.port ?? 4010;
    const host = flags.host ?? '127.0.0.1';
    // Asked for before anything starts: a stop that comes while the emulator starts, writes its
    // profile or prints its line is seen below (and the profile is removed), never lost.
    const signal = ctx.interruptible();
    let tls: EmulatorTls | undefined;
    if (flags.tls) {
      const { emulatorTls } = await import('./local-ca.js'); // @peculiar/x509: only with --tls
      const files = emulatorCaFiles(ctx.env);
      tls = await emulatorTls(files, ctx.now(), host);
      if (tls.created) ctx.msg.info(`made the emulator's local CA in ${files.dir} (reused from now on)`);
    }
    const emu = await createEmulator({
      port,
      host,
      seed,
      statePath: flags.state,
      rateLimit: flags.rateLimit,
      latencyMs: flags.latency,
      faultRate: flags.faultRate,
      startAt: flags.clock,
      tls: tls && { key: tls.key, cert: tls.cert },
      log: ctx.msg.quiet ? undefined : (line) => ctx.msg.info(line),
      warn: (line) => ctx.msg.warn(line),
    }).catch((e: NodeJS.ErrnoException) => {
      if (e?.code === 'EADDRINUSE') {
        throw new UsageError(
          `port ${port} on ${host} is already in use (another emulator?): pick another with --port <n>, or --port 0 for a free one`,
        );
      }
      if (e?.code === 'EACCES')
        throw new UsageError(
          `not allowed to listen on port ${port} on ${host}: use a port above 1023, or --port 0 for a free one`,
        );
      if (e?.code === 'EADDRNOTAVAIL' || e?.code === 'ENOTFOUND')
        throw new UsageError(`--host ${host}: not an address of this machine`);
      throw e;
    });
    // --profile is also a global option (the profile to use); commander hands it to the root. Only a
    // --profile typed on this command line names the profile to write: CARDQR_PROFILE=prod in the
    // environment must never overwrite the stored prod profile with the emulator's URL and key.
    const profile = flags.profile ?? (typedOnCommandLine(command, 'profile') ? ctx.globals.profile : undefined);
    const caFile = tls?.caFile;
    const wrote = profile ? await writeProfile(ctx, profile, emu.baseUrl, emu.keys.full, caFile) : undefined;
    // Printed before it waits: the emulator serves until a stop, then closes and removes its profile.
    return stream(async ({ print }) => {
      await print(startResult(emu, caFile, wrote, Boolean(flags.keepProfile)));
      if (!signal.aborted)
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      await emu.close();
      if (wrote && !flags.keepProfile) await removeProfile(ctx, wrote, emu.baseUrl);
    });
  },
});

/** The start: a few lines for a person on a terminal, one JSON line on a pipe (and a word on stderr). */
function startResult(emu: Emulator, caFile: string | undefined, wrote: string | undefined, keep: boolean): Result {
  const start = {
    baseUrl: emu.baseUrl,
    publicBaseUrl: emu.publicBaseUrl,
    keys: emu.keys,
    ...(caFile ? { caFile } : {}),
  };
  // Without a profile, Node's own NODE_EXTRA_CA_CERTS makes a run trust the local CA.
  const trust = caFile ? `NODE_EXTRA_CA_CERTS=${caFile} ` : '';
  const use = wrote ? `--profile ${wrote}` : `${trust}CARDQR_BASE_URL=${emu.baseUrl} CARDQR_API_KEY=${emu.keys.full}`;
  const lines = [
    `cardqr emulator on ${emu.baseUrl} (Ctrl-C to stop)`,
    `  public links  ${emu.publicBaseUrl}`,
    ...(caFile ? [`  ca file       ${caFile}`] : []),
    wrote
      ? `  profile       ${wrote}${keep ? '' : ' (removed when the emulator stops; --keep-profile keeps it)'}`
      : `  keys          full ${emu.keys.full}  readonly ${emu.keys.readonly}  campaign ${emu.keys.campaign}`,
    `  try           ${wrote ? `cardqr ${use} cards list` : `${use} cardqr cards list`}`,
  ];
  return started(start, lines, `emulator listening on ${emu.baseUrl} (Ctrl-C to stop)`);
}

/** `--clock 2026-03-14T12:00:00Z` → ms since the epoch; a date alone is midnight UTC. */
function clockStart(value: string): number {
  const t = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value)
    ? Date.parse(value)
    : NaN;
  if (!Number.isFinite(t)) throw new InvalidArgumentError('expected an ISO 8601 time, e.g. 2026-03-14T12:00:00Z');
  return t;
}

/** True when the option was given on the command line (not from the environment or a default). */
function typedOnCommandLine(cmd: Command, option: string): boolean {
  for (let c: Command | null = cmd; c; c = c.parent) {
    if (c.getOptionValueSource(option) === 'cli') return true;
  }
  return false;
}

/**
 * Writes the profile; an existing one is replaced only when it points at this machine (an earlier
 * emulator's), never a profile of a real account. Returns the name written.
 */
async function writeProfile(
  ctx: Context,
  name: string,
  baseUrl: string,
  apiKey: string,
  caFile: string | undefined,
): Promise<string> {
  const store = ctx.profiles();
  const existing = store.get(name);
  if (existing && !pointsAtThisMachine(existing.baseUrl))
    throw new UsageError(
      `--profile ${name}: a profile of that name points at ${existing.baseUrl}; the emulator never replaces it`,
      ['choose another name, e.g. --profile local'],
    );
  // With --tls, the profile trusts the local CA (and it alone: nothing else is told to).
  await store.save({ name, baseUrl, apiKey, ...(caFile ? { caFile } : {}) }, false);
  ctx.msg.say(
    `profile "${name}" ${existing ? 'replaced: it now points' : 'points'} at the emulator (use --profile ${name})`,
  );
  return name;
}

/** Removes the profile this run wrote, unless something else has replaced it since. */
async function removeProfile(ctx: Context, name: string, baseUrl: string): Promise<void> {
  if (!(await ctx.profiles().remove(name, (p) => p.baseUrl === baseUrl))) return;
  ctx.msg.info(`profile "${name}" removed (--keep-profile keeps it)`);
}

/** A profile's base URL on this machine (the API's own loopback rule, config/settings.ts). */
function pointsAtThisMachine(baseUrl: string): boolean {
  try {
    return isLoopbackHost(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}
