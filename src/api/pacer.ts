// Spaces request starts evenly so long runs stay under the key's per-minute limit.
// A 2% margin keeps a fixed 60-second window from seeing one request too many.
// Starts are remembered even while no rate is known, so the first request paced after setRate()
// (learned from GET /me) keeps its distance from the requests already sent in the window.

const MARGIN = 1.02;

export class Pacer {
  private intervalMs = 0;
  private last = -Infinity;

  constructor(
    requestsPerMinute: number | undefined,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
    /** A monotonic clock: a wall clock stepped back an hour would stall every request behind `last`. */
    private readonly now: () => number,
  ) {
    this.setRate(requestsPerMinute);
  }

  setRate(requestsPerMinute: number | undefined): void {
    // Under 1 a minute (a server's odd answer, or --rate 0.001) is paced as 1 a minute: never a wait of days.
    this.intervalMs =
      requestsPerMinute && requestsPerMinute > 0 ? (60_000 / Math.max(1, requestsPerMinute)) * MARGIN : 0;
  }

  /**
   * Counts a request as starting now: the answer of GET /me that taught the rate came back now, and its
   * request may have reached the server's window as late as that.
   */
  restartFromNow(): void {
    this.last = Math.max(this.last, this.now());
  }

  /**
   * The wait before the next request, or undefined when it may go at once (no promise to await: a
   * bulk run sends thousands of requests). The wait ends at once when `signal` is aborted (the
   * caller then sends nothing).
   */
  wait(signal?: AbortSignal): Promise<void> | undefined {
    const now = this.now();
    const slot = Math.max(now, this.last + this.intervalMs);
    this.last = slot;
    // Timers cannot wait under a millisecond (a fraction would cost a whole one per request at high rates).
    if (slot - now >= 1 && !signal?.aborted) return this.sleep(slot - now, signal);
    return undefined;
  }
}
