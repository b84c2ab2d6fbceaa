// createEmulator(): the in-process emulator on node:http (node:https with `tls`). /v1 → api.ts,
// /_emulator → control.ts, /c and /p → public.ts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApi, type RecordedRequest } from './api.js';
import { clearShortCodeHolds } from './card-factory.js';
import { handleControl } from './control.js';
import { defaultSeed } from './default-seed.js';
import { FaultQueue, type FaultSpec } from './faults.js';
import { errorReply, internalError, send } from './http.js';
import { loadState, Persister } from './persist.js';
import { handlePublic } from './public.js';
import { RateLimiter } from './rate-limit.js';
import { allRoutes } from './routes/index.js';
import { Router, type RouteDef } from './routing.js';
import { parseSeed, type Seed } from './seed.js';
import { seedToData } from './seed-data.js';
import { Store } from './store.js';

export type { RecordedRequest } from './api.js';
export type { FaultSpec } from './faults.js';

export interface EmulatorOptions {
  port?: number; // 0 = any free port (default 0 in code; the CLI defaults to 4010)
  host?: string; // default 127.0.0.1
  seed?: Seed; // default: defaultSeed()
  statePath?: string; // persist the store as JSON after each change; load it at start if present
  rateLimit?: number; // overrides every key's requestsPerMinute when set
  latencyMs?: number; // added before each API answer
  faultRate?: number; // 0..1: random 500 internal_error or dropped connection on API routes
  log?: (line: string) => void; // one line per request (method path status ms)
  /** Problems the emulator survives, e.g. a state file that could not be saved (default: log, else stderr). */
  warn?: (line: string) => void;
  random?: () => number; // for deterministic ids/faults in tests (default Math.random)
  /** Extra route modules (tests only; production routes live in routes/index.ts). */
  extraRoutes?: RouteDef[];
  /** When set, the control API also needs `Authorization: Bearer <controlToken>` (control.ts controlRefusal). */
  controlToken?: string;
  /**
   * Where the emulator's clock starts (ms since the epoch; default: the wall clock at start). The built-in
   * seed is dated from it, and from there the clock runs on a monotonic timer (plus advanceTime), so a
   * fixed start gives the same data on any day and a step of the machine's clock changes nothing.
   */
  startAt?: number;
  /** Called with every API request once answered (tests hold each answer against the contract). */
  onRequest?: (r: RecordedRequest) => void;
  /**
   * Serve over HTTPS with this key and certificate (PEM; `cardqr emulator --tls` issues them from its
   * local CA): the API, the control API and the public links, whose URLs then start with https://.
   */
  tls?: { key: string; cert: string };
}

export interface Emulator {
  baseUrl: string; // http://127.0.0.1:<port>/v1 (https:// with `tls`)
  publicBaseUrl: string; // http://127.0.0.1:<port>   (public routes /c/..., /p/...; https:// with `tls`)
  port: number;
  keys: Record<string, string>; // name -> secret, from the seed (see "Default seed keys")
  store: Store; // the live state, for assertions in tests
  requests(filter?: { method?: string; path?: string | RegExp }): RecordedRequest[]; // API requests only, in order
  clearRequests(): void;
  advanceTime(ms: number): void; // moves the emulator clock (rate-limit windows, timestamps)
  now(): number; // emulator clock, ms since epoch (startAt + monotonic time since start + offset)
  reset(): void; // back to the seed, requests cleared, faults cleared, clock offset 0
  injectFaults(faults: FaultSpec[]): void;
  /** Requests the queued faults will still hit (0 once every injected fault was delivered). */
  pendingFaults(): number;
  close(): Promise<void>;
}

