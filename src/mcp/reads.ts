// The read tools: each calls what the matching command's `run` calls (the API modules, the jobs) and
// returns the data, never through the renderer.
import type { ApiClient } from '../api/client.js';
import { UsageError } from '../errors.js';
import type { RANGES } from './catalogue.js';
import { leadsSince } from './leads-since.js';
import { shieldLead } from './untrusted.js';

export interface ReadContext {
  api: () => Promise<ApiClient>;
  where: () => Promise<{ baseUrl: string; profile: string | null }>;
  lockdown: boolean;
  signal: AbortSignal;
}

export interface ToolOutput {
  data: Record<string, unknown>;
  /** The ids the call named or touched, for the audit file. */
  ids: string[];
}

type Args = Record<string, any>;

export const READS: Record<string, (c: ReadContext, a: Args) => Promise<ToolOutput>> = {
  async whoami(c) {
    const { getMe } = await import('../api/me.js');
    const me = await getMe(await c.api());
    return { data: { ...me, ...(await c.where()) }, ids: [me.account.id] };
  },

  async search(c, a) {
    const page = { limit: a.limit ?? 25, offset: a.offset ?? 0, signal: c.signal };
    const client = await c.api();
    let list;
    if (a.kind === 'card') {
      const { listCards } = await import('../api/cards.js');
      list = listCards(client, { search: a.text, status: a.status, templateId: a.template }, page);
    } else {
      if (a.template !== undefined) throw new UsageError('template applies to cards only');
      const { listQrCodes } = await import('../api/qr.js');
      list = listQrCodes(client, { search: a.text, status: a.status }, page);
    }
    const items: unknown[] = [];
    for await (const item of list) items.push(item);
    return {
      data: { kind: a.kind, items, total: list.total ?? items.length, has_more: list.hasMore, offset: page.offset },
      ids: [],
    };
  },

  async get(c, a) {
    const { checkId } = await import('../api/ids.js');
    checkId(a.id);
    const client = await c.api();
    const item = await getOne(client, a.kind, a.id, c.signal);
    const data = a.kind === 'lead' ? shieldLead(item as Record<string, unknown>, c.lockdown) : item;
    return { data: { kind: a.kind, item: data }, ids: [a.id] };
  },

  async analytics(c, a) {
    const range: (typeof RANGES)[number] = a.range ?? '30d';
    const timeZone = zoneOf(a.tz);
    const client = await c.api();
    const api = await import('../api/analytics.js');
    if (a.id !== undefined) (await import('../api/ids.js')).checkId(a.id);
    const stats =
      a.id === undefined
        ? await api.getOverview(client, { range, timeZone })
        : await api.getScanStats(client, a.id, { range, timeZone });
    return { data: { source: 'api', stats }, ids: a.id === undefined ? [] : [a.id] };
  },

  async leads_since(c, a) {
    const out = await leadsSince(await c.api(), { cursor: a.cursor, limit: a.limit ?? 50, signal: c.signal });
    const leads = out.leads.map((l) => shieldLead(l, c.lockdown));
    return {
      data: { leads, cursor: out.cursor, has_more: out.hasMore, ...(c.lockdown ? { lockdown: true } : {}) },
      ids: out.leads.map((l) => String(l.id)),
    };
  },

  async crm_report(c, a) {
    if (a.since !== undefined && Number.isNaN(Date.parse(a.since)))
      throw new UsageError(`since "${a.since}" is not an ISO 8601 date-time (e.g. 2026-05-01T00:00:00Z)`);
    const { crmReport } = await import('../jobs/leads/crm-report.js');
    const since = a.since === undefined ? undefined : new Date(a.since).toISOString();
    const report = await crmReport(await c.api(), { since, includeArchived: a.include_archived }, c.signal);
    return { data: { ...report }, ids: [] };
  },
};

async function getOne(client: ApiClient, kind: string, id: string, signal: AbortSignal): Promise<unknown> {
  switch (kind) {
    case 'card':
      return (await import('../api/cards.js')).getCard(client, id, signal);
    case 'qr':
      return (await import('../api/qr.js')).getQrCode(client, id, signal);
    case 'template':
      return (await import('../api/templates.js')).getTemplate(client, id, signal);
    case 'campaign':
      return (await import('../api/campaigns.js')).getCampaign(client, id, signal);
    default:
      return (await import('../api/leads.js')).getLead(client, id);
  }
}

/** An IANA zone (default UTC); an unknown one is an input error. */
function zoneOf(tz: string | undefined): string {
  if (tz === undefined) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    throw new UsageError(`tz "${tz}" is not an IANA time zone (e.g. Europe/Paris)`);
  }
}
