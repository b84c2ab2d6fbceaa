// GET /analytics/overview and GET /analytics/:id → scan_stats, from the scans in the store (seeded
// history, scans counted by the public routes, scans added through /_emulator/scans).
//
// Choices where the spec is silent (README "Analytics"):
// - Period: the last `days` calendar days in the requested zone, today included (7d = 7, 30d = 30,
//   90d = 90, 12m = from the same date 12 months ago, exclusive, to today: 365 or 366 days).
//   period.start is local midnight of the first day, period.end the emulator's "now".
// - History limit: the plan keeps `historyDays` days (-1 = unlimited). When the requested range is
//   longer, the period is cut to the most recent historyDays days and `clamped` is true. Scans older
//   than the history are not counted anywhere, previousPeriodScans included.
// - previousPeriodScans: the same number of calendar days just before the period.
// - topQrCodes: the five live cards and codes with the most scans in the period (Trash left out).
// - trend: round((total - previous) / previous * 100) with a sign (`+20%`, `-5%`, `0%`). With no
//   scans in the previous period: `0%` when the period has none either, else `+100%`.
import { ok } from '../http.js';
import { queryProblem, parseEnumParam, throwIfProblems } from '../query.js';
import type { ErrorDetail } from '../http.js';
import type { PlanDef, ScanRecord } from '../model.js';
import type { RouteContext, RouteDef } from '../routing.js';
import type { Store } from '../store.js';
import { addDays, daysBetween, isValidTimeZone, localDate, localMidnight, minusMonths } from '../zoned.js';

export const RANGES = ['7d', '30d', '90d', '12m'] as const;
export type Range = (typeof RANGES)[number];

interface StatsQuery {
  range: Range;
  timeZone: string;
}

function parseStatsQuery(query: Record<string, string>): StatsQuery {
  const problems: ErrorDetail[] = [];
  const range = parseEnumParam(query, 'range', RANGES, problems) ?? '30d';
  const timeZone = query.timeZone ?? 'UTC';
  if (!isValidTimeZone(timeZone)) {
    problems.push(
      queryProblem(
        ['timeZone'],
        `Invalid time zone "${timeZone}"; expected an IANA name such as Europe/Paris`,
        'invalid_string',
      ),
    );
  }
  throwIfProblems(problems);
  return { range, timeZone };
}

/** Days the range asks for, ending today (local date). */
export function rangeDays(range: Range, today: string): number {
  if (range === '12m') return daysBetween(minusMonths(today, 12), today);
  return Number(range.slice(0, -1));
}

export function trendOf(total: number, previous: number): string {
  if (previous === 0) return total === 0 ? '0%' : '+100%';
  const pct = Math.round(((total - previous) / previous) * 100);
  return pct > 0 ? `+${pct}%` : pct < 0 ? `${pct}%` : '0%';
}

interface Target {
  id: string;
  name: string;
  type: string;
}

function targetOf(store: Store, accountId: string, id: string): Target | undefined {
  const card = store.card(accountId, id);
  if (card) return { id, name: card.name, type: 'card' };
  const qr = store.qrCode(accountId, id);
  if (qr) return { id, name: qr.name, type: qr.type };
  return undefined; // in Trash: its scans still count in the totals, but it is not listed (its id answers 404)
}

let regionNames: Intl.DisplayNames | undefined;
function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const countTop = <K>(m: Map<K, number>): [K, number][] =>
  [...m.entries()].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));

export function scanStats(
  store: Store,
  plan: PlanDef,
  accountId: string,
  scans: ScanRecord[],
  q: StatsQuery,
  targetId: string | null,
  now: number,
) {
  const tz = q.timeZone;
  const today = localDate(now, tz);
  const requested = rangeDays(q.range, today);
  const history = plan.historyDays;
  const clamped = history !== -1 && requested > history;
  const days = clamped ? history : requested;
  const start = addDays(today, -(days - 1));
  const prevStart = addDays(start, -days);
  const prevEnd = addDays(start, -1);
  const oldestVisible = history === -1 ? undefined : addDays(today, -(history - 1));
  // Scans before the previous period's first local day cannot count (one day of slack for the zone).
  const floor = localMidnight(prevStart, tz) - 86_400_000;

  const timeline = new Map<string, number>();
  for (let d = start; d <= today; d = addDays(d, 1)) timeline.set(d, 0);
  const visitors = new Set<string>();
  const countries = new Map<string, number>();
  const devices = new Map<string, number>();
  const targets = new Map<string, number>();
  let total = 0;
  let previous = 0;
  for (const s of scans) {
    const t = Date.parse(s.at);
    if (t < floor || t > now) continue;
    const d = localDate(t, tz);
    if (oldestVisible !== undefined && d < oldestVisible) continue;
    if (d >= start && d <= today) {
      total++;
      timeline.set(d, (timeline.get(d) ?? 0) + 1);
      visitors.add(s.visitorId);
      countries.set(s.country, (countries.get(s.country) ?? 0) + 1);
      devices.set(s.device, (devices.get(s.device) ?? 0) + 1);
      targets.set(s.targetId, (targets.get(s.targetId) ?? 0) + 1);
    } else if (d >= prevStart && d <= prevEnd) {
      previous++;
    }
  }

  const stats: Record<string, unknown> = {
    object: 'scan_stats',
    qrCodeId: targetId,
    range: q.range,
    period: { start: new Date(localMidnight(start, tz)).toISOString(), end: new Date(now).toISOString(), days },
    clamped,
    historyDays: history,
    totalScans: total,
    uniqueVisitors: visitors.size,
    previousPeriodScans: previous,
    trend: trendOf(total, previous),
    timeline: [...timeline.entries()].map(([date, n]) => ({ date, scans: n })),
  };
  if (plan.breakdowns) {
    stats.topCountries = countTop(countries)
      .slice(0, 10)
      .map(([code, n]) => ({ country: countryName(code), code, scans: n }));
    stats.devices = countTop(devices).map(([device, n]) => ({
      device,
      scans: n,
      percent: Math.round((n / total) * 1000) / 10,
    }));
  }
  if (targetId === null) {
    stats.topQrCodes = countTop(targets)
      .map(([id, n]) => ({ target: targetOf(store, accountId, id), n }))
      .filter((x): x is { target: Target; n: number } => x.target !== undefined)
      .slice(0, 5)
      .map(({ target, n }) => ({ ...target, scans: n }));
  }
  return stats;
}

function overview(ctx: RouteContext) {
  const q = parseStatsQuery(ctx.query);
  const scans = ctx.store.scans.filter((s) => s.accountId === ctx.account.id);
  return ok(scanStats(ctx.store, ctx.plan, ctx.account.id, scans, q, null, ctx.now()));
}

function one(ctx: RouteContext) {
  const id = ctx.params.id;
  const live = ctx.store.card(ctx.account.id, id) ?? ctx.store.qrCode(ctx.account.id, id);
  if (!live) ctx.fail(404, 'not_found', 'resource_not_found', `No QR code or card with id ${id}.`);
  const q = parseStatsQuery(ctx.query);
  return ok(scanStats(ctx.store, ctx.plan, ctx.account.id, ctx.store.scansFor(id), q, id, ctx.now()));
}

export const routes: RouteDef[] = [
  { method: 'GET', path: '/analytics/overview', scopes: ['analytics:read'], handler: overview },
  { method: 'GET', path: '/analytics/:id', scopes: ['analytics:read'], handler: one },
];
