// GET /leads (newest first; cardId, source, since, includeArchived, limit/offset) and GET /leads/:id.
//
// Choices where the spec is silent (README "Leads"):
// - Order: createdAt descending; leads sharing one instant are ordered by id descending.
// - `since` must be an ISO 8601 date-time with a time and a zone (Z or ±hh:mm); it is compared as
//   an instant, inclusive. A date alone, or anything Date.parse rejects, is 422 validation_failed.
// - Lists return every answer, like GET /leads/:id (the spec does not say lists abbreviate them).
// - A locked lead answers contact null and hubspot.contactUrl null, whatever the record holds.
// - cardId is a filter: an unknown id gives an empty list, not a 404.
import { ok, type ErrorDetail } from '../http.js';
import { LEAD_SOURCES, type LeadRecord } from '../model.js';
import { parseBoolParam, parseEnumParam, parsePage, queryProblem, throwIfProblems } from '../query.js';
import type { RouteContext, RouteDef } from '../routing.js';
import { serializeLead } from '../serialize.js';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** Milliseconds of an ISO 8601 date-time with a zone, or undefined when it is not one. */
export function parseIsoDateTime(raw: string): number | undefined {
  if (!ISO_DATE_TIME.test(raw)) return undefined;
  const ms = Date.parse(raw);
  return Number.isNaN(ms) ? undefined : ms;
}

// The fields filters read, copied out of the record once (records from seeds and the control API
// have varied shapes; plain reads of these copies keep a 100,000-lead scan around a millisecond).
interface Entry {
  ms: number;
  accountId: string;
  archived: boolean;
  source: string;
  cardId: string;
  lead: LeadRecord;
}

// Sorted view of store.leads, rebuilt when the array is replaced (reset, seed) or grows (control API).
// Leads are never edited in place through the API, so identity + length is a sound cache key; lists
// stay fast with 100,000 leads (one sort instead of one per page).
const sortedCache = new WeakMap<LeadRecord[], { length: number; entries: Entry[] }>();

function sortedLeads(all: LeadRecord[]): Entry[] {
  const hit = sortedCache.get(all);
  if (hit && hit.length === all.length) return hit.entries;
  const entries: Entry[] = all.map((lead) => ({
    ms: Date.parse(lead.createdAt),
    accountId: lead.accountId,
    archived: lead.archived,
    source: lead.source,
    cardId: lead.cardId,
    lead,
  }));
  entries.sort((a, b) => b.ms - a.ms || (a.lead.id < b.lead.id ? 1 : a.lead.id > b.lead.id ? -1 : 0));
  sortedCache.set(all, { length: all.length, entries });
  return entries;
}

/** Index of the first entry older than `since` (entries are newest first). */
function endBefore(entries: Entry[], since: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid].ms >= since) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function serializeLeadOut(lead: LeadRecord) {
  const out = serializeLead(lead);
  if (out.locked) {
    out.contact = null;
    if (out.hubspot) out.hubspot.contactUrl = null;
  }
  return out;
}

function list(ctx: RouteContext) {
  const problems: ErrorDetail[] = [];
  const page = parsePage(ctx.query, 25, problems);
  const source = parseEnumParam(ctx.query, 'source', LEAD_SOURCES, problems);
  const includeArchived = parseBoolParam(ctx.query, 'includeArchived', false, problems);
  const cardId = ctx.query.cardId;
  if (cardId !== undefined && cardId === '')
    problems.push(queryProblem(['cardId'], 'Expected a card or QR code id', 'too_small'));
  let since: number | undefined;
  if (ctx.query.since !== undefined) {
    since = parseIsoDateTime(ctx.query.since);
    if (since === undefined) {
      problems.push(
        queryProblem(
          ['since'],
          `Invalid ISO 8601 date-time "${ctx.query.since}", e.g. 2026-05-01T00:00:00.000Z`,
          'invalid_string',
        ),
      );
    }
  }
  throwIfProblems(problems);

  const entries = sortedLeads(ctx.store.leads);
  const end = since === undefined ? entries.length : endBefore(entries, since);
  const accountId = ctx.account.id;
  // Count every match (pagination.total) but keep only the requested page.
  const data: LeadRecord[] = [];
  let total = 0;
  for (let i = 0; i < end; i++) {
    const e = entries[i];
    if (e.accountId !== accountId) continue;
    if (!includeArchived && e.archived) continue;
    if (source && e.source !== source) continue;
    if (cardId && e.cardId !== cardId) continue;
    if (total >= page.offset && data.length < page.limit) data.push(e.lead);
    total++;
  }
  return ok({
    object: 'list',
    data: data.map(serializeLeadOut),
    pagination: { total, limit: page.limit, offset: page.offset, hasMore: page.offset + data.length < total },
  });
}

function one(ctx: RouteContext) {
  const lead = ctx.store.lead(ctx.account.id, ctx.params.id);
  if (!lead) ctx.fail(404, 'not_found', 'resource_not_found', `No lead with id ${ctx.params.id}.`);
  return ok(serializeLeadOut(lead!));
}

export const routes: RouteDef[] = [
  { method: 'GET', path: '/leads', scopes: ['leads:read'], handler: list },
  { method: 'GET', path: '/leads/:id', scopes: ['leads:read'], handler: one },
];
