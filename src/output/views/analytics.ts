// scan_stats on a terminal: totals with trend, the timeline as a bar chart that fits the width,
// top codes (overview), top countries and devices, or one line when the plan has no breakdowns.
// Other formats: json/ndjson give the object as the API sent it; csv gives the timeline rows.
import type { ScanStats } from '../../api/schemas/analytics.js';
import { barChart, type Unit } from '../chart.js';
import { table, type Column, type View } from '../render.js';
import type { OutputSettings } from '../settings.js';

/** CSV of analytics: one row per day of the timeline (`date`, `scans`). */
export const timelineView: View<{ date: string; scans: number }> = {
  columns: [
    { header: 'date', value: 'date' },
    { header: 'scans', value: 'scans' },
  ],
  csv: ['date', 'scans'],
  id: (d) => d.date,
};

const RANGE_TEXT: Record<string, string> = { '7d': '7 days', '30d': '30 days', '90d': '90 days', '12m': '12 months' };
const UNIT_TEXT: Record<Unit, string> = { day: 'day', week: 'week', month: 'month', months: 'group of months' };

export interface AnalyticsTextOptions {
  timeZone: string;
  columns: number;
  /** Wraps text in colour (identity without colour). */
  trendColor?: (text: string, direction: 'up' | 'down' | 'flat') => string;
  /** What the stats are about, e.g. "all cards and QR codes" or the id. */
  subject: string;
}

export async function analyticsText(stats: ScanStats, s: OutputSettings, o: AnalyticsTextOptions): Promise<string> {
  const out: string[] = [];
  const first = stats.timeline[0]?.date ?? stats.period.start.slice(0, 10);
  const last = stats.timeline[stats.timeline.length - 1]?.date ?? stats.period.end.slice(0, 10);
  const range = RANGE_TEXT[stats.range] ?? stats.range;
  out.push(`Scans of ${o.subject}, last ${range}: ${first} to ${last} (${o.timeZone})`);
  const direction = stats.trend.startsWith('+') ? 'up' : stats.trend.startsWith('-') ? 'down' : 'flat';
  const trend = (o.trendColor ?? ((t) => t))(stats.trend, direction);
  out.push(`  total scans      ${stats.totalScans}  (${trend} vs the previous ${stats.period.days} days: ${stats.previousPeriodScans})`);
  out.push(`  unique visitors  ${stats.uniqueVisitors}`);
  if (stats.clamped) {
    out.push(`  history          cut to ${stats.period.days} days: the plan keeps ${stats.historyDays} days of scans`);
  }
  out.push('');

  const chart = barChart(stats.timeline, o.columns);
  out.push(`Scans per ${UNIT_TEXT[chart.unit]}`);
  out.push(...chart.lines, '');

  const sections: string[] = [];
  if (stats.topQrCodes) {
    sections.push(
      stats.topQrCodes.length
        ? `Top codes\n${await table(TOP_CODES, stats.topQrCodes, s)}`
        : 'Top codes: no scans in this period.\n',
    );
  }
  if (!stats.topCountries && !stats.devices) {
    sections.push("Countries and devices: not included in this account's plan.\n");
  } else if (!stats.totalScans) {
    sections.push('Countries and devices: no scans in this period.\n');
  } else {
    if (stats.topCountries) sections.push(`Top countries\n${await table(COUNTRIES, stats.topCountries, s)}`);
    if (stats.devices) sections.push(`Devices\n${await table(DEVICES, stats.devices, s)}`);
  }
  return out.join('\n') + '\n' + sections.join('\n');
}

type Code = NonNullable<ScanStats['topQrCodes']>[number];
type Country = NonNullable<ScanStats['topCountries']>[number];
type Device = NonNullable<ScanStats['devices']>[number];

const TOP_CODES: Column<Code>[] = [
  { header: 'name', value: 'name' },
  { header: 'type', value: 'type' },
  { header: 'id', value: 'id', style: 'dim' },
  { header: 'scans', value: 'scans' },
];
const COUNTRIES: Column<Country>[] = [
  { header: 'country', value: 'country' },
  { header: 'code', value: 'code' },
  { header: 'scans', value: 'scans' },
];
const DEVICES: Column<Device>[] = [
  { header: 'device', value: 'device' },
  { header: 'scans', value: 'scans' },
  { header: 'share', value: (d) => `${d.percent}%` },
];
