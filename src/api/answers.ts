// What the client makes of one answer: the raw response with its Request-Id, an error with the key
// scrubbed out, the words for a retry, the JSON body, and how to settle a write whose answer was lost.
import { ApiError, type ErrorDetail } from '../errors.js';
import type { RawResponse } from './failures.js';
import type { KeyScrubber } from '../redact.js';
import type { TransportResponse } from './transport.js';

/** The transport's answer with its Request-Id (awaited in send itself: one promise less per request). */
export function raw(res: TransportResponse): RawResponse {
  const rid = res.headers['request-id'];
  return {
    status: res.status,
    headers: res.headers,
    body: res.body,
    requestId: typeof rid === 'string' ? rid : undefined,
    truncated: res.truncated,
  };
}

export function scrubError(e: ApiError, scrub: KeyScrubber): ApiError {
  const t = (s: string | undefined) => (s === undefined ? undefined : scrub.text(s));
  return new ApiError(
    e.status,
    t(e.code),
    scrub.text(e.message),
    scrub.value(e.details) as ErrorDetail[],
    t(e.requestId),
    scrub.value(e.body),
  );
}

export const SETTLE_WITH_KEY = (key: string | undefined) =>
  `repeating it with that key (--idempotency-key ${key}) returns its outcome and cannot act twice`;

export function retryReason(error: ApiError): string {
  if (error.status === 429) return 'rate limited (429)';
  if (error.code === 'idempotency_key_in_flight')
    return 'the first attempt is still running (409 idempotency_key_in_flight)';
  return `server error (${error.status}${error.code ? ` ${error.code}` : ''})`;
}

export function parseJson(res: RawResponse): unknown {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new ApiError(res.status, undefined, `unexpected response: not JSON (HTTP ${res.status})`, [], res.requestId);
  }
}
