// The one request loop of the tool: every job of "many items, one request each" (the import's rows,
// qr apply's writes, status changes and deletes of many ids, image batches, print's fetch and audit)
// goes through sendEach. Items go in input order with at most `concurrency` in flight; each outcome is
// recorded as soon as its request completes (with concurrency 1: before the next request starts).
// It stops launching on Ctrl-C (the requests in flight finish and are recorded) or on a fatal outcome
// (no later item could succeed: the key refused, the service unreachable, a plan full).
import { NotSentError } from '../../errors.js';

export interface Sent<R> {
  /** What the item achieved (the caller's record: a report line, an outcome). */
  row: R;
  /** Set when no later item can succeed either (key revoked, campaign switched off, plan full, network down). */
  fatal?: Error;
}

export interface SendResult {
  stopped: 'done' | 'interrupted' | 'fatal';
  fatal?: Error;
}

export interface LoopOptions {
  concurrency: number;
  signal?: AbortSignal;
}

export async function sendEach<T, R>(
  items: AsyncIterable<T> | Iterable<T>,
  send: (item: T) => Promise<Sent<R>>,
  record: (row: R) => void,
  opts: LoopOptions,
): Promise<SendResult> {
  const it =
    Symbol.asyncIterator in items
      ? (items as AsyncIterable<T>)[Symbol.asyncIterator]()
      : toAsync((items as Iterable<T>)[Symbol.iterator]());
  const inFlight = new Set<Promise<void>>();
  let fatal: Error | undefined;
  let failure: { error: unknown } | undefined; // boxed: a rejection with `undefined` still stops the run
  let exhausted = false;
  const halted = () => fatal !== undefined || failure !== undefined || opts.signal?.aborted === true;

  while (!halted()) {
    // The next item is read and prepared while earlier requests are in flight; it is sent only once a
    // slot is free, i.e. after the previous outcome was recorded.
    let next: IteratorResult<T>;
    try {
      next = await it.next();
    } catch (e) {
      // The input could not be read on (it changed, a read error): the requests in flight still finish.
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
    // Every slot taken: let the requests leave before the next item is prepared. node:http writes a
    // request from a nextTick, which runs only once the microtasks are done, and preparing an item
    // (reading the file, building a body, hashing a key) is all microtasks: without this turn the
    // preparation sat between the previous answer and this request (at concurrency 1, ~70 us a row
    // of the import); now it overlaps the request in flight.
    if (inFlight.size >= opts.concurrency) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await Promise.all(inFlight);
  if (!exhausted) await it.return?.(undefined);
  if (failure !== undefined) throw failure.error;
  if (fatal) return { stopped: 'fatal', fatal };
  return { stopped: exhausted ? 'done' : 'interrupted' };
}

function toAsync<T>(it: Iterator<T>): AsyncIterator<T> {
  return {
    next: async () => it.next(),
    return: async (v?: unknown) => it.return?.(v) ?? { done: true, value: undefined },
  };
}
