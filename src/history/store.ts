// The history store over either database (sql.ts): the schema version check, migrations, and the
// reads and writes of snapshots, day rows and weekly reports. Open it with `openStore` (open.ts).
import { UsageError } from '../errors.js';
import { META_TABLE, MIGRATIONS, SCHEMA_VERSION } from './schema.js';
import type { Param, Sql } from './sql.js';

export interface Subject {
  id: string;
  kind: 'qr' | 'card';
  name: string;
  templateId: string | null;
  status: string | null;
  /** QR codes only; cards carry no count. */
  scanCount: number | null;
}

export interface Timeline {
  id: string;
  scanCount: number | null;
  range: string;
  periodStart: string;
  clamped: boolean;
  historyDays: number;
  days: { day: string; scans: number }[];
}

export interface SnapshotWrite {
  account: string;
  zone: string;
  takenAt: string;
  day: string;
  subjects: Subject[];
  timelines: Timeline[];
  campaigns: { templateId: string; campaignId: string; name: string }[];
  requests: number;
}

export interface FetchState {
  scanCount: number | null;
  fetchedDay: string;
}

export interface ReportRow {
  week: string;
  state: 'sending' | 'sent';
  deliveryId: string;
  target: string;
  updatedAt: string;
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));

export class HistoryStore {
  constructor(readonly sql: Sql) {}

  get where(): string {
    return this.sql.where;
  }

  /** The store's schema version (0: empty). */
  async version(): Promise<number> {
    try {
      const rows = await this.sql.all("SELECT value FROM cardqr_meta WHERE name = 'schema_version'");
      return rows.length ? Number(rows[0].value) : 0;
    } catch {
      return 0; // no meta table: an empty store
    }
  }

  /** Refuses a store a newer cardqr wrote; with `migrate`, brings an older one to this version. */
  async prepare(opts: { migrate: boolean }): Promise<{ from: number; to: number }> {
    const from = await this.version();
    if (from > SCHEMA_VERSION) {
      throw new UsageError(
        `the history store ${this.where} has schema version ${from}, written by a newer cardqr; this one knows version ${SCHEMA_VERSION}`,
        ['upgrade cardqr to read or write it'],
      );
    }
    if (from === SCHEMA_VERSION) return { from, to: from };
    if (!opts.migrate) {
      if (from === 0)
        throw new UsageError(`no snapshot yet: the history store ${this.where} is empty`, [
          'take one with `cardqr analytics snapshot`',
        ]);
      throw new UsageError(
        `the history store ${this.where} has schema version ${from}; this cardqr needs ${SCHEMA_VERSION}`,
        ['run `cardqr analytics migrate` (or take a snapshot) to migrate it'],
      );
    }
    await this.sql.run(META_TABLE);
    await this.sql.transaction(async () => {
      for (let v = from + 1; v <= SCHEMA_VERSION; v++) for (const step of MIGRATIONS[v - 1]) await this.sql.run(step);
      await this.sql.run("DELETE FROM cardqr_meta WHERE name = 'schema_version'");
      await this.sql.run("INSERT INTO cardqr_meta (name, value) VALUES ('schema_version', ?)", [
        String(SCHEMA_VERSION),
      ]);
    });
    return { from, to: SCHEMA_VERSION };
  }

  /** What the last fetch of each id's timeline in `zone` saw. */
  async fetchStates(account: string, zone: string): Promise<Map<string, FetchState>> {
    const rows = await this.sql.all(
      'SELECT id, scan_count, fetched_day FROM timelines WHERE account = ? AND zone = ?',
      [account, zone],
    );
    return new Map(
      rows.map((r) => [
        String(r.id),
        { scanCount: r.scan_count === null ? null : num(r.scan_count), fetchedDay: String(r.fetched_day) },
      ]),
    );
  }

  async knownTemplates(account: string): Promise<Set<string>> {
    const rows = await this.sql.all('SELECT template_id FROM campaigns WHERE account = ?', [account]);
    return new Set(rows.map((r) => String(r.template_id)));
  }

