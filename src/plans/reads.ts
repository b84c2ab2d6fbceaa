// The reads of a plan, one per id (qr_status and trash: each object planned; an apply's drift check),
// through the one request loop (jobs/rows/loop.ts), in order, one at a time on the caller's pace.
import { InterruptedError } from '../errors.js';
import { sendEach } from '../jobs/rows/loop.js';

export async function readEach<T, R>(
  items: readonly T[],
  read: (item: T) => Promise<R>,
  signal: AbortSignal,
): Promise<R[]> {
  const out: R[] = [];
  const r = await sendEach(
    items,
    async (item) => ({ row: await read(item) }),
    (row) => void out.push(row),
    {
      concurrency: 1,
      signal,
    },
  );
  if (r.stopped === 'interrupted') throw new InterruptedError('interrupted before anything was sent');
  return out;
}
