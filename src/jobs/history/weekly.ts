// `cardqr report weekly` (PRODUCT §18): which weeks are due, and the digest of one. A week is due once
// the store holds a snapshot taken after it ended (a snapshot day past its Sunday, in the zone), from
// the week of the first snapshot on; weeks go out oldest first, each recorded `sending` before it is
// delivered and `sent` after, so a crash between the two sends it at most once more, with the same
// delivery id. Counts only: never a lead's contact; per-card (per-person) figures only with perCard.
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../errors.js';
import { addDays, dayIn, isoWeek, weekDays } from '../../history/days.js';
import type { HistoryStore } from '../../history/store.js';
import { findDrift } from './drift.js';

export interface WeeklyDigest {
  type: 'report.weekly';
  account: string;
  week: string;
  zone: string;
  from: string;
  to: string;
  scans: { total: number; previousWeek: number; qrCodes: number; cards: number };
  topQrCodes: { id: string; name: string; scans: number }[];
  /** null: the key may not read leads. */
  leads: { total: number; byTemplate: Record<string, number>; byCampaign: Record<string, number> } | null;
  crm: Record<string, number> | null;
  notOpening: { qrCodes: { id: string; name: string; status: string }[]; cards: number };
  drift: { qrCodes: { id: string; name: string; reason: string; before: number; recent: number }[]; cards: number };
  perCard?: { id: string; name: string; scans: number; leads: number }[];
}

/** Due weeks, oldest first: from the first snapshot's week to the last week a later snapshot closed. */
export function dueWeeks(span: { first: string; last: string } | undefined): string[] {
  if (!span) return [];
  const weeks: string[] = [];
  for (let day = weekDays(isoWeek(span.first)).first; weekDays(isoWeek(day)).last < span.last; day = addDays(day, 7))
    weeks.push(isoWeek(day));
  return weeks;
}

export const deliveryId = (account: string, week: string, zone: string) => `${account}/${week}/${zone}`;

type LeadCount = { createdAt: string; cardId: string; crm: string | null };

/** The leads created since `fromDay` (in `zone`), counted only: no contact is kept. null without access. */
export async function leadsSince(client: ApiClient, fromDay: string): Promise<LeadCount[] | null> {
  const { listLeadsRaw } = await import('../../api/leads.js');
  const out: LeadCount[] = [];
  try {
    const since = `${addDays(fromDay, -1)}T00:00:00Z`;
    for await (const l of listLeadsRaw(client, { since }, { all: true })) {
      const hub = (l as { hubspot?: { status?: unknown } | null }).hubspot;
      out.push({
        createdAt: String(l.createdAt),
        cardId: String(l.cardId),
        crm: hub ? String(hub.status) : null,
      });
    }
  } catch (e) {
    if (e instanceof ApiError && (e.status === 403 || e.status === 401)) return null;
    throw e;
  }
  return out;
}

