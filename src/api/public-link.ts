// `print --verify-links`: one HEAD request to a code's public short link (its `url`), redirects NOT
// followed: the answer of the link itself is what a scan meets first. No API key is sent (the link is
// public). The connection follows the API client's rules (agents.ts: the same CAs, the same proxy choice).
import type { IncomingMessage } from 'node:http';
import { Agents, type NetworkOptions } from './agents.js';
import { certificateFailure } from './failures.js';

/** The agents of a run's link checks: `connections` keep-alive sockets per host. */
export function linkAgents(network: NetworkOptions, connections: number): Agents {
  return new Agents(network, { connections, keepAliveMs: 10_000 });
}

/** What a public link answered: whether it opens (2xx or a redirect) and the status. */
export interface LinkAnswer {
  status: number;
  opens: boolean;
}

/**
 * HEADs `url`; rejects with a plain Error (one line) on a network failure, a certificate that did not
 * verify, or no answer within `timeoutMs`. The status decides: 2xx and 3xx open, anything else does not
 * (423 not active, 404 unknown, 410 removed or archived).
 */
export async function headPublicLink(agents: Agents, url: string, timeoutMs: number): Promise<LinkAnswer> {
  const target = new URL(url);
  const { agent, request } = target.protocol === 'https:' ? await agents.secureRoute(target) : agents.plainRoute();
  return new Promise((resolve, reject) => {
    const req = request(target, { agent, method: 'HEAD' }, (res: IncomingMessage) => {
      res.resume();
      res.on('end', () => clearTimeout(timer));
      const status = res.statusCode ?? 0;
      resolve({ status, opens: status >= 200 && status < 400 });
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer after ${timeoutMs / 1000} s`)), timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const cert = certificateFailure(err);
      reject(
        new Error(
          cert
            ? `the certificate of ${target.hostname} did not verify (${cert.code}: ${cert.reason})`
            : (err.code ?? err.message),
        ),
      );
    });
    req.end();
  });
}
