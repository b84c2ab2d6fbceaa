// `cardqr mcp --http`: Streamable HTTP on 127.0.0.1 only. Every request passes, in this order, before the
// SDK's transport sees it: no query string (a token in a URL is refused, and nothing else goes there), the
// path /mcp, a Host of exactly `127.0.0.1:<port>` or `localhost:<port>` (a DNS-rebinding page sends its
// own name), an Origin, when sent, of the same two, and `Authorization: Bearer <token>` (constant time).
// One SDK transport and Server per Mcp-Session-Id; a session closed (DELETE) is a lost session.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { drain, sessionServer, type Shared } from './server.js';
import { bearerMatches } from './token.js';

export const MAX_BODY_BYTES = 4 * 1024 * 1024;

interface Refusal {
  status: number;
  message: string;
}

/** Why this request is refused before the MCP transport sees it, or undefined. */
export function refusal(req: IncomingMessage, port: number, token: string): Refusal | undefined {
  const url = req.url ?? '';
  if (url.includes('?'))
    return { status: 400, message: 'no query string is accepted: the token goes in the Authorization header only' };
  if (url !== '/mcp') return { status: 404, message: 'not found: the MCP endpoint is /mcp' };
  const allowed = [`127.0.0.1:${port}`, `localhost:${port}`];
  const host = req.headers.host?.toLowerCase();
  if (host === undefined || !allowed.includes(host))
    return { status: 403, message: `Host not allowed: only ${allowed.join(' or ')}` };
  const origin = req.headers.origin;
  if (origin !== undefined && !allowed.map((h) => `http://${h}`).includes(origin.toLowerCase()))
    return { status: 403, message: 'Origin not allowed' };
  if (!bearerMatches(req.headers.authorization, token))
    return { status: 401, message: 'missing or wrong bearer token (Authorization: Bearer <token>)' };
  return undefined;
}

function answer(res: ServerResponse, status: number, message: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (status === 401) headers['www-authenticate'] = 'Bearer';
  res.writeHead(status, headers).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const isInitialize = (body: unknown) =>
  typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'initialize';

export interface HttpServing {
  url: string;
  port: number;
  /** Resolves once the server has stopped (on `stopped`), every session closed. */
  closed: Promise<void>;
}

export async function serveHttp(shared: Shared, o: { port: number; token: string }): Promise<HttpServing> {
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; lost: AbortController }>();
  let port = o.port;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const refused = refusal(req, port, o.token);
    if (refused) return answer(res, refused.status, refused.message);
    const sid = req.headers['mcp-session-id'];
    if (typeof sid === 'string') {
      const session = sessions.get(sid);
      if (!session) return answer(res, 404, 'session not found: initialize a new one');
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return answer(res, 400, 'no Mcp-Session-Id: a session starts with an initialize POST');
    let body: unknown;
    try {
      body = await readBody(req);
    } catch {
      return answer(res, 400, 'the body is not JSON (at most 4 MiB)');
    }
    if (!isInitialize(body)) return answer(res, 400, 'no Mcp-Session-Id: a session starts with an initialize POST');
    const lost = new AbortController();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, { transport, lost }),
    });
    transport.onclose = () => {
      lost.abort();
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const server = await sessionServer(shared, lost.signal, () => transport.sessionId);
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const { createServer } = process.getBuiltinModule('node:http');
  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) answer(res, 500, 'internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(o.port, '127.0.0.1', () => resolve());
  });
  port = (http.address() as AddressInfo).port;
  const closed = new Promise<void>((resolve) => {
    const stop = async () => {
      for (const { lost } of sessions.values()) lost.abort();
      await drain(shared);
      for (const { transport } of sessions.values()) await transport.close().catch(() => undefined);
      http.close(() => resolve());
      http.closeAllConnections();
    };
    if (shared.deps.stopped.aborted) void stop();
    else shared.deps.stopped.addEventListener('abort', () => void stop(), { once: true });
  });
  return { url: `http://127.0.0.1:${port}/mcp`, port, closed };
}
