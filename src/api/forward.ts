// --forward-to of `leads follow`: one POST of a delivery to the operator's receiver, signed
// (`Cardqr-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`), sent through the one
// transport (transport.ts: the API client's CAs, proxy choice and body bounds). Redirects are not
// followed; the answer's body is dropped (its start kept for the error).
import { createHmac } from 'node:crypto';
import { certificateFailure, tunnelRefusal } from './failures.js';
import type { NetworkOptions } from './agents.js';
import { HttpTransport } from './transport.js';
import { maskUrlCredentials } from '../redact.js';

/** The most of an answer's text kept for the error of a refused delivery. */
const KEPT_TEXT = 65_536;

/** The header value for `body` sent at unix second `t`. */
export function forwardSignature(secret: string, t: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export interface ForwardAnswer {
  status: number;
  /** The start of the answer's body, for the error of a refused delivery. */
  text: string;
}

/** The transport of a run's deliveries: one keep-alive connection, the API client's CAs and proxy rules. */
export function forwardTransport(network: NetworkOptions): HttpTransport {
  return new HttpTransport({ connections: 1, keepAliveMs: 10_000, network });
}

/**
 * POSTs `body`; rejects with a plain Error on a network failure or when `timeoutMs` passes (a
 * certificate that did not verify or a proxy that refused the tunnel says so in its message).
 */
export async function postDelivery(
  transport: HttpTransport,
  url: URL,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<ForwardAnswer> {
  try {
    const answer = await transport.request({
      url,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
      timeoutMs,
    });
    return { status: answer.status, text: answer.body.subarray(0, KEPT_TEXT).toString('utf8') };
  } catch (e) {
    throw deliveryError(e as NodeJS.ErrnoException, transport, url, timeoutMs);
  }
}

/** The words of a failed POST: whose certificate, which proxy, or no answer in time. */
function deliveryError(err: NodeJS.ErrnoException, transport: HttpTransport, url: URL, timeoutMs: number): Error {
  if (err.name === 'TimeoutError') return new Error(`no answer after ${timeoutMs / 1000} s`);
  if (err.name === 'CutShortError') return new Error('the answer was cut short');
  const proxy = transport.agents.proxyOf(url);
  const cert = certificateFailure(err);
  if (cert)
    return new Error(
      `the certificate of ${url.hostname} did not verify (${cert.code}: ${cert.reason}); trusted: ${transport.agents.trusted()}`,
    );
  const refusal = proxy ? tunnelRefusal(err) : undefined;
  if (refusal)
    return new Error(
      `the proxy ${proxy!.shown} (${proxy!.from}) answered CONNECT with ${maskUrlCredentials(refusal.line)}`,
    );
  if (proxy && /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/.test(String(err.code)))
    return new Error(`could not reach the proxy ${proxy.shown} (${proxy.from}): ${err.code}`);
  return err;
}