export async function createEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const random = opts.random ?? Math.random;
  const startAt = opts.startAt ?? Date.now();
  const startedMono = performance.now();
  const seedData = seedToData(parseSeed(opts.seed ?? defaultSeed({ now: startAt })), startAt);
  const persisted = opts.statePath ? loadState(opts.statePath) : undefined;
  const store: Store = new Store(persisted ?? seedData, {
    random,
    now: () => startAt + Math.round(performance.now() - startedMono) + store.clockOffsetMs,
  });
  const router = new Router([...allRoutes, ...(opts.extraRoutes ?? [])]);
  const limiter = new RateLimiter();
  const faults = new FaultQueue();
  let recorded: RecordedRequest[] = [];
  const warn = opts.warn ?? opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const persister = opts.statePath ? new Persister(opts.statePath, () => store.toJSON(), warn) : undefined;
  if (persister) {
    store.onChange(() => persister.schedule());
    if (!persisted) persister.save(); // at start a state file that cannot be written is an error
  }

  const reset = () => {
    store.load(seedData);
    clearShortCodeHolds(store);
    recorded = [];
    faults.clear();
    limiter.clear();
    store.changed();
  };
  const advanceTime = (ms: number) => {
    store.clockOffsetMs += ms;
    store.changed();
  };
  const requests = (filter: { method?: string; path?: string | RegExp } = {}) =>
    recorded.filter(
      (r) =>
        (!filter.method || r.method === filter.method.toUpperCase()) &&
        (filter.path === undefined ||
          (filter.path instanceof RegExp ? filter.path.test(r.path) : r.path === filter.path)),
    );

  const apiDeps = {
    store,
    router,
    limiter,
    faults,
    random,
    rateLimit: opts.rateLimit,
    latencyMs: opts.latencyMs,
    faultRate: opts.faultRate,
    log: opts.log,
    record: (r: RecordedRequest) => {
      recorded.push(r);
      opts.onRequest?.(r);
    },
  };
  const controlDeps = {
    store,
    reset,
    loadSeed: (seed: unknown) => {
      store.load(seedToData(parseSeed(seed), store.now()));
      limiter.clear();
      store.changed();
    },
    injectFaults: (f: FaultSpec[]) => faults.add(f),
    clearFaults: () => faults.clear(),
    advanceTime,
    requests: () => recorded,
    controlToken: opts.controlToken,
  };

  const dispatch = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    const p = url.pathname;
    if (p === '/v1' || p.startsWith('/v1/')) return handleApi(apiDeps, req, res, url);
    const started = performance.now();
    if (p === '/_emulator' || p.startsWith('/_emulator/')) await handleControl(controlDeps, req, res, url);
    else if (/^\/[cp]\//.test(p) && (req.method === 'GET' || req.method === 'HEAD')) {
      req.resume();
      handlePublic(store, req, res, url);
    } else {
      req.resume();
      send(res, errorReply(404, 'not_found', 'unknown_endpoint', `No route ${req.method} ${p}.`));
    }
    opts.log?.(`${req.method} ${p}${url.search} ${res.statusCode} ${Math.round(performance.now() - started)}ms`);
  };
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    dispatch(req, res).catch((e: unknown) => {
      opts.log?.(`emulator: ${(e as Error)?.stack ?? String(e)}`);
      if (!res.headersSent) send(res, internalError());
      else res.destroy();
    });
  };
  let server: Server;
  if (opts.tls) {
    // Loaded only here: a plain emulator never loads node:https (nor node:tls). Not `await import()`:
    // in the build, a dynamic import of a built-in resolves to a module whose only export is `default`.
    const https = process.getBuiltinModule('node:https');
    const secure = https.createServer({ key: opts.tls.key, cert: opts.tls.cert }, handler);
    // A client that does not trust the certificate ends the handshake; said on the log, never an error.
    secure.on('tlsClientError', (e: NodeJS.ErrnoException) =>
      opts.log?.(`TLS handshake failed (${e.code ?? e.message})`),
    );
    server = secure;
  } else server = createServer(handler);
  server.keepAliveTimeout = 5000;

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const publicBaseUrl = `${opts.tls ? 'https' : 'http'}://${urlHost}:${port}`;
  store.publicBase = publicBaseUrl;

  return {
    baseUrl: `${publicBaseUrl}/v1`,
    publicBaseUrl,
    port,
    get keys() {
      return Object.fromEntries(store.apiKeys.map((k) => [k.name, k.secret]));
    },
    store,
    requests,
    clearRequests: () => {
      recorded = [];
    },
    advanceTime,
    now: () => store.now(),
    reset,
    injectFaults: (f: FaultSpec[]) => faults.add(f),
    pendingFaults: () => faults.left,
    close: () =>
      new Promise<void>((resolve, reject) => {
        persister?.close();
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
