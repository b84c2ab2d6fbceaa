// A forward proxy for tests on 127.0.0.1:0 that only tunnels (CONNECT), as an https client uses one. It
// records every request it sees ({method, target, headers}: a CONNECT's target is host:port) and connects
// every tunnel to 127.0.0.1 at the asked port whatever host was asked, so a test can address its server by
// a name no resolver knows (https://cardqr.test:<port>) and the client never resolves it itself.
// `refuse` answers CONNECT with a status instead (403, 407); anything but CONNECT is answered 405.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ProxySeen {
  method: string;
  /** CONNECT: `host:port` as asked; otherwise the request target (a full URL for a plain proxy request). */
  target: string;
  headers: IncomingHttpHeaders;
}

export interface ConnectProxy {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  seen: ProxySeen[];
  /** Answer CONNECT with this status (and no tunnel) from now on; undefined tunnels again. */
  refuse: number | undefined;
  close(): Promise<void>;
}

export async function startConnectProxy(opts: { refuse?: number } = {}): Promise<ConnectProxy> {
  const seen: ProxySeen[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', target: req.url ?? '', headers: req.headers });
    res.writeHead(405, { 'content-type': 'text/plain' }).end('this test proxy only tunnels (CONNECT)\n');
  });
  const proxy: ConnectProxy = {
    url: '',
    port: 0,
    seen,
    refuse: opts.refuse,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    seen.push({ method: req.method ?? 'CONNECT', target, headers: req.headers });
    sockets.add(client);
    if (proxy.refuse !== undefined) {
      client.end(
        `HTTP/1.1 ${proxy.refuse} Refused by the test proxy\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
      return;
    }
    const port = Number(/:(\d+)$/.exec(target)?.[1]);
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    const drop = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', () => {
      if (!client.destroyed) client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
    });
    client.on('error', drop);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  proxy.port = (server.address() as AddressInfo).port;
  proxy.url = `http://127.0.0.1:${proxy.port}`;
  return proxy;
}
