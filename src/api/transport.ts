// HTTP/1.1 with keep-alive through Node's own http/https modules: one request in, status, headers
// and the whole body out. The client (client.ts) adds auth, retries, pacing and errors on top.
//
// Why not undici (measured on these machines, README, Performance): loading undici's Agent and
// request API and compiling its WebAssembly HTTP parser cost a one-request command ~18 ms more than
// node:http (whose parser is native and already in the binary), about a third of `node -e 0`, and
// Node's keep-alive agent answered as many sequential requests per second on loopback (more, with
// less CPU per request), so the bulk paths lose nothing.
import type { Agent, IncomingHttpHeaders, IncomingMessage, RequestOptions } from 'node:http';
import { urlToHttpOptions } from 'node:url';
import { Agents, type NetworkOptions, type RequestFn, type Route } from './agents.js';

/**
 * The most a response body may hold: 128 MiB. The largest legitimate answers are an image of 4096
 * pixels (even an uncompressed 4096 x 8192 RGBA picture is 128 MiB; real QR images are far smaller)
 * and a page of 100 cards at the API's limits (each under the 1 MB body limit). Past it the exchange
 * is cut and fails with a BodyTooLargeError, before memory runs out.
 */
export const MAX_BODY_BYTES = 128 * 1024 * 1024;

/**
 * The most of an error body (any status of 300 or more) that is read: 1 MiB. An error needs a few
 * hundred bytes; past the bound the exchange is cut and the answer keeps its status with no body
 * (`truncated`), so the error is still reported (and retried where the spec says so) by its status.
 */
export const MAX_ERROR_BODY_BYTES = 1024 * 1024;

export interface TransportOptions {
  /** Sockets per origin. */
  connections: number;
  /** Idle keep-alive sockets are closed after this long. */
  keepAliveMs: number;
  /** Default MAX_BODY_BYTES. */
  maxBodyBytes?: number;
  /** Default MAX_ERROR_BODY_BYTES. */
  maxErrorBodyBytes?: number;
  /** Proxy variables and the profile's CA (agents.ts); default: no proxy, Node's and the system's CAs. */
  network?: NetworkOptions;
}

export interface TransportRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** A deadline for the whole exchange (connect, headers, body); fails with a `TimeoutError`. */
  timeoutMs: number;
  /** The caller's signal (Ctrl-C): aborting it destroys the request. */
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** An error body past MAX_ERROR_BODY_BYTES: not read (body is empty). */
  truncated?: boolean;
}

export class HttpTransport {
  /** Every agent, its CAs and its proxy come from agents.ts. */
  readonly agents: Agents;
  /** The https route of the last origin (its agent is made once; a run talks to one API). */
  private secure: { origin: string; route: Promise<Route> } | undefined;
  /** The request options of the last URL (a bulk run sends one URL object thousands of times). */
  private target: { url: URL; options: RequestOptions } | undefined;

  constructor(private readonly options: TransportOptions) {
    this.agents = new Agents(options.network ?? { env: {} }, {
      connections: options.connections,
      keepAliveMs: options.keepAliveMs,
    });
  }

  request(req: TransportRequest): Promise<TransportResponse> {
    if (req.url.protocol === 'https:') {
      // node:https, the trust and the proxy decision are set up on the first https request only.
      if (this.secure?.origin !== req.url.origin)
        this.secure = { origin: req.url.origin, route: this.agents.secureRoute(req.url) };
      return this.secure.route.then(({ agent, request }) => this.exchange(req, agent, request));
    }
    // Not an async function: the exchange's own promise is the answer (one promise less per request).
    const { agent, request } = this.agents.plainRoute();
    return this.exchange(req, agent, request);
  }

  private exchange(
    req: TransportRequest,
    agent: InstanceType<typeof Agent>,
    request: RequestFn,
  ): Promise<TransportResponse> {
    const headers =
      req.body === undefined ? req.headers : { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) };
    const { signal, timeoutMs } = req;
    // The deadline is a plain timer and the caller's signal a listener, both removed as soon as the
    // exchange ends: an AbortController and AbortSignal.any() per request (or http's `signal`
    // option) cost ~10 us a request and keep objects alive long after it during a fast import.
    return new Promise<TransportResponse>((resolve, reject) => {
      let failure: Error | undefined;
      let done = false;
      const finish = (err: Error | undefined, res?: TransportResponse) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (err) reject(failure ?? err);
        else resolve(res!);
      };
      const stop = (err: Error) => {
        failure ??= err;
        r.destroy(err);
      };
      const onAbort = () => stop(abortError(signal!));
      const max = this.options.maxBodyBytes ?? MAX_BODY_BYTES;
      const onResponse = (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const status = res.statusCode ?? 0;
        const isError = status >= 300;
        const limit = isError ? (this.options.maxErrorBodyBytes ?? MAX_ERROR_BODY_BYTES) : max;
        // An error body past its bound: the status is the answer; the rest of the body is never read.
        const cut = () => {
          finish(undefined, { status, headers: res.headers, body: Buffer.alloc(0), truncated: true });
          r.destroy();
        };
        const over = () => (isError ? cut() : stop(bodyTooLarge(max)));
        if (Number(res.headers['content-length']) > limit) return over();
        res.on('data', (chunk: Buffer) => {
          if (done) return;
          size += chunk.length;
          if (size > limit) over();
          else chunks.push(chunk);
        });
        res.on('end', () =>
          finish(undefined, {
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks),
          }),
        );
        res.on('error', (err) => finish(err));
        // A body cut short (connection dropped, request destroyed) ends with 'close' before 'end'.
        res.on('close', () => {
          if (!res.complete) finish(connectionDropped());
        });
      };
      const target =
        this.target?.url === req.url
          ? this.target.options
          : (this.target = { url: req.url, options: urlToHttpOptions(req.url) }).options;
      const r = request({ ...target, method: req.method, headers, agent }, onResponse);
      const timer = setTimeout(() => stop(timeoutError(timeoutMs)), timeoutMs);
      r.on('error', (err) => finish(err));
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
      r.end(req.body);
    });
  }

  /** Closes every socket at once, so the process can exit as soon as the command is done. */
  close(): void {
    this.agents.close();
    void this.secure?.route.then(
      () => this.agents.close(),
      () => undefined,
    );
  }
}

function timeoutError(ms: number): Error {
  return Object.assign(new Error(`timed out after ${ms} ms`), { name: 'TimeoutError' });
}

function bodyTooLarge(max: number): Error {
  return Object.assign(
    new Error(`the response body is larger than ${max / (1024 * 1024)} MiB, the most any answer of this API needs`),
    {
      name: 'BodyTooLargeError',
    },
  );
}

/** A body cut short (`name` tells it from a reset before any answer; `code` is what the client retries on). */
function connectionDropped(): Error {
  return Object.assign(new Error('the connection closed before the response was complete'), {
    name: 'CutShortError',
    code: 'ECONNRESET',
  });
}

function abortError(signal: AbortSignal): Error {
  const reason = signal.reason as Error | undefined;
  return Object.assign(new Error(reason?.message ?? 'aborted'), { name: 'AbortError', cause: reason });
}
