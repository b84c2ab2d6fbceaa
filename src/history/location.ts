// Which store a command uses: --store (a file or a postgres:// URL), else CARDQR_HISTORY_URL, else the
// default file `<dataDir>/history.db`. A URL is named without its password everywhere.
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { historyFile } from '../fs/data-dir.js';

export interface StoreLocation {
  kind: 'sqlite' | 'postgres';
  /** The file path, or the URL as given (with its password: only for connecting). */
  target: string;
  /** How the tool names it: the path, or the URL without its password. */
  where: string;
  /** A password was given on the command line (visible to every user of this machine in `ps`). */
  passwordInArgv: boolean;
}

const isPostgresUrl = (s: string) => /^postgres(ql)?:\/\//i.test(s);

/** The URL without its password (user, host, port, database and the query kept). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '';
    return u.toString().replace(/:@/, '@');
  } catch {
    return 'postgres://…';
  }
}

/** `defaultFile`: used without --store or the variable (default: `<dataDir>/history.db`). */
export function storeLocation(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  defaultFile: string = historyFile(env),
): StoreLocation {
  const given = flag ?? (env.CARDQR_HISTORY_URL || undefined);
  if (given === undefined) {
    const path = defaultFile;
    return { kind: 'sqlite', target: path, where: path, passwordInArgv: false };
  }
  if (isPostgresUrl(given)) {
    let u: URL;
    try {
      u = new URL(given);
    } catch {
      throw new UsageError(`--store: ${redactUrl(given)} is not a valid postgres:// URL`);
    }
    if (!u.hostname && !env.PGHOST) throw new UsageError(`--store: ${redactUrl(given)} names no host`);
    return {
      kind: 'postgres',
      target: given,
      where: redactUrl(given),
      passwordInArgv: flag !== undefined && u.password !== '',
    };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(given)) {
    throw new UsageError(`--store: ${redactUrl(given)} is neither a file nor a postgres:// URL`);
  }
  if (!given.trim()) throw new UsageError('--store: empty');
  const path = resolve(given);
  return { kind: 'sqlite', target: path, where: path, passwordInArgv: false };
}

export const PASSWORD_IN_ARGV =
  'a password in --store is visible to other users of this machine (ps, shell history): prefer CARDQR_HISTORY_URL, PGPASSWORD or ~/.pgpass';
