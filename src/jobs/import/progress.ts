// The import's progress text: done/total, created/exists/failed, rate and ETA. The display itself
// (spinner or plain lines, -q) is output/progress.ts, through the command's message channel.
import { duration, type Tally } from './summary.js';

export function progressText(tally: Tally, total: number, elapsedMs: number): string {
  const done = tally.done;
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const o = tally.outcomes;
  const parts = [`${done}/${total} rows`, `${o.created} created`, `${o.exists} exists`, `${o.failed} failed`];
  if (o.updated) parts.push(`${o.updated} updated`);
  if (o.unchanged) parts.push(`${o.unchanged} unchanged`);
  if (o.trashed) parts.push(`${o.trashed} trashed`);
  if (o.invalid) parts.push(`${o.invalid} invalid`);
  if (o.skipped) parts.push(`${o.skipped} checked`);
  if (rate > 0)
    parts.push(`${rate >= 10 ? rate.toFixed(0) : rate.toFixed(1)} rows/s`, `ETA ${duration((total - done) / rate)}`);
  return parts.join(' · ');
}
