// A vertical bar chart of a daily timeline, drawn with block characters, that fits a terminal width.
// Days become one bar each when they fit; otherwise weeks (7-day groups ending on the last day),
// then calendar months, then groups of months: whatever keeps every line within `columns`.

export interface DayCount {
  date: string; // YYYY-MM-DD
  scans: number;
}

export type Unit = 'day' | 'week' | 'month' | 'months';

export interface Bucket {
  from: string;
  to: string;
  scans: number;
}

const LEVELS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
const MAX_BAR = 5;

/** Groups the days into at most `slots` buckets, finest unit first. */
export function bucketize(days: DayCount[], slots: number): { unit: Unit; buckets: Bucket[] } {
  const max = Math.max(1, slots);
  const daily = days.map((d) => ({ from: d.date, to: d.date, scans: d.scans }));
  if (daily.length <= max) return { unit: 'day', buckets: daily };
  const weekly: Bucket[] = [];
  for (let end = days.length; end > 0; end -= 7) {
    const chunk = days.slice(Math.max(0, end - 7), end);
    weekly.unshift({ from: chunk[0].date, to: chunk[chunk.length - 1].date, scans: sum(chunk) });
  }
  if (weekly.length <= max) return { unit: 'week', buckets: weekly };
  const monthly: Bucket[] = [];
  for (const d of days) {
    const last = monthly[monthly.length - 1];
    if (last && last.from.slice(0, 7) === d.date.slice(0, 7)) {
      last.to = d.date;
      last.scans += d.scans;
    } else monthly.push({ from: d.date, to: d.date, scans: d.scans });
  }
  if (monthly.length <= max) return { unit: 'month', buckets: monthly };
  const k = Math.ceil(monthly.length / max);
  const merged: Bucket[] = [];
  for (let i = 0; i < monthly.length; i += k) {
    const chunk = monthly.slice(i, i + k);
    merged.push({ from: chunk[0].from, to: chunk[chunk.length - 1].to, scans: chunk.reduce((n, b) => n + b.scans, 0) });
  }
  return { unit: 'months', buckets: merged };
}

function sum(days: DayCount[]): number {
  return days.reduce((n, d) => n + d.scans, 0);
}

export function bucketLabel(b: Bucket, unit: Unit): string {
  return unit === 'month' || unit === 'months' ? b.from.slice(0, 7) : b.from.slice(5);
}

/**
 * Lines of the chart: `height` rows of bars with the maximum on the y axis, an axis line with 0,
 * and the first and last bucket labels. Every line is at most `columns` characters.
 */
export function barChart(days: DayCount[], columns: number, height = 8): { unit: Unit; lines: string[] } {
  // The y label (the tallest bucket) takes width from the plot, and the buckets depend on the plot's
  // width: start from the tallest day and widen the label until it holds the tallest bucket.
  let gutter = Math.max(1, String(Math.max(0, ...days.map((d) => d.scans))).length);
  let plot: number;
  let unit: Unit;
  let buckets: Bucket[];
  let peak: number;
  for (;;) {
    plot = Math.max(1, columns - gutter - 2);
    ({ unit, buckets } = bucketize(days, plot));
    peak = Math.max(0, ...buckets.map((b) => b.scans));
    if (String(peak).length <= gutter) break;
    gutter = String(peak).length;
  }
  const slot = Math.max(1, Math.min(MAX_BAR + 1, Math.floor(plot / Math.max(1, buckets.length))));
  const bar = slot >= 2 ? slot - 1 : 1;
  const gap = slot - bar;
  const eighths = buckets.map((b) =>
    b.scans === 0 || peak === 0 ? 0 : Math.max(1, Math.round((b.scans / peak) * height * 8)),
  );

  const lines: string[] = [];
  for (let row = 0; row < height; row++) {
    const base = (height - 1 - row) * 8;
    let text = '';
    for (const e of eighths) text += LEVELS[Math.max(0, Math.min(8, e - base))].repeat(bar) + ' '.repeat(gap);
    const label = row === 0 ? String(peak) : '';
    lines.push(`${label.padStart(gutter)} │${text.trimEnd()}`);
  }
  const width = buckets.length * slot - gap;
  lines.push(`${'0'.padStart(gutter)} └${'─'.repeat(Math.max(1, width))}`);
  if (buckets.length) {
    const first = bucketLabel(buckets[0], unit);
    const last = bucketLabel(buckets[buckets.length - 1], unit);
    const room = Math.max(width, first.length);
    let axis = first;
    if (buckets.length > 1 && room >= first.length + last.length + 1) axis = first + last.padStart(room - first.length);
    lines.push(' '.repeat(gutter + 2) + axis);
  }
  return { unit, lines: lines.map((l) => (l.length > columns ? l.slice(0, columns) : l)) };
}
