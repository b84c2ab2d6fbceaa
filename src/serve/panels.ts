// What each panel of `cardqr serve` shows, read from the API through the one paced client and the short
// cache (cache.ts). Every answer is plain data for the page, never a key and never a lead's contact
// (that comes only on request: leadContact).
import type { ApiClient } from '../api/client.js';
import { whyWillNotOpen } from '../api/rules.js';
import { ShortCache } from './cache.js';

export interface PanelDeps {
  /** The paced client (its pace set once by the server: a share of the key's rate). */
  api: () => Promise<ApiClient>;
  /** The monotonic clock (cache ages). */
  clock: () => number;
  /** The wall clock (the CRM panel's window). */
  now: () => Date;
}

/** Statuses that need a person: the CRM will not get the lead by itself (as `leads crm-report`). */
const needsAttention = (status: string) => status === 'failed' || status === 'expired' || status.startsWith('held_');
const CRM_WINDOW_DAYS = 30;
const NEW_LEADS = 25;

const text = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const crmStatusOf = (lead: Record<string, unknown>): string => {
  const h = lead.hubspot as { status?: unknown } | null | undefined;
  return h === null || h === undefined ? 'none' : text(h.status) || 'unknown';
};

export interface NotOpening {
  id: string;
  kind: 'qr' | 'card';
  name: string;
  why: string;
}

export function apiPanels(deps: PanelDeps) {
  const cache = new ShortCache(deps.clock);
  const walk = async (path: string, query: Record<string, string> = {}) => {
    const { PagedList } = await import('../api/pages.js');
    const out: Array<Record<string, unknown>> = [];
    for await (const item of new PagedList<Record<string, unknown>>(await deps.api(), path, query, { all: true }))
      out.push(item);
    return out;
  };
  return {
    account: () =>
      cache.get('account', async () => {
        const me = await (await deps.api()).me();
        return { id: me.account.id, plan: me.account.plan };
      }),

    /** The API's own 30 days: totals and the five busiest codes. */
    overview: () =>
      cache.get('overview', async () => {
        const { getOverview } = await import('../api/analytics.js');
        const o = await getOverview(await deps.api(), { range: '30d', timeZone: 'UTC' });
        return {
          totalScans: o.totalScans,
          trend: o.trend,
          timeline: o.timeline.map((d) => ({ date: d.date, scans: Number(d.scans) || 0 })),
          topQrCodes: (o.topQrCodes ?? []).map((t) => ({
            id: text(t.id),
            name: text(t.name),
            type: text(t.type),
            scans: Number(t.scans) || 0,
          })),
        };
      }),

    /** PRODUCT §13: paused by the plan, status paused or archived (QR codes and cards). */
    notOpening: () =>
      cache.get('not-opening', async () => {
        const [qr, archivedQr, cards] = await Promise.all([
          walk('/qr-codes'),
          walk('/qr-codes', { status: 'archived' }),
          walk('/cards'),
        ]);
        const out: NotOpening[] = [];
        const seen = new Set<string>();
        const add = (kind: 'qr' | 'card', o: Record<string, unknown>) => {
          const id = text(o.id);
          const why = whyWillNotOpen({ status: o.status, paused: o.paused });
          if (why && !seen.has(id)) out.push({ id, kind, name: text(o.name), why });
          seen.add(id);
        };
        for (const o of [...qr, ...archivedQr]) add('qr', o);
        for (const o of cards) add('card', o);
        return out;
      }),

    /** The newest leads without their contact. */
    leads: () =>
      cache.get('leads', async () => {
        const { fetchLeadsPage } = await import('../api/leads.js');
        const page = await fetchLeadsPage(await deps.api(), { limit: NEW_LEADS, offset: 0 });
        return page.data.map((l) => ({
          id: l.id,
          createdAt: l.createdAt,
          cardName: text(l.cardName),
          source: text(l.source),
          formName: text(l.formName),
          locked: l.locked === true,
          crm: crmStatusOf(l),
        }));
      }),

    /** One lead's contact, asked for by a click. */
    leadContact: (id: string) =>
      cache.get(`lead:${id}`, async () => {
        const { fetchLeadRaw } = await import('../api/leads.js');
        const lead = await fetchLeadRaw(await deps.api(), id);
        const c = lead.contact as Record<string, unknown> | null | undefined;
        if (!c) return { id, locked: lead.locked === true, contact: null };
        const fields = ['name', 'email', 'phone', 'company', 'title'] as const;
        return { id, locked: false, contact: Object.fromEntries(fields.map((f) => [f, text(c[f])])) };
      }),

    /** The CRM delivery status of the last 30 days' leads (as `leads crm-report --since 30d`). */
    crm: () =>
      cache.get('crm', async () => {
        const since = new Date(deps.now().getTime() - CRM_WINDOW_DAYS * 86_400_000).toISOString();
        const leads = await walk('/leads', { since });
        const byStatus: Record<string, number> = {};
        const attention: Array<{ id: string; createdAt: string; status: string; cardName: string; error: string }> = [];
        for (const l of leads) {
          const status = crmStatusOf(l);
          byStatus[status] = (byStatus[status] ?? 0) + 1;
          if (needsAttention(status)) {
            const err = (l.hubspot as { error?: unknown }).error;
            attention.push({
              id: text(l.id),
              createdAt: text(l.createdAt),
              status,
              cardName: text(l.cardName),
              error: err === null || err === undefined ? '' : typeof err === 'string' ? err : JSON.stringify(err),
            });
          }
        }
        return { sinceDays: CRM_WINDOW_DAYS, total: leads.length, byStatus, needsAttention: attention };
      }),

    /** Reads through the cache (a print run's audit, keyed by its run). */
    cached: <T>(key: string, load: () => Promise<T>) => cache.get(key, load),
  };
}

export type ApiPanels = ReturnType<typeof apiPanels>;
