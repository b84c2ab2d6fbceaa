// The one progress line of the row jobs (qr apply, many-id deletes and status changes, image batches):
// `12/300 writes · 11 created · 1 failed · ETA 4s`.
import { duration } from '../jobs/import/summary.js';
import type { ProgressText } from '../output/progress.js';

export function rowProgressText(
  done: number,
  total: number,
  tallies: Readonly<Record<string, number>>,
  unit: string,
): ProgressText {
  return (elapsed) => {
    const rate = elapsed > 0 ? (done * 1000) / elapsed : 0;
    const parts = [`${done}/${total} ${unit}`, ...Object.entries(tallies).map(([k, v]) => `${v} ${k}`)];
    if (rate > 0 && done < total) parts.push(`ETA ${duration((total - done) / rate)}`);
    return parts.join(' · ');
  };
}