  /** One short transaction: every row of the snapshot becomes visible together. */
  async writeSnapshot(s: SnapshotWrite): Promise<void> {
    const subjects: Param[][] = s.subjects.map((x) => [
      s.account,
      x.id,
      x.kind,
      x.name,
      x.templateId,
      x.status,
      x.scanCount,
      s.takenAt,
    ]);
    const timelines: Param[][] = s.timelines.map((t) => [
      s.account,
      t.id,
      s.zone,
      t.scanCount,
      s.day,
      t.range,
      t.periodStart,
      t.clamped ? 1 : 0,
      t.historyDays,
    ]);
    const days: Param[][] = [];
    for (const t of s.timelines)
      for (const d of t.days)
        if (d.scans > 0)
          days.push([
            s.account,
            t.id,
            s.zone,
            d.day.slice(0, 7),
            d.day,
            d.scans,
            t.range,
            t.clamped ? 1 : 0,
            t.historyDays,
          ]);
    await this.sql.transaction(async () => {
      await this.sql.runMany(
        `INSERT INTO subjects (account, id, kind, name, template_id, status, scan_count, seen_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (account, id) DO UPDATE SET kind = excluded.kind, name = excluded.name, template_id = excluded.template_id,
         status = excluded.status, scan_count = excluded.scan_count, seen_at = excluded.seen_at`,
        subjects,
      );
      await this.sql.runMany(
        `INSERT INTO timelines (account, id, zone, scan_count, fetched_day, range, period_start, clamped, history_days)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (account, id, zone) DO UPDATE SET scan_count = excluded.scan_count, fetched_day = excluded.fetched_day,
         range = excluded.range, period_start = excluded.period_start, clamped = excluded.clamped, history_days = excluded.history_days`,
        timelines,
      );
      await this.sql.runMany(
        `INSERT INTO days (account, id, zone, month, day, scans, range, clamped, history_days)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (zone, id, month, day, account) DO UPDATE SET scans = excluded.scans, range = excluded.range,
         clamped = excluded.clamped, history_days = excluded.history_days WHERE days.scans <> excluded.scans`,
        days,
      );
      await this.sql.runMany(
        `INSERT INTO campaigns (account, template_id, campaign_id, name) VALUES (?, ?, ?, ?)
         ON CONFLICT (account, template_id) DO UPDATE SET campaign_id = excluded.campaign_id, name = excluded.name`,
        s.campaigns.map((c) => [s.account, c.templateId, c.campaignId, c.name]),
      );
      await this.sql.run(
        'INSERT INTO snapshots (account, taken_at, zone, day, codes, cards, timelines, requests) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [
          s.account,
          s.takenAt,
          s.zone,
          s.day,
          s.subjects.filter((x) => x.kind === 'qr').length,
          s.subjects.filter((x) => x.kind === 'card').length,
          s.timelines.length,
          s.requests,
        ],
      );
    });
  }

  /** The latest snapshot (of `account` in `zone` when given). */
  async lastSnapshot(
    filter: { account?: string; zone?: string } = {},
  ): Promise<{ account: string; takenAt: string; day: string; zone: string } | undefined> {
    const where: string[] = [];
    const params: Param[] = [];
    if (filter.account) {
      where.push('account = ?');
      params.push(filter.account);
    }
    if (filter.zone) {
      where.push('zone = ?');
      params.push(filter.zone);
    }
    const rows = await this.sql.all(
      `SELECT account, taken_at, day, zone FROM snapshots ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY taken_at DESC LIMIT 1`,
      params,
    );
    const r = rows[0];
    return r && { account: String(r.account), takenAt: String(r.taken_at), day: String(r.day), zone: String(r.zone) };
  }

  /** The days of the first and latest snapshots of `account` in `zone`. */
  async snapshotSpan(account: string, zone: string): Promise<{ first: string; last: string } | undefined> {
    const rows = await this.sql.all(
      'SELECT min(day) AS first, max(day) AS last FROM snapshots WHERE account = ? AND zone = ?',
      [account, zone],
    );
    const r = rows[0];
    return r && r.first !== null ? { first: String(r.first), last: String(r.last) } : undefined;
  }

  async subjects(): Promise<Map<string, Subject & { account: string }>> {
    const rows = await this.sql.all('SELECT account, id, kind, name, template_id, status, scan_count FROM subjects');
    return new Map(
      rows.map((r) => [
        String(r.id),
        {
          account: String(r.account),
          id: String(r.id),
          kind: r.kind === 'card' ? 'card' : 'qr',
          name: String(r.name),
          templateId: r.template_id === null ? null : String(r.template_id),
          status: r.status === null ? null : String(r.status),
          scanCount: r.scan_count === null ? null : num(r.scan_count),
        },
      ]),
    );
  }

  async campaigns(): Promise<Map<string, { campaignId: string; name: string }>> {
    const rows = await this.sql.all('SELECT template_id, campaign_id, name FROM campaigns');
    return new Map(
      rows.map((r) => [String(r.template_id), { campaignId: String(r.campaign_id), name: String(r.name) }]),
    );
  }

  /** Scans per id and period (`day`: YYYY-MM-DD, `month`: YYYY-MM) in `zone`, from `since` on. */
  async series(
    zone: string,
    by: 'day' | 'month',
    opts: { ids?: string[]; since?: string; until?: string; account?: string } = {},
  ) {
    const where = ['zone = ?'];
    const params: Param[] = [zone];
    if (opts.account) {
      where.push('account = ?');
      params.push(opts.account);
    }
    if (opts.ids?.length) {
      where.push(`id IN (${opts.ids.map(() => '?').join(', ')})`);
      params.push(...opts.ids);
    }
    if (opts.since) {
      where.push('day >= ?');
      params.push(opts.since);
    }
    if (opts.until) {
      where.push('day <= ?');
      params.push(opts.until);
    }
    const period = by === 'month' ? 'month' : 'day';
    const rows = await this.sql.all(
      `SELECT id, ${period} AS period, sum(scans) AS scans FROM days WHERE ${where.join(' AND ')} GROUP BY id, ${period} ORDER BY id, ${period}`,
      params,
    );
    return rows.map((r) => ({ id: String(r.id), period: String(r.period), scans: num(r.scans) }));
  }

  /** Each id's last day with scans in `zone`. */
  async lastScanDays(zone: string): Promise<Map<string, string>> {
    const rows = await this.sql.all('SELECT id, max(day) AS last FROM days WHERE zone = ? GROUP BY id', [zone]);
    return new Map(rows.map((r) => [String(r.id), String(r.last)]));
  }

  async hasDays(id: string, zone?: string, account?: string): Promise<boolean> {
    const rows = await this.sql.all(
      `SELECT 1 AS one FROM days WHERE ${zone ? 'zone = ? AND ' : ''}id = ?${account ? ' AND account = ?' : ''} LIMIT 1`,
      [...(zone ? [zone] : []), id, ...(account ? [account] : [])],
    );
    return rows.length > 0;
  }

  async zones(): Promise<string[]> {
    return (await this.sql.all('SELECT DISTINCT zone FROM snapshots ORDER BY zone')).map((r) => String(r.zone));
  }

  async reports(account: string, zone: string): Promise<Map<string, ReportRow>> {
    const rows = await this.sql.all(
      'SELECT week, state, delivery_id, target, updated_at FROM reports WHERE account = ? AND zone = ?',
      [account, zone],
    );
    return new Map(
      rows.map((r) => [
        String(r.week),
        {
          week: String(r.week),
          state: r.state === 'sent' ? 'sent' : 'sending',
          deliveryId: String(r.delivery_id),
          target: String(r.target),
          updatedAt: String(r.updated_at),
        },
      ]),
    );
  }

  async markReport(account: string, zone: string, row: ReportRow): Promise<void> {
    await this.sql.transaction(() =>
      this.sql.run(
        `INSERT INTO reports (account, week, zone, state, delivery_id, target, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (account, week, zone) DO UPDATE SET state = excluded.state, delivery_id = excluded.delivery_id,
         target = excluded.target, updated_at = excluded.updated_at`,
        [account, row.week, zone, row.state, row.deliveryId, row.target, row.updatedAt],
      ),
    );
  }

  close(): Promise<void> {
    return this.sql.close();
  }
}
