// Waits of `leads follow` (poll interval, backoff) on the process's sleep (Deps.sleep), which ends at
// once when the stop's signal aborts.
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Sleeps `ms` unless `signal` has aborted (the sleep ends when it does); true when stopped. */
export async function waitUnlessStopped(sleep: Sleep, ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return true;
  if (ms > 0) await sleep(ms, signal);
  return signal?.aborted ?? false;
}
