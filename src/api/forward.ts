// --forward-to of `leads follow`: one POST of a delivery to the operator's receiver, signed
// (`Cardqr-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`). Redirects are not
// followed; the answer's body is read and dropped (at most 64 KiB kept for the error). The connection
// follows the API client's rules (agents.ts: the same CAs, the same proxy choice).
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Agents, type NetworkOptions } from './agents.js';
import { certificateFailure, tunnelRefusal } from './failures.js';
import { maskUrlCredentials } from '../redact.js';

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

/** The agents of a run's deliveries: one keep-alive connection, the API client's CAs and proxy rules. */
export function forwardAgents(network: NetworkOptions): Agents {
  return new Agents(network, { connections: 1, keepAliveMs: 10_000 });
}

/**
 * POSTs `body`; rejects with a plain Error on a network failure or when `timeoutMs` passes (a
 * certificate that did not verify or a proxy that refused the tunnel says so in its message).
 */
export async function postDelivery(
  agents: Agents,
  url: URL,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<ForwardAnswer> {
  const { agent, request, proxy } = url.protocol === 'https:' ? await agents.secureRoute(url) : agents.plainRoute();
  return new Promise((resolve, reject) => {
    const fail = (err: Error) => {
      const cert = certificateFailure(err);
      const refusal = proxy ? tunnelRefusal(err) : undefined;
      if (cert)
        return reject(
          new Error(
            `the certificate of ${url.hostname} did not verify (${cert.code}: ${cert.reason}); trusted: ${agents.trusted()}`,
          ),
        );
      if (refusal)
        return reject(
          new Error(
            `the proxy ${proxy!.shown} (${proxy!.from}) answered CONNECT with ${maskUrlCredentials(refusal.line)}`,
          ),
        );
      if (
        proxy &&
        /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/.test(
          String((err as NodeJS.ErrnoException).code),
        )
      )
        return reject(
          new Error(`could not reach the proxy ${proxy.shown} (${proxy.from}): ${(err as NodeJS.ErrnoException).code}`),
        );
      reject(err);
    };
    const req = request(
      url,
      {
        agent,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          if (text.length < 65_536) text += c;
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text });
        });
        res.on('error', (err) => {
          clearTimeout(timer);
          fail(err);
        });
        // A body cut short (the timeout destroyed the request, the connection dropped) ends with 'close' alone.
        res.on('close', () => {
          if (res.complete) return;
          clearTimeout(timer);
          reject(new Error('the answer was cut short'));
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer after ${timeoutMs / 1000} s`)), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      fail(err);
    });
    req.end(body);
  });
}