export async function weeklyDigest(
  store: HistoryStore,
  o: { account: string; week: string; zone: string; perCard: boolean; leads: LeadCount[] | null },
): Promise<WeeklyDigest> {
  const { first, last } = weekDays(o.week);
  const [days, previous, subjects, campaigns, drift] = await Promise.all([
    store.series(o.zone, 'day', { since: first, until: last }),
    store.series(o.zone, 'day', { since: addDays(first, -7), until: addDays(first, -1) }),
    store.subjects(),
    store.campaigns(),
    findDrift(store, { zone: o.zone, windowDays: 7, threshold: 0.3, silentDays: 30 }),
  ]);
  const mine = (id: string) => subjects.get(id)?.account === o.account;
  const byId = new Map<string, number>();
  for (const d of days) if (mine(d.id)) byId.set(d.id, (byId.get(d.id) ?? 0) + d.scans);
  const kindOf = (id: string) => subjects.get(id)?.kind ?? 'qr';
  const sum = (pred: (id: string) => boolean) => [...byId].filter(([id]) => pred(id)).reduce((n, [, v]) => n + v, 0);
  const leads = o.leads?.filter((l) => {
    const day = dayIn(Date.parse(l.createdAt), o.zone);
    return day >= first && day <= last;
  });
  const count = (keys: string[]) => keys.reduce<Record<string, number>>((m, k) => ((m[k] = (m[k] ?? 0) + 1), m), {});
  const templateOf = (cardId: string) => subjects.get(cardId)?.templateId ?? '(none)';
  const campaignOf = (cardId: string) => campaigns.get(templateOf(cardId))?.campaignId || '(none)';
  const closed = [...subjects.values()].filter(
    (s) => s.account === o.account && s.status !== null && s.status !== 'published',
  );
  const drifted = (drift?.rows ?? []).filter((r) => mine(r.id));
  const digest: WeeklyDigest = {
    type: 'report.weekly',
    account: o.account,
    week: o.week,
    zone: o.zone,
    from: first,
    to: last,
    scans: {
      total: sum(() => true),
      previousWeek: previous.filter((d) => mine(d.id)).reduce((n, d) => n + d.scans, 0),
      qrCodes: sum((id) => kindOf(id) === 'qr'),
      cards: sum((id) => kindOf(id) === 'card'),
    },
    topQrCodes: [...byId]
      .filter(([id]) => kindOf(id) === 'qr')
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([id, scans]) => ({ id, name: subjects.get(id)?.name ?? '', scans })),
    leads: leads
      ? {
          total: leads.length,
          byTemplate: count(leads.map((l) => templateOf(l.cardId))),
          byCampaign: count(leads.map((l) => campaignOf(l.cardId))),
        }
      : null,
    crm: leads ? count(leads.map((l) => l.crm ?? 'none')) : null,
    notOpening: {
      qrCodes: closed.filter((s) => s.kind === 'qr').map((s) => ({ id: s.id, name: s.name, status: s.status! })),
      cards: closed.filter((s) => s.kind === 'card').length,
    },
    drift: {
      qrCodes: drifted
        .filter((r) => r.kind === 'qr')
        .map(({ id, name, reason, before, recent }) => ({ id, name, reason, before, recent })),
      cards: drifted.filter((r) => r.kind === 'card').length,
    },
  };
  if (o.perCard) {
    digest.perCard = [...subjects.values()]
      .filter((s) => s.account === o.account && s.kind === 'card')
      .map((s) => ({
        id: s.id,
        name: s.name,
        scans: byId.get(s.id) ?? 0,
        leads: leads?.filter((l) => l.cardId === s.id).length ?? 0,
      }))
      .sort((a, b) => b.scans - a.scans || a.id.localeCompare(b.id));
  }
  return digest;
}

/**
 * The digest as a person reads it (--out, the terminal). `line` makes a text other people typed (a code's
 * or card's name, a template's) one safe line: the command passes the terminal's escaping.
 */
export function weeklyText(d: WeeklyDigest, line: (text: string) => string): string {
  const lines = [
    `Weekly report ${d.week} (${d.from} to ${d.to}, ${d.zone}), account ${d.account}`,
    '',
    `Scans: ${d.scans.total} (previous week ${d.scans.previousWeek}): QR codes ${d.scans.qrCodes}, cards ${d.scans.cards}`,
  ];
  if (d.topQrCodes.length)
    lines.push('Top QR codes:', ...d.topQrCodes.map((q) => `  ${q.scans}  ${line(q.name)} (${q.id})`));
  const counts = (m: Record<string, number>) =>
    Object.entries(m)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([k, n]) => `${line(k)} ${n}`)
      .join(', ') || 'none';
  if (d.leads) {
    lines.push(
      `New leads: ${d.leads.total}`,
      `  by template: ${counts(d.leads.byTemplate)}`,
      `  by campaign: ${counts(d.leads.byCampaign)}`,
    );
    lines.push(`CRM delivery: ${counts(d.crm ?? {})}`);
  } else lines.push('New leads: not readable with this key');
  lines.push(
    `Codes that will not open: ${d.notOpening.qrCodes.length} QR codes, ${d.notOpening.cards} cards`,
    ...d.notOpening.qrCodes.map((q) => `  ${q.status}  ${line(q.name)} (${q.id})`),
    `Drift: ${d.drift.qrCodes.length} QR codes, ${d.drift.cards} cards`,
    ...d.drift.qrCodes.map((q) => `  ${q.reason} ${q.before} → ${q.recent}  ${line(q.name)} (${q.id})`),
  );
  if (d.perCard)
    lines.push('Per card:', ...d.perCard.map((c) => `  ${c.scans} scans, ${c.leads} leads  ${line(c.name)} (${c.id})`));
  return lines.join('\n') + '\n';
}
