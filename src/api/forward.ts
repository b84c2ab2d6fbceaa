// --forward-to of `leads follow`: one POST of a delivery to the operator's receiver, signed
// (`Cardqr-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`). Redirects are not
// followed; the answer's body is read and dropped (at most 64 KiB kept for the error).
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
const { request: httpRequest } = process.getBuiltinModule('node:http');
const { request: httpsRequest } = process.getBuiltinModule('node:https');

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

/** POSTs `body`; rejects with a plain Error on a network failure or when `timeoutMs` passes. */
export function postDelivery(
  url: URL,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<ForwardAnswer> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
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
          reject(err);
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
      reject(err);
    });
    req.end(body);
  });
}
