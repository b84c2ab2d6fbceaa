import { Command, InvalidArgumentError } from 'commander';
import { action } from '../action.js';
import { UsageError } from '../../errors.js';
import { intIn, numberIn } from '../flags.js';
import { example } from '../shared.js';

export function emulatorCommand(): Command {
  const cmd = new Command('emulator')
    .description('Run the local emulator of the whole API (for rehearsal: the real service has no sandbox)')
    .option('--port <port>', 'port to listen on; 0 picks a free one (default: 4010)', intIn(0, 65535))
    .option('--host <host>', 'address to listen on (default: 127.0.0.1)')
    .option('--seed <file.json>', 'seed file (account, keys, templates, campaigns, cards, leads, scans)')
    .option('--state <file.json>', 'persist the emulator state in this file across restarts')
    .option('--rate-limit <n>', 'requests per minute for every key', intIn(1, 1_000_000))
    .option('--latency <ms>', 'added before each API answer', intIn(0, 600_000))
    .option(
      '--fault-rate <p>',
      'fraction of API requests answered with a 500 or a dropped connection (0..1)',
      numberIn(0, 1),
    )
    .option('--profile <name>', 'also write a profile pointing at the emulator with its full-scope key')
    .option(
      '--clock <time>',
      'start the emulator clock at this ISO 8601 time (the built-in seed is dated from it; default: now)',
      clockStart,
    )
    .action(
      action(async (ctx, flags: EmulatorFlags, cmd: Command) => {
        const { createEmulator, loadSeedFile, SeedError } = await import('../../emulator/index.js');
        let seed;
        try {
          seed = flags.seed ? loadSeedFile(flags.seed) : undefined;
        } catch (e) {
          if (e instanceof SeedError) throw new UsageError(`--seed: ${flags.seed} is not a valid seed`, e.problems);
          throw e;
        }
        const port = flags.port ?? 4010;
        const host = flags.host ?? '127.0.0.1';
        const emu = await createEmulator({
          port,
          host,
          seed,
          statePath: flags.state,
          rateLimit: flags.rateLimit,
          latencyMs: flags.latency,
          faultRate: flags.faultRate,
          startAt: flags.clock,
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
        const profile = flags.profile ?? (typedOnCommandLine(cmd, 'profile') ? ctx.globals.profile : undefined);
        if (profile) {
          await ctx.profiles().save({ name: profile, baseUrl: emu.baseUrl, apiKey: emu.keys.full }, false);
          ctx.msg.say(`profile "${profile}" points at the emulator (use --profile ${profile})`);
        }
        const { printJson } = await import('../../output/query.js');
        await printJson(
          ctx.io,
          { baseUrl: emu.baseUrl, publicBaseUrl: emu.publicBaseUrl, keys: emu.keys },
          false,
          ctx.globals.query,
        );
        ctx.msg.say(`emulator listening on ${emu.baseUrl} (Ctrl-C to stop)`);
        const signal = ctx.interruptible();
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        await emu.close();
      }),
    );
  return example(
    cmd,
    'cardqr emulator --port 0 --profile local',
    'cardqr emulator --rate-limit 120 --latency 50 --fault-rate 0.05 --state emu-state.json',
  );
}

interface EmulatorFlags {
  port?: number;
  host?: string;
  seed?: string;
  state?: string;
  rateLimit?: number;
  latency?: number;
  faultRate?: number;
  profile?: string;
  clock?: number;
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
