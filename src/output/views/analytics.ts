// scan_stats on a terminal: totals with trend, the timeline as a bar chart that fits the width,
// top codes (overview), top countries and devices, or one line when the plan has no breakdowns.
// Other formats: json/ndjson give the object as the API sent it; csv gives the timeline rows.
import { own } from '../../own.js';
import type { ScanStats } from '../../api/schemas/analytics.js';
import { openText } from '../../api/schemas/open.js';
import { barChart, type Unit } from '../chart.js';
import { trendPainter } from '../paint.js';
import { table } from '../render.js';
import { safeLine } from '../sanitize.js';
import { displayWidth } from '../width.js';
import type { Column, TextContext, View } from '../view.js';

/** CSV of analytics: one row per day of the timeline (`date`, `scans`). */
export const timelineView: View<{ date: string; scans: unknown }> = {
  columns: [
    { header: 'date', value: 'date' },
    { header: 'scans', value: 'scans' },
  ],
  csv: ['date', 'scans'],
  id: (d) => d.date,
};

export interface AnalyticsTextOptions {
  /** The IANA zone of the daily buckets (named in the heading). */
  timeZone: string;
  /** What the stats are about, e.g. "all cards and QR codes" or the id. */
  subject: string;
}

/** The view of `analytics overview` and `analytics get`: the text below in a table, the timeline rows in CSV. */
export function analyticsView(o: AnalyticsTextOptions): View<ScanStats> {
  return {
    columns: [],
    text: (stats, ctx) => analyticsText(stats, ctx, o),
    csvItems: { items: (stats) => stats.timeline, view: timelineView },
  };
}

const RANGE_TEXT: Record<string, string> = { '7d': '7 days', '30d': '30 days', '90d': '90 days', '12m': '12 months' };
const UNIT_TEXT: Record<Unit, string> = { day: 'day', week: 'week', month: 'month', months: 'group of months' };

export async function analyticsText(raw: ScanStats, ctx: TextContext, o: AnalyticsTextOptions): Promise<string> {
  const stats = withSafeText(raw);
  const s = ctx.settings;
  const out: string[] = [];
  const first = stats.timeline[0]?.date ?? stats.period.start.slice(0, 10);
  const last = stats.timeline[stats.timeline.length - 1]?.date ?? stats.period.end.slice(0, 10);
  const range = own(RANGE_TEXT, stats.range) ?? stats.range;
  // A line wider than the terminal breaks where it reads well, instead of where the terminal wraps it.
  const fits = (text: string) => displayWidth(text) <= ctx.columns;
  const heading = `Scans of ${o.subject}, last ${range}: ${first} to ${last} (${o.timeZone})`;
  out.push(fits(heading) ? heading : wrap(heading, ctx.columns));
  const direction = stats.trend.startsWith('+') ? 'up' : stats.trend.startsWith('-') ? 'down' : 'flat';
  const trend = (trendPainter(ctx.paint) ?? ((t) => t))(stats.trend, direction);
  const versus = `vs the previous ${stats.period.days} days: ${stats.previousPeriodScans}`;
  const total = `  total scans      ${stats.totalScans}`;
  out.push(
    fits(`${total}  (${stats.trend} ${versus})`)
      ? `${total}  (${trend} ${versus})`
      : `${total}\n  previous period  ${stats.previousPeriodScans} (${stats.period.days} days, ${trend})`,
  );
  out.push(`  unique visitors  ${stats.uniqueVisitors}`);
  if (stats.clamped) {
    out.push(`  history          cut to ${stats.period.days} days: the plan keeps ${stats.historyDays} days of scans`);
  }
  out.push('');

  // The spec does not type `scans`: a chart needs counts; anything else is listed as it came.
  const counts = stats.timeline.every((d) => typeof d.scans === 'number' && Number.isFinite(d.scans) && d.scans >= 0);
  if (counts) {
    const chart = barChart(stats.timeline as Array<{ date: string; scans: number }>, ctx.columns);
    out.push(`Scans per ${UNIT_TEXT[chart.unit]}`);
    out.push(...chart.lines, '');
  } else {
    out.push('Scans per day', await table(TIMELINE, stats.timeline, s, (cols) => ctx.leftOut('Scans per day', cols)));
  }

  const sections: string[] = [];
  if (stats.topQrCodes) {
    sections.push(
      stats.topQrCodes.length
        ? `Top codes\n${await table(TOP_CODES, stats.topQrCodes, s, (cols) => ctx.leftOut('Top codes', cols))}`
        : 'Top codes: no scans in this period.\n',
    );
  }
  if (!stats.topCountries && !stats.devices) {
    sections.push("Countries and devices: not included in this account's plan.\n");
  } else if (!stats.totalScans) {
    sections.push('Countries and devices: no scans in this period.\n');
  } else {
    if (stats.topCountries)
      sections.push(
        `Top countries\n${await table(COUNTRIES, stats.topCountries, s, (cols) => ctx.leftOut('Top countries', cols))}`,
      );
    if (stats.devices)
      sections.push(`Devices\n${await table(DEVICES, stats.devices, s, (cols) => ctx.leftOut('Devices', cols))}`);
  }
  return out.join('\n') + '\n' + sections.join('\n');
}

type Code = NonNullable<ScanStats['topQrCodes']>[number];
type Country = NonNullable<ScanStats['topCountries']>[number];
type Device = NonNullable<ScanStats['devices']>[number];

/** Words wrapped to `columns` (a word longer than that stays whole on its line). */
function wrap(text: string, columns: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && displayWidth(`${line} ${word}`) > columns) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

/** A count as a number (right-aligned); anything else as it came. */
const count = (v: unknown) => (typeof v === 'number' ? v : openText(v));

// Entry values are untyped in the spec: each cell shows its value as it came (JSON unless a string).
const TIMELINE: Column<ScanStats['timeline'][number]>[] = [
  { header: 'date', value: 'date' },
  { header: 'scans', value: (d) => count(d.scans), priority: 0, whole: true },
];
const TOP_CODES: Column<Code>[] = [
  { header: 'name', value: (c) => openText(c.name), priority: 1, whole: false, min: 10 },
  { header: 'type', value: (c) => openText(c.type), priority: 2, whole: true },
  { header: 'id', value: (c) => openText(c.id), style: 'dim', priority: 0, whole: true },
  { header: 'scans', value: (c) => count(c.scans), priority: 0, whole: true },
];
const COUNTRIES: Column<Country>[] = [
  { header: 'country', value: (c) => openText(c.country), whole: false, min: 10 },
  { header: 'code', value: (c) => openText(c.code), priority: 2, whole: true },
  { header: 'scans', value: (c) => count(c.scans), priority: 0, whole: true },
];
const DEVICES: Column<Device>[] = [
  { header: 'device', value: (d) => openText(d.device), whole: false, min: 10 },
  { header: 'scans', value: (d) => count(d.scans), priority: 0, whole: true },
  {
    header: 'share',
    value: (d) => (typeof d.percent === 'number' ? `${d.percent}%` : openText(d.percent)),
    priority: 2,
    whole: true,
  },
];

/** The server's strings this text prints outside a table (tables escape their own cells). */
function withSafeText(stats: ScanStats): ScanStats {
  return {
    ...stats,
    range: safeLine(stats.range),
    trend: safeLine(stats.trend),
    period: { ...stats.period, start: safeLine(stats.period.start), end: safeLine(stats.period.end) },
    timeline: stats.timeline.map((d) => ({ ...d, date: safeLine(d.date) })),
  };
}
