// --store, --tz and --wait of the commands that read or write the scan history store (PRODUCT §18),
// and opening the store they name: checked before anything is sent.
import { InvalidArgumentError } from 'commander';
import type { Context } from '../context.js';
import type { CaFile } from '../api/trust.js';
import type { StoreLocation } from '../history/location.js';
import type { HistoryStore } from '../history/store.js';
import { parseZone } from './dates.js';
import { value } from './model/fields.js';

export const storeFlag = {
  store: value(
    '--store <file|url>',
    'the history store: a SQLite file, or a postgres:// URL (default: CARDQR_HISTORY_URL, else $XDG_DATA_HOME/cardqr/history.db)',
  ),
};

export const zoneFlag = {
  tz: value('--tz <zone>', 'IANA time zone of the days, e.g. Europe/Paris; "local" for this machine\'s', undefined, {
    default: 'UTC',
  }),
};

/** `--wait`: like the other durations, and 0 (do not wait). */
export function waitFlag(raw: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/i.exec(raw);
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const ms = m ? Number(m[1]) * unit[(m[2] ?? 's').toLowerCase()]! : NaN;
  if (!(ms >= 0 && ms <= 24 * 3_600_000))
    throw new InvalidArgumentError(
      `"${raw}" is not a wait: 0, or a number with ms, s, m or h up to 24h (e.g. 30s, 10m).`,
    );
  return Math.round(ms);
}

export const zoneOf = (ctx: Context, tz: string | undefined) => parseZone(tz, '--tz', ctx.env);

/**
 * The store the flags name, checked before anything is sent or resolved: a password in argv warned
 * about, a file that is one of the tool's own refused (exit 2).
 */
export async function storeFor(
  ctx: Context,
  flag: string | undefined,
  opts: { write: boolean },
): Promise<StoreLocation> {
  const { storeLocation, PASSWORD_IN_ARGV } = await import('../history/location.js');
  const { historyFile } = await import('../config/paths.js');
  const loc = storeLocation(flag, ctx.env, historyFile(ctx.env));
  if (loc.passwordInArgv) ctx.msg.warn(PASSWORD_IN_ARGV);
  if (loc.kind === 'sqlite' && opts.write && flag !== undefined) {
    const { refuseOwnPaths } = await import('./own-files.js');
    refuseOwnPaths(ctx, [{ flag: '--store', path: loc.target }]);
  }
  return loc;
}

/**
 * Runs `fn` with the store (storeFor), closed after. `write`: created if missing (snapshot, migrate,
 * report); otherwise a missing store is "no snapshot yet" (exit 2) and nothing is created.
 */
export async function withStore<T>(
  ctx: Context,
  loc: StoreLocation,
  opts: { write: boolean; caFile?: CaFile },
  fn: (store: HistoryStore) => Promise<T>,
): Promise<T> {
  const { openStore } = await import('../history/open.js');
  const store = await openStore(loc, { readOnly: !opts.write, env: ctx.env, caFile: opts.caFile });
  try {
    if (!opts.write) await store.prepare({ migrate: false });
    return await fn(store);
  } finally {
    await store.close();
  }
}
