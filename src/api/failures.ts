// What went wrong with one request, in the client's words: an answer that is not a success (the spec's
// error body and its odd `{success:false,message}` shapes, a redirect), a request Node could not build,
// and network failures (which ones never reached a server, and how to say them).
import { ApiError, type ErrorDetail } from '../errors.js';
import { MAX_ERROR_BODY_BYTES } from './transport.js';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  requestId?: string;
  /** An error body over 1 MiB: not read (transport.ts, MAX_ERROR_BODY_BYTES). */
  truncated?: boolean;
}

/** Turns any non-2xx answer into an ApiError, including the spec's odd `{success:false,message}` bodies. */
export function toApiError(res: RawResponse, method: string, url: URL): ApiError {
  let body: unknown;
  try {
    // An error body has no reason to be large: past 1 MiB it is not read (nor printed, nor scrubbed).
    body =
      res.body.length && res.body.length <= MAX_ERROR_BODY_BYTES ? JSON.parse(res.body.toString('utf8')) : undefined;
  } catch {
    body = undefined;
  }
  if (res.status >= 300 && res.status < 400) {
    const to = res.headers.location;
    return new ApiError(
      res.status,
      undefined,
      `unexpected redirect${to ? ` to ${String(to)}` : ''} (not followed: the key is never sent to another address)`,
      [],
      res.requestId,
    );
  }
  const obj = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const err = obj.error && typeof obj.error === 'object' ? (obj.error as Record<string, unknown>) : undefined;
  if (err) {
    const details = Array.isArray(err.details) ? (err.details as ErrorDetail[]) : [];
    return new ApiError(
      res.status,
      str(err.code),
      str(err.message) ?? `HTTP ${res.status}`,
      details,
      res.requestId,
      body,
    );
  }
  const message =
    str(obj.message) ??
    (res.status === 429 ? 'rate limit exceeded' : `HTTP ${res.status} from ${method} ${url.pathname}`) +
      (res.truncated ? ' (its body is over 1 MiB and was not read)' : '');
  return new ApiError(res.status, undefined, message, [], res.requestId, body);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

const BUILD_ERRORS = new Set([
  'ERR_INVALID_CHAR',
  'ERR_INVALID_HTTP_TOKEN',
  'ERR_HTTP_INVALID_HEADER_VALUE',
  'ERR_UNESCAPED_CHARACTERS',
]);

/** The reason when Node refused to construct the request (nothing was sent), else undefined. */
export function buildError(err: unknown): string | undefined {
  const e = err as { code?: string; message?: string };
  if (!e?.code || !BUILD_ERRORS.has(e.code)) return undefined;
  return `the request could not be built (${e.code}: ${(e.message ?? '').split('\n')[0]})`;
}

/** Failures that happen before a single byte of the request reaches a server. */
export function neverSent(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'EHOSTUNREACH' ||
    code === 'ENETUNREACH'
  );
}

export function describeNetworkError(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  if (e?.name === 'TimeoutError') {
    return `timed out after ${timeoutMs / 1000} s`;
  }
  const code = e?.code ?? e?.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection dropped';
  if (code === 'ENOTFOUND') return 'host not found';
  return code ? `${code}` : (e?.message ?? 'network error');
}
