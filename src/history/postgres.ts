// The PostgreSQL store through `postgres` (porsager/postgres 3.4: pure JS, no dependencies), loaded
// only for a postgres:// store. One connection: the advisory lock is a session lock, so it is held
// by this connection for the run and released when it ends (or when the process dies).
// The password comes from the URL, PGPASSWORD or ~/.pgpass (pgpass.ts) and is never printed.
import { hostname } from 'node:os';
import type { CaFile } from '../api/trust.js';
import { UsageError } from '../errors.js';
import { inDialect } from './schema.js';
import type { Param, Row, Sql } from './sql.js';
import { HeldElsewhere, waitForLock } from './wait-lock.js';
import { pgpassFor } from './pgpass.js';

type Postgres = typeof import('postgres');

export async function openPostgres(
  url: string,
  where: string,
  env: Readonly<Record<string, string | undefined>>,
  caFile?: CaFile,
): Promise<Sql> {
  const { default: postgres } = (await import('postgres')) as unknown as { default: Postgres };
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username) || env.PGUSER || env.USER || 'postgres';
  const database = decodeURIComponent(parsed.pathname.slice(1)) || env.PGDATABASE || user;
  const host = parsed.hostname || env.PGHOST || 'localhost';
  const port = Number(parsed.port || env.PGPORT || 5432);
  const password =
    decodeURIComponent(parsed.password) || env.PGPASSWORD || (await pgpassFor(env, { host, port, database, user }));
  // sslmode=verify-ca/verify-full: the CAs every https request of cardqr trusts (PRODUCT §15: Node's
  // roots, NODE_EXTRA_CA_CERTS, the system store, the profile's CA file); other modes as the client has them.
  const mode = parsed.searchParams.get('sslmode');
  const verify = mode === 'verify-full' || mode === 'verify-ca';
  if (verify) parsed.searchParams.delete('sslmode');
  const ssl = verify
    ? {
        ca: (await import('../api/trust.js')).trustedCertificates(env as Record<string, string | undefined>, caFile),
        rejectUnauthorized: true,
        ...(mode === 'verify-ca' ? { checkServerIdentity: () => undefined } : {}),
      }
    : undefined;
  const app = `cardqr pid ${process.pid} on ${hostname()}`.slice(0, 63);
  const sql = postgres(parsed.toString(), {
    max: 1,
    ...(ssl ? { ssl } : {}),
    user,
    database,
    ...(password ? { pass: password } : {}),
    onnotice: () => undefined,
    connect_timeout: 10,
    connection: { application_name: app },
    types: { bigint: postgres.BigInt },
  } as never) as unknown as PgSql;
  const fail = (e: unknown): never => {
    const m = (e as Error).message ?? String(e);
    throw new UsageError(`the history store ${where}: ${password ? m.split(password).join('***') : m}`);
  };
  let tx: PgSql | undefined;
  const q = (text: string, params: readonly Param[] = []) =>
    (tx ?? sql).unsafe(inDialect(text, 'postgres'), params as Param[]).catch(fail);
  const norm = (rows: Row[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])));
  await q('SELECT 1');
  return {
    dialect: 'postgres',
    where,
    all: async (text, params) => norm([...((await q(text, params)) as Row[])]),
    run: async (text, params) => void (await q(text, params)),
    runMany: async (text, rows) => {
      for (const r of rows) await q(text, r);
    },
    transaction: async (fn) => {
      await sql
        .begin(async (t) => {
          tx = t;
          try {
            await fn();
          } finally {
            tx = undefined;
          }
        })
        .catch((e: unknown) => {
          if (e instanceof UsageError) throw e;
          return fail(e);
        });
    },
    lock: async (key, { waitMs, wait, now, said }) => {
      const taken = await waitForLock(
        'the history store',
        async () => {
          const [row] = (await q('SELECT pg_try_advisory_lock(hashtext(?)) AS ok', [key])) as Row[];
          if (row?.ok) return true;
          const [who] = (await q(
            `SELECT a.application_name AS app, a.backend_start AS since FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
             WHERE l.locktype = 'advisory' AND l.objid = (hashtext(?)::bigint & 4294967295)::oid AND l.granted LIMIT 1`,
            [key],
          )) as Row[];
          throw new HeldElsewhere(
            who
              ? `another run (${String(who.app) || 'a session'}, connected ${new Date(String(who.since)).toISOString()}) holds the lock of ${key}`
              : `another run holds the lock of ${key}`,
          );
        },
        waitMs,
        wait,
        now,
        said,
      );
      return {
        release: async () => {
          if (taken) await q('SELECT pg_advisory_unlock(hashtext(?))', [key]).catch(() => undefined);
        },
      };
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

interface PgSql {
  unsafe(text: string, params: Param[]): Promise<Row[]> & { catch: Promise<Row[]>['catch'] };
  begin(fn: (t: PgSql) => Promise<void>): Promise<unknown>;
  end(opts: { timeout: number }): Promise<void>;
}
