// `analytics history` and `analytics drift`: the stored series as a table (a chart of the totals above
// it on a terminal), rows in csv, the whole record in json.
import { barChart } from '../chart.js';
import type { DriftRow } from '../../jobs/history/drift.js';
import type { View } from '../view.js';

export interface HistoryRecord {
  object: 'scan_history';
  store: string;
  zone: string;
  by: 'day' | 'week' | 'month';
  group: string | null;
  rows: Array<Record<string, string | number>>;
}

const pad = (cells: string[][]): string[] => {
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  return cells.map((r) =>
    r
      .map((c, i) => (i === r.length - 1 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd(),
  );
};

export function historyView(h: HistoryRecord): View<HistoryRecord> {
  const key = h.group ? 'group' : 'id';
  return {
    columns: [],
    csvItems: { items: (r) => r.rows, view: { columns: [], csv: [key, h.by, 'scans'] } },
    text: (r, ctx) => {
      if (!r.rows.length) return `no stored scans match (store ${r.store}, zone ${r.zone})\n`;
      const out: string[] = [];
      if (ctx.settings.tty) {
        const totals = new Map<string, number>();
        for (const row of r.rows)
          totals.set(String(row[r.by]), (totals.get(String(row[r.by])) ?? 0) + Number(row.scans));
        const series = [...totals.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([date, scans]) => ({ date, scans }));
        out.push(
          `Scans per ${r.by}${r.group ? `, all ${r.group} groups` : ''} (${r.zone})`,
          ...barChart(series, ctx.columns).lines,
          '',
        );
      }
      out.push(
        ...pad([
          [key, r.by, 'scans'],
          ...r.rows.map((row) => [String(row[key]), String(row[r.by]), String(row.scans)]),
        ]),
      );
      return out.join('\n') + '\n';
    },
  };
}

export const driftView: View<DriftRow> = {
  columns: [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name' },
    { header: 'kind', value: 'kind' },
    { header: 'before', value: 'before' },
    { header: 'recent', value: 'recent' },
    { header: 'change', value: 'change' },
    { header: 'why', value: 'reason', style: 'status' },
  ],
  csv: ['id', 'name', 'kind', 'before', 'recent', 'change', 'reason'],
  empty: 'no code fell or stopped',
};
