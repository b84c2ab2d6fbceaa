// Waits of `leads follow` (poll interval, backoff, pacing) that end at once when a stop is asked.
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Sleeps `ms` unless `signal` aborts first (or already has); true when stopped. */
export async function waitUnlessStopped(sleep: Sleep, ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return true;
  if (ms > 0) {
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<void>((resolve) => {
      onAbort = () => resolve();
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([sleep(ms, signal), stopped]);
    } finally {
      signal?.removeEventListener('abort', onAbort!);
    }
  }
  return signal?.aborted ?? false;
}
