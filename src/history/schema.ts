// The history store's schema: SQL that SQLite and PostgreSQL share, one list of steps per version. The
// version lives in `cardqr_meta` (name 'schema_version'); a store of a newer version is refused (exit 2,
// both versions named) and migrations run only from `analytics snapshot` and `analytics migrate`.
// `{without_rowid}` is SQLite's clustered table (one b-tree per table: 1,000,000 day rows stay small);
// PostgreSQL drops it.

export const SCHEMA_VERSION = 1;

export const META_TABLE = 'CREATE TABLE IF NOT EXISTS cardqr_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)';

/** MIGRATIONS[v - 1] takes a store from version v - 1 to v. */
export const MIGRATIONS: readonly (readonly string[])[] = [
  [
    `CREATE TABLE snapshots (
      account TEXT NOT NULL, taken_at TEXT NOT NULL, zone TEXT NOT NULL, day TEXT NOT NULL,
      codes INTEGER NOT NULL, cards INTEGER NOT NULL, timelines INTEGER NOT NULL, requests INTEGER NOT NULL,
      PRIMARY KEY (account, taken_at, zone))`,
    `CREATE TABLE subjects (
      account TEXT NOT NULL, id TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, template_id TEXT,
      status TEXT, scan_count INTEGER, seen_at TEXT NOT NULL,
      PRIMARY KEY (account, id)) {without_rowid}`,
    `CREATE TABLE timelines (
      account TEXT NOT NULL, id TEXT NOT NULL, zone TEXT NOT NULL, scan_count INTEGER, fetched_day TEXT NOT NULL,
      range TEXT NOT NULL, period_start TEXT NOT NULL, clamped INTEGER NOT NULL, history_days INTEGER NOT NULL,
      PRIMARY KEY (account, id, zone)) {without_rowid}`,
    // month (YYYY-MM) is in the key before day: a sum by month reads the rows in key order, no sort.
    `CREATE TABLE days (
      account TEXT NOT NULL, id TEXT NOT NULL, zone TEXT NOT NULL, month TEXT NOT NULL, day TEXT NOT NULL,
      scans INTEGER NOT NULL, range TEXT NOT NULL, clamped INTEGER NOT NULL, history_days INTEGER NOT NULL,
      PRIMARY KEY (zone, id, month, day, account)) {without_rowid}`,
    `CREATE TABLE campaigns (
      account TEXT NOT NULL, template_id TEXT NOT NULL, campaign_id TEXT NOT NULL, name TEXT NOT NULL,
      PRIMARY KEY (account, template_id))`,
    `CREATE TABLE reports (
      account TEXT NOT NULL, week TEXT NOT NULL, zone TEXT NOT NULL, state TEXT NOT NULL,
      delivery_id TEXT NOT NULL, target TEXT NOT NULL, updated_at TEXT NOT NULL,
      PRIMARY KEY (account, week, zone))`,
  ],
];

export type Dialect = 'sqlite' | 'postgres';

/** One statement in a dialect: the placeholder and `?` → `$n` for PostgreSQL. */
export function inDialect(sql: string, dialect: Dialect): string {
  if (dialect === 'sqlite') return sql.replace('{without_rowid}', 'WITHOUT ROWID');
  let n = 0;
  return sql.replace(' {without_rowid}', '').replace(/\?/g, () => `$${++n}`);
}
