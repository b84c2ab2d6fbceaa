// An https server for tests on 127.0.0.1:0 with a certificate from test/helpers/test-ca.ts. It
// terminates TLS and forwards every request, as it came, to a plain http server (the emulator) with
// node:http, or answers with a handler of its own. It counts TCP connections (each a TLS handshake
// tried) and the handshakes that failed, so a test can say how many attempts a client made.
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { ServerCert } from './test-ca.js';

export interface HttpsFront {
  port: number;
  /** `https://<host>:<port>` (default host 127.0.0.1). */
  origin(host?: string): string;
  /** TCP connections accepted (a client that gives up after a failed handshake still made one). */
  connections: number;
  /** Handshakes the client broke off (it did not trust the certificate). */
  failedHandshakes: number;
  /** Requests that got through TLS: method and path. */
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

export interface HttpsFrontOptions {
  cert: ServerCert;
  /** Where requests go, e.g. the emulator's `http://127.0.0.1:<port>`; or `handler` answers them. */
  forwardTo?: string;
  handler?: (req: IncomingMessage, res: ServerResponse, body: string) => void;
}

export async function startHttpsFront(opts: HttpsFrontOptions): Promise<HttpsFront> {
  const sockets = new Set<Socket>();
  const front: HttpsFront = {
    port: 0,
    origin: (host = '127.0.0.1') => `https://${host}:${front.port}`,
    connections: 0,
    failedHandshakes: 0,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer({ cert: opts.cert.certPem, key: opts.cert.keyPem }, (req, res) => {
    front.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    if (opts.handler) {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => opts.handler!(req, res, body));
      return;
    }
    const to = new URL(opts.forwardTo ?? 'http://127.0.0.1:1');
    const out = httpRequest(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  server.on('connection', (s: Socket) => {
    front.connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('tlsClientError', () => front.failedHandshakes++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  front.port = (server.address() as AddressInfo).port;
  return front;
}
