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

/**
 * Failures that happen before a single byte of the request reaches a server (PRODUCT §16, Not sent): no
 * connection, a TLS handshake or certificate that failed (the request is written only after the
 * handshake), a proxy that refused the tunnel.
 */
export function neverSent(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'EHOSTUNREACH' ||
    code === 'ENETUNREACH' ||
    code === 'ERR_PROXY_TUNNEL' ||
    (code !== undefined && code.startsWith('ERR_SSL_')) ||
    certificateFailure(err) !== undefined
  );
}

/** OpenSSL's verification errors as Node names them, and Node's own host name check. */
const CERTIFICATE_CODES = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_TLS_CERT_ALTNAME_FORMAT',
]);

export interface CertificateFailure {
  code: string;
  /** Node's reason, without its advice to run Node with --use-system-ca (the system store is trusted already). */
  reason: string;
  /** What would fix it: trusting a CA, or something no CA can fix. */
  kind: 'untrusted' | 'name' | 'dates';
}

/** A server certificate that did not verify (never retried: the same certificate comes back), else undefined. */
export function certificateFailure(err: unknown): CertificateFailure | undefined {
  const e = err as { code?: string; message?: string };
  if (!e?.code || !CERTIFICATE_CODES.has(e.code)) return undefined;
  const reason = (e.message ?? e.code)
    .split('\n')[0]
    .replace(/;\s*if the root CA is installed locally.*$/i, '')
    .trim();
  const kind =
    e.code === 'ERR_TLS_CERT_ALTNAME_INVALID' ||
    e.code === 'ERR_TLS_CERT_ALTNAME_FORMAT' ||
    e.code === 'HOSTNAME_MISMATCH'
      ? 'name'
      : /NOT_YET_VALID|HAS_EXPIRED|_NOT_(BEFORE|AFTER)_FIELD/.test(e.code)
        ? 'dates'
        : 'untrusted';
  return { code: e.code, reason, kind };
}

/** A proxy that answered CONNECT with something other than 200: its status (0 when unknown) and status line. */
export function tunnelRefusal(err: unknown): { status: number; line: string } | undefined {
  const e = err as { code?: string; message?: string; statusCode?: number };
  if (e?.code !== 'ERR_PROXY_TUNNEL') return undefined;
  const line = /HTTP\/1\.[01] \d{3}[^\r\n]*/.exec(e.message ?? '')?.[0] ?? '';
  return { status: typeof e.statusCode === 'number' ? e.statusCode : Number(/ (\d{3})/.exec(line)?.[1] ?? 0), line };
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

/** A certificate that did not verify, in one line: whose, Node's reason, what was trusted, what would fix it. */
export function certificateLine(
  url: URL,
  cert: CertificateFailure,
  o: { trusted: string; profile: string | undefined; baseUrl: string; nothingSent: boolean },
): string {
  const host = url.hostname;
  const fix =
    cert.kind === 'name'
      ? `the certificate is for another name: check the base URL's host`
      : cert.kind === 'dates'
        ? `the certificate is outside its dates: renew it on the server (or check this machine's clock)`
        : o.profile
          ? `if ${host} uses a private CA, trust it: cardqr profiles set ${o.profile} --ca-file <ca.pem>`
          : `if ${host} uses a private CA, trust it: cardqr profiles add <name> --base-url ${o.baseUrl} --ca-file <ca.pem>`;
  return `the certificate of ${host} did not verify (${cert.code}: ${cert.reason}); trusted: ${o.trusted}${o.nothingSent ? '; nothing was sent' : ''}; ${fix}`;
}
