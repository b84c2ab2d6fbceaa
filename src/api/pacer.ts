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
    private readonly now: () => number,
  ) {
    this.setRate(requestsPerMinute);
  }

  setRate(requestsPerMinute: number | undefined): void {
    // Under 1 a minute (a server's odd answer, or --rate 0.001) is paced as 1 a minute: never a wait of days.
    this.intervalMs =
      requestsPerMinute && requestsPerMinute > 0 ? (60_000 / Math.max(1, requestsPerMinute)) * MARGIN : 0;
  }

  async wait(signal?: AbortSignal): Promise<void> {
    const now = this.now();
    const slot = Math.max(now, this.last + this.intervalMs);
    this.last = slot;
    // Timers cannot wait under a millisecond (a fraction would cost a whole one per request at high rates).
    if (slot - now >= 1) await this.sleep(slot - now, signal);
  }
}
