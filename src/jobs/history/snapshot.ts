// One snapshot (PRODUCT section 18): GET /me (the account and the key's pace), the QR code pages (live,
// then archived), the card pages, then a daily timeline only for each QR code whose scanCount moved
// since the last snapshot in this zone and for each card (--no-cards: none). Everything is fetched
// first; the rows are then written in one short transaction. The lock (not the transaction) keeps two
// snapshots of one account apart; it is taken once the account is known.
import type { ApiClient } from '../../api/client.js';
import { ApiError, InterruptedError } from '../../errors.js';
import { daysBetween, dayIn } from '../../history/days.js';
import type { LockWait } from '../../history/sql.js';
import type { HistoryStore, Subject, Timeline } from '../../history/store.js';
import type { ScanStats } from '../../api/schemas/analytics.js';

export interface SnapshotOptions {
  zone: string;
  cards: boolean;
  now: () => Date;
  lock: Omit<LockWait, 'now'>;
  signal?: AbortSignal;
  /** Timelines in flight at once (the pacer spaces them to the key's limit). */
  concurrency?: number;
}

export interface SnapshotSummary {
  account: string;
  store: string;
  zone: string;
  takenAt: string;
  codes: number;
  cards: number;
  moved: number;
  timelines: number;
  requests: number;
  migrated?: { from: number; to: number };
}

/** The smallest range that reaches back to `fetchedDay` (the whole history the plan keeps the first time). */
export function rangeFor(fetchedDay: string | undefined, today: string): '7d' | '30d' | '90d' | '12m' {
  if (!fetchedDay) return '12m';
  const need = daysBetween(fetchedDay, today) + 1;
  return need <= 7 ? '7d' : need <= 30 ? '30d' : need <= 90 ? '90d' : '12m';
}

export async function takeSnapshot(
  client: ApiClient,
  store: HistoryStore,
  o: SnapshotOptions,
): Promise<SnapshotSummary> {
  const { me } = await client.paceToKey({ signal: o.signal });
  let requests = 1;
  const account = me.account.id;
  const lock = await store.sql.lock(`cardqr-history:${account}`, { ...o.lock, now: o.now });
  try {
    const prep = await store.prepare({ migrate: true });
    const [states, templates] = await Promise.all([store.fetchStates(account, o.zone), store.knownTemplates(account)]);
    const [{ listQrCodes }, { listCards }, { getScanStats }] = await Promise.all([
      import('../../api/qr.js'),
      import('../../api/cards.js'),
      import('../../api/analytics.js'),
    ]);
    const subjects: Subject[] = [];
    const today = dayIn(o.now(), o.zone);
    const isDue = (s: Subject) =>
      s.kind === 'card'
        ? o.cards
        : states.has(s.id)
          ? states.get(s.id)!.scanCount !== s.scanCount
          : (s.scanCount ?? 0) > 0;
    // Timelines are fetched while the pages are still being listed (the one request loop, jobs/rows/loop.ts):
    // the pacer, not the listing, sets the pace.
    const due: Subject[] = [];
    const queued = new Set<string>();
    const page = { all: true as const, signal: o.signal };
    // The pages are walked by a task of their own, so a page on its way never holds back the timelines of
    // the codes already listed: the generator hands sendEach what the walk found so far.
    const found: Subject[] = [];
    let walked: { error?: Error } | undefined;
    let wake = () => {};
    const walk = (async () => {
      const lists = [
        [listCards(client, {}, page), 'card'],
        [listQrCodes(client, {}, page), 'qr'],
        [listQrCodes(client, { status: 'archived' }, page), 'qr'],
      ] as const;
      for (const [list, kind] of lists) {
        for await (const item of list as AsyncIterable<Record<string, unknown>>) {
          const s = subjectOf(item, kind);
          subjects.push(s);
          if (queued.has(s.id) || !isDue(s)) continue;
          queued.add(s.id);
          due.push(s);
          found.push(s);
          wake();
        }
        requests += Math.max(1, Math.ceil(list.shown / 100));
      }
    })().then(
      () => (walked = {}),
      (error: unknown) => (walked = { error: error instanceof Error ? error : new Error(String(error)) }),
    );
    async function* listed(): AsyncGenerator<Subject> {
      try {
        for (;;) {
          const next = found.shift();
          if (next) yield next;
          else if (walked?.error !== undefined) throw walked.error;
          else if (walked) return;
          else await Promise.race([walk, new Promise<void>((r) => (wake = r))]);
        }
      } finally {
        await walk;
      }
    }
    const timelines: Timeline[] = [];
    const { sendEach } = await import('../rows/loop.js');
    const sent = await sendEach(
      listed(),
      async (s) => {
        const range = rangeFor(states.get(s.id)?.fetchedDay, today);
        requests++;
        try {
          return { row: timelineOf(s, range, await getScanStats(client, s.id, { range, timeZone: o.zone })) };
        } catch (e) {
          if (e instanceof ApiError && e.status === 404) return { row: undefined }; // gone since it was listed
          throw e;
        }
      },
      (row) => {
        if (row) timelines.push(row);
      },
      { concurrency: o.concurrency ?? 8, signal: o.signal },
    );
    if (sent.stopped === 'interrupted')
      throw new InterruptedError('interrupted: nothing was written to the history store');
    const unique = [...new Map(subjects.map((s) => [s.id, s])).values()];
    const campaigns = await campaignsOf(client, unique, templates, page, () => requests++);
    const takenAt = o.now().toISOString();
    await store.writeSnapshot({
      account,
      zone: o.zone,
      takenAt,
      day: today,
      subjects: unique,
      timelines,
      campaigns,
      requests,
    });
    return {
      account,
      store: store.where,
      zone: o.zone,
      takenAt,
      codes: unique.filter((s) => s.kind === 'qr').length,
      cards: unique.filter((s) => s.kind === 'card').length,
      moved: due.filter((x) => x.kind === 'qr').length,
      timelines: timelines.length,
      requests,
      ...(prep.from !== prep.to ? { migrated: prep } : {}),
    };
  } finally {
    await lock.release();
  }
}

