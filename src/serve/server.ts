// `cardqr serve`'s HTTP server (PRODUCT §19), on node:http and 127.0.0.1 only. The gate (security.ts)
// runs before any route; the API is reached only here, through the paced client and the short cache,
// so the key never leaves this process. docs/ARCHITECTURE.md "Dashboard" says why there is no framework.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiClient } from '../api/client.js';
import { ApiError, CliError, UsageError } from '../errors.js';
import { loadAssets, type Asset } from './assets.js';
import { ShortCache } from './cache.js';
import { apiPanels } from './panels.js';
import { auditRun, listRuns } from './print-runs.js';
import { Refused } from './refused.js';
import { Gate, sameSecret, SECURITY_HEADERS, type Session } from './security.js';
import type { Period, ReadHistory, ReadPlans } from './sources.js';
import { historyChart } from './history-chart.js';
const { createServer } = process.getBuiltinModule('node:http');

export interface ServeOptions {
  /** 0 picks a free port. */
  port: number;
  /** Monotonic ms: token expiry and cache ages. */
  clock: () => number;
  now: () => Date;
  api: () => Promise<ApiClient>;
  baseUrl: string;
  configDir: string;
  /** Undefined: no store to read (the panel says why: `historyMissing`). */
  history?: ReadHistory;
  historyMissing?: string;
  /** The plans that wait (this account's, not applied, cancelled or expired). */
  plans?: ReadPlans;
  plansMissing?: string;
  /** A visit without a session: a fresh one-time URL for the terminal (at most one every 10 s). */
  onLoginNeeded?: (url: string) => void;
  /** A fault answered with 500, for the terminal (never a key: the client scrubs its errors). */
  onFault?: (line: string) => void;
}

