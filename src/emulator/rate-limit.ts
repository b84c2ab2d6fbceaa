// Per-key rate limit in fixed 60-second windows. A window opens with the key's first request and
// lasts 60 s on the emulator clock; requests refused with 429 do not count.
export const WINDOW_MS = 60_000;

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  /** Count a request; returns null when allowed, or the seconds until the window resets. */
  hit(keyId: string, limit: number, now: number): number | null {
    let w = this.windows.get(keyId);
    if (!w || now >= w.start + WINDOW_MS) {
      w = { start: now, count: 0 };
      this.windows.set(keyId, w);
    }
    if (w.count >= limit) return Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
    w.count++;
    return null;
  }

  clear(): void {
    this.windows.clear();
  }
}
