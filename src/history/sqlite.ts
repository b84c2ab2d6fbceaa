// The SQLite store through Node's built-in node:sqlite (no native build, no download): a file created
// 0600 in a 0700 folder, WAL journal (readers never wait for the writer; a killed writer leaves the
// file as its last commit). Loaded with process.getBuiltinModule, so no bundler can drop the `node:`
// prefix the module exists under. The lock is `<file>.lock` (src/lock-file.ts), never the transaction.
import { dirname } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { acquireLock, type LockInfo } from '../lock-file.js';
import { UsageError } from '../errors.js';
import { inDialect } from './schema.js';
import type { Param, Row, Sql } from './sql.js';
import { HeldElsewhere, waitForLock } from './wait-lock.js';

const fs = process.getBuiltinModule('node:fs');

const code = (e: unknown) => (e as NodeJS.ErrnoException)?.code;

export function openSqlite(path: string, opts: { readOnly: boolean }): Sql {
  if (opts.readOnly) {
    if (!fs.existsSync(path)) throw new NoStore(path);
  } else {
    fs.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    try {
      fs.closeSync(fs.openSync(path, fs.constants.O_CREAT | fs.constants.O_WRONLY | fs.constants.O_NOFOLLOW, 0o600));
    } catch (e) {
      throw new UsageError(`cannot open the history store ${path}: ${code(e) ?? (e as Error).message}`);
    }
  }
  const { DatabaseSync } = loadSqlite();
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { readOnly: opts.readOnly, timeout: 10_000 } as ConstructorParameters<
      typeof DatabaseSync
    >[1]);
    if (!opts.readOnly) db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA mmap_size = 268435456'); // reads of a large store map its pages instead of copying them
  } catch (e) {
    throw new UsageError(`cannot open the history store ${path}: ${(e as Error).message}`);
  }
  const cache = new Map<string, StatementSync>();
  const prepared = (sql: string) => {
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare(inDialect(sql, 'sqlite'))));
    return s;
  };
  return {
    dialect: 'sqlite',
    where: path,
    all: async (sql, params = []) => prepared(sql).all(...(params as Param[])) as Row[],
    run: async (sql, params = []) => void prepared(sql).run(...(params as Param[])),
    runMany: async (sql, rows) => {
      const s = prepared(sql);
      for (const r of rows) s.run(...(r as Param[]));
    },
    transaction: async (fn) => {
      db.exec('BEGIN IMMEDIATE');
      try {
        await fn();
        db.exec('COMMIT');
      } catch (e) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw e;
      }
    },
    lock: (_key, { waitMs, wait, now, said }) =>
      waitForLock(
        'the history store',
        async () => {
          const held = await acquireLock(
            `${path}.lock`,
            now(),
            (lockPath, holder) => new HeldElsewhere(holderText(lockPath, holder)) as never,
          );
          return { release: () => held.release() };
        },
        waitMs,
        wait,
        now,
        said,
      ),
    close: async () => {
      if (db.isOpen) db.close();
    },
  };
}

/**
 * Whether a warning is the one Node 22 emits when node:sqlite first loads ("SQLite is an experimental
 * feature…"): the operator can do nothing about it, so it is kept off the screen; every other warning
 * (another ExperimentalWarning included) still reaches stderr.
 */
export function isSqliteWarning(warning: unknown, type?: unknown): boolean {
  const name =
    typeof warning === 'string'
      ? typeof type === 'string'
        ? type
        : (type as { type?: unknown })?.type
      : (warning as Error)?.name;
  const message = typeof warning === 'string' ? warning : (warning as Error)?.message;
  return (
    name === 'ExperimentalWarning' &&
    typeof message === 'string' &&
    message.startsWith('SQLite is an experimental feature')
  );
}

/**
 * node:sqlite, through process.getBuiltinModule (no bundler or test runner can drop the `node:` prefix
 * the module exists under). Node emits its warning synchronously while the module loads: for that one
 * call, process.emitWarning passes on everything but that warning; no 'warning' listener is added.
 */
export function loadSqlite(
  load = () => process.getBuiltinModule('node:sqlite') as typeof import('node:sqlite'),
): typeof import('node:sqlite') {
  const emit = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    if (isSqliteWarning(warning, rest[0])) return;
    return (emit as (...a: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return load();
  } finally {
    process.emitWarning = emit;
  }
}

function holderText(lockPath: string, holder: LockInfo | 'unreadable'): string {
  if (holder === 'unreadable')
    return `the lock ${lockPath} exists but cannot be read (being written, or left by a kill)`;
  return `another run (pid ${holder.pid} on ${holder.host}, started ${holder.startedAt}) holds ${lockPath}`;
}

/** A store that does not exist yet, opened to read: "no snapshot yet". */
export class NoStore extends UsageError {
  constructor(where: string) {
    super(`no snapshot yet: the history store ${where} does not exist`, ['take one with `cardqr analytics snapshot`']);
  }
}
