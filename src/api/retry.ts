// The spec's retry rules: only 409 idempotency_key_in_flight, 429 and 500 are retried by status;
// network errors and timeouts are retried by the client only for GETs and keyed writes.
//
// Waits are capped (MAX_WAIT_MS): a server asking for more (RateLimit-Reset: 86400) is not obeyed by
// sleeping with a lock held; the client gives up with exit 6 instead. RateLimit-Reset is seconds until
// the window resets; a value that can only be a Unix time (past 1e9 s, or 1e12 ms) is read as one.

const BASE_MS = 500;
const CAP_MS = 20_000;
const IN_FLIGHT_MS = 2_000;
/** The longest the client waits before a retry (README, Reliability). */
export const MAX_WAIT_MS = 5 * 60_000;
const EPOCH_S = 1e9;
const EPOCH_MS = 1e12;

export function isRetryable(status: number, code: string | undefined): boolean {
  if (status === 429 || status === 500) return true;
  return status === 409 && code === 'idempotency_key_in_flight';
}

/**
 * A backoff schedule: `baseMs` doubling per attempt up to `capMs`, then a factor between `low` and
 * `high` drawn from the caller's random source (tests pass a fixed one); never past `capMs`.
 */
export interface Backoff {
  baseMs: number;
  capMs: number;
  low: number;
  high: number;
}

/** The client's retries: 0.5 s doubling up to 20 s, each wait between half and all of its step. */
export const API_BACKOFF: Backoff = { baseMs: BASE_MS, capMs: CAP_MS, low: 0.5, high: 1 };

/**
 * A delivery of `leads follow` tried again (an --exec command, a --forward-to receiver): 1 s doubling,
 * at most 5 minutes apart, each wait within a quarter of its step either way (random 0.5: the step).
 */
export const DELIVERY_BACKOFF: Backoff = { baseMs: 1000, capMs: 300_000, low: 0.75, high: 1.25 };

/** The wait after `attempt` failures less one (0: the first retry), with jitter. */
export function backoffMs(attempt: number, random: () => number, b: Backoff = API_BACKOFF): number {
  const step = Math.min(b.capMs, b.baseMs * 2 ** Math.min(attempt, 40));
  return Math.round(Math.min(b.capMs, step * (b.low + (b.high - b.low) * random())));
}

/** The wait before the next attempt; may exceed MAX_WAIT_MS (the caller then gives up). */
export function retryWaitMs(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  attempt: number,
  random: () => number,
  /** Wall-clock ms, only to read a RateLimit-Reset given as a Unix time; the wait stays bounded by the caller. */
  nowMs: number = Date.now(),
): number {
  if (status === 429) {
    const raw = headerValue(headers['ratelimit-reset'])?.trim();
    const reset = raw ? Number(raw) : NaN;
    if (Number.isFinite(reset) && reset >= 0) {
      let seconds = reset;
      if (reset >= EPOCH_MS) seconds = (reset - nowMs) / 1000;
      else if (reset >= EPOCH_S) seconds = reset - nowMs / 1000;
      // A little jitter avoids a thundering herd.
      return Math.round(Math.max(0, seconds) * 1000 + random() * 250);
    }
    return backoffMs(attempt + 2, random);
  }
  if (status === 409) return IN_FLIGHT_MS * (attempt + 1);
  return backoffMs(attempt, random);
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}
