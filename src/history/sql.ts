// What the store needs of a database, whichever it is: statements with `?` placeholders (schema.ts
// turns them into `$n` for PostgreSQL), a transaction, the serialising lock, and close.
import type { Dialect } from './schema.js';

export type Param = string | number | null;
export type Row = Record<string, unknown>;

export interface Sql {
  readonly dialect: Dialect;
  /** How errors and messages name the store: a path, or a URL without its password. */
  readonly where: string;
  all(sql: string, params?: readonly Param[]): Promise<Row[]>;
  run(sql: string, params?: readonly Param[]): Promise<void>;
  /** The same statement for each parameter list (inside a transaction: one round of the loop each). */
  runMany(sql: string, rows: readonly (readonly Param[])[]): Promise<void>;
  /** `fn` in one transaction: its writes become visible together, or not at all. */
  transaction(fn: () => Promise<void>): Promise<void>;
  /**
   * Takes the lock that serialises the runs that write (a lock file beside a SQLite file, an advisory
   * lock in PostgreSQL), trying for at most `waitMs`; not the write transaction, which stays short.
   */
  lock(key: string, opts: LockWait): Promise<{ release(): Promise<void> }>;
  close(): Promise<void>;
}

export interface LockWait {
  waitMs: number;
  wait: (ms: number) => Promise<void>;
  now: () => Date;
  /** Said once when the lock is held elsewhere and the run starts to wait. */
  said?: (holder: string) => void;
}
