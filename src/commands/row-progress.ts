// The one progress line of every bulk job (campaigns import, qr apply, many-id deletes and status
// changes, print retarget): `12/300 writes · 11 created · 1 failed · ETA 4s`; the import adds its rate
// (`… · 3.0 rows/s · ETA 30s`). The display itself (spinner or plain lines, -q) is output/progress.ts,
// which takes these as a function of the time since sending started.
import type { Tally } from '../jobs/import/summary.js';

export interface ProgressCounts {
  done: number;
  total: number;
  /** What is counted: `rows`, `writes`, `ids`. */
  unit: string;
  /** Outcomes so far, shown in this order, each as given (a zero included). */
  tallies: Readonly<Record<string, number>>;
  /** Show the rate (`3.0 rows/s`) before the ETA. */
  rate?: boolean;
}

/** The line for the counts, given the time since the job started sending; the ETA only while some are left. */
export function progressText(counts: ProgressCounts): (elapsedMs: number) => string {
  const { done, total, unit, tallies } = counts;
  return (elapsed) => {
    const rate = elapsed > 0 ? (done * 1000) / elapsed : 0;
    const parts = [`${done}/${total} ${unit}`, ...Object.entries(tallies).map(([k, v]) => `${v} ${k}`)];
    if (counts.rate && rate > 0) parts.push(`${rate >= 10 ? rate.toFixed(0) : rate.toFixed(1)} ${unit}/s`);
    if (rate > 0 && done < total) parts.push(`ETA ${duration((total - done) / rate)}`);
    return parts.join(' · ');
  };
}

/** The row engine's jobs: the outcomes met so far, no rate. */
export function rowProgressText(
  done: number,
  total: number,
  tallies: Readonly<Record<string, number>>,
  unit: string,
): (elapsedMs: number) => string {
  return progressText({ done, total, unit, tallies });
}

/** The import's outcomes besides created, exists and failed (always shown), each once met, and its word. */
const IMPORT_MORE = [
  ['unknown', 'unknown'],
  ['updated', 'updated'],
  ['unchanged', 'unchanged'],
  ['trashed', 'trashed'],
  ['invalid', 'invalid'],
  ['skipped', 'checked'],
] as const;

/** `campaigns import`: rows, created/exists/failed (0 included), the other outcomes once met, and the rate. */
export function importProgressText(tally: Tally, total: number): (elapsedMs: number) => string {
  const o = tally.outcomes;
  const tallies: Record<string, number> = { created: o.created, exists: o.exists, failed: o.failed };
  for (const [outcome, word] of IMPORT_MORE) if (o[outcome]) tallies[word] = o[outcome];
  return progressText({ done: tally.done, total, unit: 'rows', tallies, rate: true });
}

/** Seconds → `1h02m`, `3m05s`, `12s`. */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  const s = Math.round(seconds);
  if (s >= 3600) return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}
