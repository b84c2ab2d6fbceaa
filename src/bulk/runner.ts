// Sends rows one request each, in file order, with at most `concurrency` in flight. Each outcome is
// recorded as soon as its request completes (with concurrency 1: before the next request starts).
// Stops launching on Ctrl-C (the requests in flight finish and are recorded) or on a fatal outcome.
import { NotSentError } from '../errors.js';
import type { ReportRow } from './report.js';

export interface Job {
  line: number;
  externalId: string | null;
  /** The exact JSON sent (canonical), hashed into `key`. */
  body: string;
  key: string;
}

export interface Sent {
  row: ReportRow;
  /** Set when no later row can succeed either (key revoked, campaign switched off, plan full, network down). */
  fatal?: Error;
}

export interface SendResult {
  stopped: 'done' | 'interrupted' | 'fatal';
  fatal?: Error;
}

export async function sendRows(
  jobs: AsyncIterable<Job>,
  send: (job: Job) => Promise<Sent>,
  record: (row: ReportRow) => void,
  opts: { concurrency: number; signal?: AbortSignal },
): Promise<SendResult> {
  const it = jobs[Symbol.asyncIterator]();
  const inFlight = new Set<Promise<void>>();
  let fatal: Error | undefined;
  let failure: { error: unknown } | undefined; // boxed: a rejection with `undefined` still stops the run
  let exhausted = false;
  const halted = () => fatal !== undefined || failure !== undefined || opts.signal?.aborted === true;

  while (!halted()) {
    // The next row is read and prepared while earlier requests are in flight; it is sent only once a
    // slot is free, i.e. after the previous outcome was recorded.
    let next: IteratorResult<Job>;
    try {
      next = await it.next();
    } catch (e) {
      // The file could not be read on (it changed, a read error): the requests in flight still finish.
      failure ??= { error: e };
      break;
    }
    if (next.done) {
      exhausted = true;
      break;
    }
    while (inFlight.size >= opts.concurrency && !halted()) await Promise.race(inFlight);
    if (halted()) break;
    const p: Promise<void> = send(next.value)
      .then((sent) => {
        record(sent.row);
        if (sent.fatal) fatal ??= sent.fatal;
      })
      .catch((e: unknown) => {
        // Refused by the client because a stop was asked during its wait: not sent, not recorded.
        if (e instanceof NotSentError && opts.signal?.aborted) return;
        failure ??= { error: e };
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  if (!exhausted) await it.return?.(undefined);
  if (failure !== undefined) throw failure.error;
  if (fatal) return { stopped: 'fatal', fatal };
  return { stopped: exhausted ? 'done' : 'interrupted' };
}
