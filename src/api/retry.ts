// The spec's retry rules: only 409 idempotency_key_in_flight, 429 and 500 are retried by status;
// network errors and timeouts are retried by the client only for GETs and keyed writes.

const BASE_MS = 500;
const CAP_MS = 20_000;
const IN_FLIGHT_MS = 2_000;

export function isRetryable(status: number, code: string | undefined): boolean {
  if (status === 429 || status === 500) return true;
  return status === 409 && code === 'idempotency_key_in_flight';
}

/** Exponential backoff with full jitter, capped. */
export function backoffMs(attempt: number, random: () => number): number {
  const ceiling = Math.min(CAP_MS, BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function retryWaitMs(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  attempt: number,
  random: () => number,
): number {
  if (status === 429) {
    const reset = Number(headerValue(headers['ratelimit-reset']));
    // RateLimit-Reset is seconds until the window resets; a little jitter avoids a thundering herd.
    if (Number.isFinite(reset) && reset >= 0) return Math.round(reset * 1000 + random() * 250);
    return backoffMs(attempt + 2, random);
  }
  if (status === 409) return IN_FLIGHT_MS * (attempt + 1);
  return backoffMs(attempt, random);
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}