/**
 * Which campaign owns each card template (`analytics history --group campaign`): GET /campaigns only
 * when a card carries a template the store has not seen, so a snapshot that finds nothing new sends
 * no such request. Templates no campaign owns are recorded with an empty campaign id. A key without
 * access to campaigns leaves them unknown.
 */
async function campaignsOf(
  client: ApiClient,
  subjects: Subject[],
  known: Set<string>,
  page: { all: true; signal?: AbortSignal },
  counted: () => void,
) {
  const fresh = new Set(subjects.map((s) => s.templateId).filter((t): t is string => t !== null && !known.has(t)));
  if (!fresh.size) return [];
  const { listCampaigns } = await import('../../api/campaigns.js');
  const owned = new Map<string, { campaignId: string; name: string }>();
  try {
    const list = listCampaigns(client, page);
    for await (const c of list) owned.set(c.templateId, { campaignId: c.id, name: c.name });
    for (let i = 0; i < Math.max(1, Math.ceil(list.shown / 100)); i++) counted();
  } catch (e) {
    if (e instanceof ApiError && (e.status === 403 || e.status === 401)) return [];
    throw e;
  }
  return [...fresh].map((t) => ({ templateId: t, ...(owned.get(t) ?? { campaignId: '', name: '' }) }));
}

function subjectOf(item: Record<string, unknown>, kind: 'qr' | 'card'): Subject {
  return {
    id: String(item.id),
    kind,
    name: String(item.name),
    templateId: kind === 'card' && typeof item.templateId === 'string' ? item.templateId : null,
    status: typeof item.status === 'string' ? item.status : null,
    scanCount: kind === 'qr' && typeof item.scanCount === 'number' ? item.scanCount : null,
  };
}

function timelineOf(s: Subject, range: string, st: ScanStats): Timeline {
  return {
    id: s.id,
    scanCount: s.scanCount,
    range,
    periodStart: st.period.start,
    clamped: st.clamped === true,
    historyDays: st.historyDays ?? -1,
    days: st.timeline.map((d) => ({
      day: d.date,
      scans: typeof d.scans === 'number' ? d.scans : Number(d.scans) || 0,
    })),
  };
}
