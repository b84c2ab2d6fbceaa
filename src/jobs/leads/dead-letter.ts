// The dead letter of `leads follow` (PRODUCT §12): one NDJSON line per delivery given up,
// `{delivery, target, attempts, lastError, deadLetteredAt}`, appended and flushed to disk. `target` is
// where it was to go (the URL or the command, never the secret), so `leads replay` can send it there.
// `<dead letter>.lock` (at the file's real path) is held by a follow writing to it and by a replay
// rewriting it: never both at once.
import { appendLineDurably } from '../../fs/durable.js';
import { type BusyMessage, busyMessage } from '../../lock-file.js';
import type { Delivery, RecordedTarget } from './deliver.js';

export interface DeadLetterRecord {
  delivery: Delivery;
  /** Absent in lines written before cardqr recorded it. */
  target?: RecordedTarget;
  attempts: number;
  lastError: string;
  deadLetteredAt: string;
}

/** Appends one record and flushes it; `onTorn` learns how many bytes of a torn last line were cut first. */
export async function appendDeadLetter(
  path: string,
  record: DeadLetterRecord,
  onTorn?: (bytes: number) => void,
): Promise<void> {
  await appendLineDurably(path, JSON.stringify(record), `the dead-letter file ${path}`, onTorn);
}

/** A recorded target as words: "POST https://host/path" (no query: it may hold a token) or "sh -c '…'". */
export function describeRecorded(t: RecordedTarget): string {
  if ('exec' in t) return `sh -c ${JSON.stringify(t.exec)}`;
  try {
    const u = new URL(t.forwardTo);
    return `POST ${u.origin}${u.pathname}`;
  } catch {
    return `POST ${t.forwardTo.replace(/[?#].*/s, '')}`;
  }
}

/** The record a line holds, or why it is not one. */
export function parseDeadLetterLine(text: string): DeadLetterRecord | string {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const r = v as Partial<DeadLetterRecord> | null;
  const d = r?.delivery;
  if (!r || typeof r !== 'object' || !d || typeof d !== 'object') return 'not a dead-letter record (no "delivery")';
  if ((d.type !== 'lead.created' && d.type !== 'lead.unlocked') || typeof d.lead?.id !== 'string')
    return 'not a dead-letter record (a delivery needs "type" and "lead.id")';
  const t = r.target as Record<string, unknown> | undefined;
  if (t !== undefined && !(typeof t?.forwardTo === 'string' || typeof t?.exec === 'string'))
    return 'its "target" is neither {"forwardTo": <url>} nor {"exec": <command>}';
  return r as DeadLetterRecord;
}

/** Follow and replay hold `<dead letter>.lock`: a second one on the same file stops with exit 2. */
export const deadLetterBusy = (given: string): BusyMessage =>
  busyMessage(`dead letter ${given}`, 'a leads follow or replay', [
    'nothing was sent (stop the follow to replay, then start it again)',
  ]);