export interface Dashboard {
  port: number;
  origin: string;
  /** A new one-time URL (works once, within 60 s). */
  loginUrl(): string;
  close(): Promise<void>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const LOGIN_NOTICE_EVERY_MS = 10_000;
/** A chart of the store is kept 5 minutes: the store changes only with a snapshot. */
const CHART_TTL_MS = 5 * 60_000;

export async function startDashboard(opts: ServeOptions): Promise<Dashboard> {
  const assets = loadAssets();
  const panels = apiPanels({ api: opts.api, clock: opts.clock, now: opts.now });
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const gate = new Gate(port, opts.clock);
  const loginUrl = () => `${origin}/login?token=${gate.mintToken()}`;
  let lastNotice = -Infinity;
  const loginNeeded = () => {
    if (!opts.onLoginNeeded || opts.clock() - lastNotice < LOGIN_NOTICE_EVERY_MS) return;
    lastNotice = opts.clock();
    opts.onLoginNeeded(loginUrl());
  };

  // The days' chart is read once at start, so the first page does not wait for a scan of the store.
  const charts = new ShortCache(opts.clock, CHART_TTL_MS);
  const chart = async (by: Period) => {
    if (!opts.history) return { missing: opts.historyMissing ?? 'no history store' };
    const read = opts.history;
    return charts.get(by, () => historyChart(read, by, opts.now()));
  };
  chart('day').catch(() => undefined);

  const routes: Record<string, (s: Session, url: URL) => Promise<unknown>> = {
    'GET /api/account': () => panels.account(),
    'GET /api/history': async (_s, url) => {
      const by = url.searchParams.get('by') ?? 'day';
      if (by !== 'day' && by !== 'week' && by !== 'month') throw new Refused(400, 'by: day, week or month');
      return chart(by);
    },
    'GET /api/overview': () => panels.overview(),
    'GET /api/not-opening': () => panels.notOpening(),
    'GET /api/leads': () => panels.leads(),
    'GET /api/crm': () => panels.crm(),
    'GET /api/print-runs': () => listRuns(opts.configDir, opts.baseUrl),
    'GET /api/plans': async () => {
      if (!opts.plans) return { missing: opts.plansMissing ?? 'no plans' };
      return { plans: await opts.plans() };
    },
    'POST /api/logout': async (s) => (gate.end(s), { ok: true }),
  };
  const withId: Array<[RegExp, (id: string) => Promise<unknown>]> = [
    [/^POST \/api\/leads\/([^/]+)\/contact$/, (id) => panels.leadContact(id)],
    [
      /^POST \/api\/print-runs\/([^/]+)\/audit$/,
      (run) => panels.cached(`audit:${run}`, async () => auditRun(opts.configDir, opts.baseUrl, run, await opts.api())),
    ],
  ];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    const method = req.method ?? '';
    if (!gate.hostAllowed(req.headers.host)) return send(res, 403, 'text/plain; charset=utf-8', 'wrong host\n');
    if (method !== 'GET' && method !== 'POST') {
      res.setHeader('allow', 'GET, POST');
      return send(res, 405, 'text/plain; charset=utf-8', 'method not allowed\n');
    }
    const write = method === 'POST';
    if (!gate.originAllowed(header(req, 'origin'), write))
      return send(res, 403, 'text/plain; charset=utf-8', 'wrong origin\n');
    const url = new URL(req.url ?? '/', origin);

    if (method === 'GET' && url.pathname === '/login') {
      const session = gate.exchange(url.searchParams.get('token') ?? undefined);
      if (!session) {
        loginNeeded();
        return send(res, 403, 'text/plain; charset=utf-8', LOGIN_SPENT);
      }
      res.setHeader('set-cookie', gate.cookie(session));
      res.setHeader('location', '/');
      return send(res, 303, 'text/plain; charset=utf-8', '');
    }

    const session = gate.sessionOf(header(req, 'cookie'));
    if (!session) {
      if (url.pathname.startsWith('/api/')) return sendJson(res, 401, { error: 'no session' });
      loginNeeded();
      return send(res, 401, 'text/plain; charset=utf-8', LOGIN_NEEDED);
    }
    if (write && !sameCsrf(header(req, 'x-csrf-token'), session))
      return sendJson(res, 403, { error: 'missing or wrong CSRF token' });

    if (method === 'GET' && !url.pathname.startsWith('/api/')) {
      const name = url.pathname === '/' ? 'index.html' : /^\/assets\/([\w.-]+)$/.exec(url.pathname)?.[1];
      const asset = name && (name === 'index.html') === (url.pathname === '/') ? assets.get(name) : undefined;
      if (!asset) return send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
      return sendAsset(res, asset, session);
    }

    const key = `${method} ${url.pathname}`;
    const route = Object.hasOwn(routes, key) ? routes[key] : undefined;
    const found = route ? undefined : withId.map(([p, fn]) => [p.exec(key), fn] as const).find(([m]) => m);
    if (!route && !found) return sendJson(res, 404, { error: 'not found' });
    const answer = async () => (route ? route(session, url) : found![1](decodeURIComponent(found![0]![1])));
    try {
      sendJson(res, 200, await answer());
    } catch (e) {
      const [status, message] = failure(e);
      if (status === 500) opts.onFault?.(`dashboard: ${key}: ${message}`);
      sendJson(res, status, { error: status === 500 ? 'internal error (see the terminal)' : message });
    }
  };

  server.on('request', (req, res) => {
    handle(req, res).catch((e: unknown) => {
      opts.onFault?.(`dashboard: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error\n');
    });
  });

  return {
    port,
    origin,
    loginUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const LOGIN_SPENT =
  'This one-time link was already used or has expired (it works once, within 60 seconds).\n' +
  'A fresh one was printed in the terminal where `cardqr serve` runs.\n';
const LOGIN_NEEDED =
  'Open the one-time link that `cardqr serve` printed in its terminal (a fresh one was printed there).\n';

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

const sameCsrf = (given: string | undefined, session: Session) => sameSecret(given, session.csrf);

function failure(e: unknown): [number, string] {
  if (e instanceof Refused) return [e.status, e.message];
  if (e instanceof URIError) return [400, 'a path that is not valid percent-encoding'];
  if (e instanceof UsageError) return [400, e.message];
  if (e instanceof ApiError) return [e.status === 404 ? 404 : 502, e.message];
  if (e instanceof CliError) return [502, e.message];
  return [500, e instanceof Error ? e.message : String(e)];
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
  res.setHeader('content-type', type);
  res.writeHead(status);
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, JSON_TYPE, JSON.stringify(value));
}

/** The page carries the session's CSRF token in a meta tag; the other files are sent as they are. */
function sendAsset(res: ServerResponse, asset: Asset, session: Session): void {
  const body = asset.type.startsWith('text/html')
    ? asset.body.toString('utf8').replace('__CSRF_TOKEN__', session.csrf)
    : asset.body;
  send(res, 200, asset.type, body);
}
