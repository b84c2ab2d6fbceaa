// The one HTTP client (node:http keep-alive, transport.ts): auth, Idempotency-Key on every write,
// the spec's retry rules, pacing to the key's rate limit, no redirects, every failure as a typed error.
import {
  CliError,
  ConnectionError,
  EXIT,
  NotSentError,
  OutcomeUnknownError,
  UnavailableError,
  UsageError,
} from '../errors.js';
import type { NetworkOptions } from './agents.js';
import type { ApiKeyContext } from './schemas/me.js';
import { journaled, type WriteJournal } from './journal.js';
import { type Query, RequestUrls } from './request-url.js';
import { idempotencyKeyProblem } from './rules.js';
import {
  buildError,
  certificateFailure,
  certificateLine,
  describeNetworkError,
  neverSent,
  toApiError,
  tunnelRefusal,
  type CertificateFailure,
  type RawResponse,
} from './failures.js';
import { Pacer } from './pacer.js';
import { backoffMs, isRetryable, MAX_WAIT_MS, retryWaitMs } from './retry.js';
import { checkKeyCharacters, KeyScrubber, maskKey, maskUrl, maskUrlCredentials } from '../redact.js';
import { HttpTransport } from './transport.js';
import { parseJson, raw, retryReason, scrubError, SETTLE_WITH_KEY } from './answers.js';

/** node:crypto (~40 of Node's modules) loads with the first write, never for a read. */
const randomUUID = () => process.getBuiltinModule('node:crypto').randomUUID();

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type { Query } from './request-url.js';

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  userAgent: string;
  timeoutMs: number;
  maxRetries: number;
  requestsPerMinute?: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Monotonic ms (durations, pacing). */
  now: () => number;
  /** Wall-clock ms (only to read a RateLimit-Reset given as a Unix time). */
  wallNow?: () => number;
  /** Aborted once a stop was asked: waits end at once and no request starts after it. */
  stop?: AbortSignal;
  /** Request/response lines for --verbose (secrets redacted). */
  debug?: (line: string) => void;
  /** Announces long waits (retries, rate limit) to the human on stderr. */
  notice?: (line: string) => void;
  random?: () => number;
  connections?: number;
  /** Proxy variables and the profile's CA file (PRODUCT §15); default: no proxy, the usual CAs. */
  network?: NetworkOptions;
  /** Single writes whose outcome was lost, kept so the same write run again reuses its key (PRODUCT §16). */
  journal?: WriteJournal;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Writes get a random key unless one is given; `false` sends none (never on writes we make). */
  idempotencyKey?: string | false;
  signal?: AbortSignal;
  /**
   * A write with the client's own key is kept in the journal when its outcome is lost: creates and deletes
   * always; `any` adds PATCH and PUT (`cardqr api` with a body). Typed updates read the object before
   * they write it, which resolves a lost PATCH without reusing its key.
   */
  journal?: 'any';
}

/** What a typed write endpoint passes through: its key (default random) and the caller's signal. */
export type WriteOptions = { idempotencyKey?: string; signal?: AbortSignal };

/** An answer of `requestAny`: parsed JSON in `data`, or the bytes of any other content type. */
export interface AnyResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  requestId?: string;
  contentType: string;
  data?: unknown;
  bytes?: Buffer;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  data: T;
  requestId?: string;
}

export type { RawResponse } from './failures.js';

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const attemptsText = (attempt: number) => (attempt === 0 ? '1 attempt' : `${attempt + 1} attempts`);
const LONG_WAIT_MS = 3000;

export class ApiClient {
  private readonly transport: HttpTransport;
  private readonly pacer: Pacer;
  private readonly random: () => number;
  private readonly scrub: KeyScrubber;
  private rateKnown: boolean;
  private meBody: Promise<unknown> | undefined;
  private readonly urls: RequestUrls;
  private shareCeiling = 1;

  constructor(readonly options: ClientOptions) {
    checkKeyCharacters(options.apiKey);
    this.scrub = new KeyScrubber(options.apiKey);
    this.transport = new HttpTransport({
      keepAliveMs: 10_000,
      connections: options.connections ?? 8,
      network: options.network,
    });
    this.pacer = new Pacer(options.requestsPerMinute, options.sleep, options.now);
    this.rateKnown = options.requestsPerMinute !== undefined;
    this.random = options.random ?? Math.random;
    this.urls = new RequestUrls(options.baseUrl);
  }

  /** Space requests for this many per minute (`--rate`, a profile's stored rate). */
  setRate(requestsPerMinute: number | undefined): void {
    this.rateKnown ||= requestsPerMinute !== undefined;
    this.pacer.setRate(requestsPerMinute);
  }

  /**
   * The key's context from GET /me, read once per client: a job's account check, the pace and
   * `cardqr me` share one request. A failed read is not kept (the next call asks again). The request
   * leaves first; its schema (zod) loads while the answer travels: one turn of the event loop lets the
   * connection open and the request go out before the loading (README, Performance: `cardqr me` is a
   * start-up benchmark).
   */
  async me(signal?: AbortSignal): Promise<ApiKeyContext> {
    const answer = this.meAnswer(signal);
    answer.catch(() => undefined); // awaited below: a failure while the schema loads is not unhandled
    await new Promise((sent) => setImmediate(sent));
    const [{ parseResponse }, { ApiKeyContext }] = await Promise.all([import('./parse.js'), import('./schemas/me.js')]);
    return parseResponse(ApiKeyContext, await answer, 'GET /me');
  }

  /** The body of GET /me, asked once (again after a failure). */
  private meAnswer(signal: AbortSignal | undefined): Promise<unknown> {
    const read = (this.meBody ??= this.get('/me', undefined, signal));
    read.catch(() => {
      if (this.meBody === read) this.meBody = undefined;
    });
    return read;
  }

  /**
   * Paces this client to the key's limit, learned from GET /me (`me()`): `share` of it (leads follow
   * and an agent server take half, leaving the rest to other tools), at most `cap` a minute (`--rate`).
   * Returns the key's context and the rate now paced (undefined: the key names none). `keepShare` sets a
   * ceiling on `share` for every later call (a server keeps a job it runs, which paces again, to its half).
   */
  async paceToKey(
    opts: { share?: number; cap?: number; signal?: AbortSignal; keepShare?: boolean } = {},
  ): Promise<{ me: ApiKeyContext; requestsPerMinute?: number }> {
    const share = Math.min(opts.share ?? 1, this.shareCeiling);
    if (opts.keepShare) this.shareCeiling = share;
    const me = await this.me(opts.signal);
    const limit = me.rateLimit.requestsPerMinute;
    const shared = limit > 0 ? Math.min(opts.cap ?? Infinity, limit * share) : opts.cap;
    this.setRate(shared);
    this.pacer.restartFromNow();
    return { me, requestsPerMinute: shared };
  }

  /**
   * Before the second page of a walk: a key whose rate is not known yet (from the environment or
   * --api-key-stdin rather than a profile) learns it from GET /me, so every walk is paced. When /me
   * cannot answer (a key without access to it), the walk goes on unpaced; PageProgress still ends it.
   */
  async ensurePaced(signal?: AbortSignal): Promise<void> {
    if (this.rateKnown) return;
    this.rateKnown = true;
    try {
      // Read loosely: an answer whose other fields are odd still tells the rate.
      const me = (await this.meAnswer(signal)) as { rateLimit?: { requestsPerMinute?: unknown } } | undefined;
      const rpm = me?.rateLimit?.requestsPerMinute;
      if (typeof rpm === 'number' && Number.isFinite(rpm) && rpm > 0) this.pacer.setRate(rpm);
    } catch (e) {
      if (signal?.aborted) throw e;
    }
  }

  async get<T = unknown>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
    return (await this.request<T>('GET', path, { query, signal })).data;
  }

  async request<T = unknown>(method: Method, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const raw = await this.send(method, path, opts, 'application/json');
    const data = raw.body.length ? parseJson(raw) : undefined;
    return { status: raw.status, headers: raw.headers, data: data as T, requestId: raw.requestId };
  }

  /**
   * Same retries and errors as `request`, for any answer (`cardqr api`): a JSON body (by its
   * content type, or an empty one) comes back parsed as `data`; any other body as `bytes` with its
   * content type (an image, a PDF).
   */
  async requestAny(method: Method, path: string, opts: RequestOptions = {}): Promise<AnyResponse> {
    const raw = await this.send(method, path, opts, 'application/json, */*;q=0.5');
    const type = String([raw.headers['content-type']].flat()[0] ?? '');
    const base = { status: raw.status, headers: raw.headers, requestId: raw.requestId, contentType: type };
    if (!raw.body.length) return { ...base, data: undefined };
    if (!type || /^application\/([\w.+-]+\+)?json\b/i.test(type)) return { ...base, data: parseJson(raw) };
    return { ...base, bytes: raw.body };
  }

  /** Same retries and errors as `request`, but the body comes back as bytes (images). */
  async requestBytes(path: string, query?: Query, signal?: AbortSignal): Promise<RawResponse> {
    return this.send('GET', path, { query, signal }, '*/*');
  }

  async close(): Promise<void> {
    this.transport.close();
  }

  private async send(method: Method, path: string, opts: RequestOptions, accept: string): Promise<RawResponse> {
    const url = this.urls.of(path, opts.query);
    const journal = WRITE_METHODS.has(method) && opts.idempotencyKey === undefined ? this.options.journal : undefined;
    if (!journal) return this.exchange(method, url, opts, accept, undefined);
    return journaled(
      journal,
      { method, url, body: opts.body, any: opts.journal === 'any' },
      this.options.notice,
      (key) => this.exchange(method, url, opts, accept, key),
    );
  }

  private async exchange(
    method: Method,
    url: URL,
    opts: RequestOptions,
    accept: string,
    journaledKey: string | undefined,
  ): Promise<RawResponse> {
    const key = WRITE_METHODS.has(method)
      ? opts.idempotencyKey === false
        ? undefined
        : (opts.idempotencyKey ?? journaledKey ?? randomUUID())
      : undefined;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      'user-agent': this.options.userAgent,
      accept,
    };
    let payload: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    if (key) {
      const problem = idempotencyKeyProblem(key);
      if (problem) throw new UsageError(`the Idempotency-Key ${problem}; nothing was sent`);
      headers['idempotency-key'] = key;
    }
    // Network errors and timeouts are retried only where a repeat cannot create a second object.
    const replaySafe = method === 'GET' || key !== undefined;

    // Whether any failed attempt may have reached the server (a refused connection never did), and why.
    let maybeReceived = false;
    let lostBecause = '';
    const lost = (last: string, reachable: boolean) =>
      new OutcomeUnknownError(
        this.scrub.text(`the ${method} ${url.pathname} may have been applied: its answer was lost (${lostBecause})`),
        [
          `request: ${method} ${url.origin}${url.pathname} with Idempotency-Key ${key}`,
          `the last attempt: ${this.scrub.text(last)}`,
          SETTLE_WITH_KEY(key),
        ],
        method,
        url.pathname,
        key,
        reachable,
      );
    // The process's stop and the caller's signal (a job's own stop, e.g. follow's): waits end on either.
    const stop =
      this.options.stop && opts.signal
        ? AbortSignal.any([this.options.stop, opts.signal])
        : (this.options.stop ?? opts.signal);
    for (let attempt = 0; ; attempt++) {
      const pause = this.pacer.wait(stop);
      if (pause) await pause;
      // The last moment before a request leaves: after a stop was asked, nothing new is sent.
      if (stop?.aborted || opts.signal?.aborted)
        throw new NotSentError(`interrupted: ${method} ${url.pathname} was not sent`);
      const started = this.options.now();
      this.debugRequest(method, url, attempt, key);
      let res: RawResponse;
      try {
        res = raw(
          await this.transport.request({
            url,
            method,
            headers,
            body: payload,
            signal: opts.signal,
            timeoutMs: this.options.timeoutMs,
          }),
        );
      } catch (err) {
        if (opts.signal?.aborted) throw err;
        // The transport's own refusal before anything left (a proxy variable it cannot use).
        if (err instanceof CliError) throw err;
        // A request Node refused to build (a bad header or path character) never left: a usage error, not retried.
        const local = buildError(err);
        if (local) throw new UsageError(this.scrub.text(`${method} ${url.pathname}: ${local}; nothing was sent`));
        // Not retried: the same server would send the same endless body again.
        if ((err as Error).name === 'BodyTooLargeError')
          throw new CliError(`${method} ${url.pathname}: ${(err as Error).message}; stopped reading`, EXIT.failed);
        // A certificate that did not verify is never retried: the same certificate would come back.
        const cert = certificateFailure(err);
        if (cert && !maybeReceived)
          throw new ConnectionError(this.scrub.text(this.certificateMessage(url, cert, true)), 'certificate');
        // An earlier attempt of this write may have arrived: its outcome stays unknown (PRODUCT §16).
        if (cert) throw lost(this.certificateMessage(url, cert, false), false);
        const proxy = this.transport.agents.proxyOf(url);
        const refusal = proxy ? tunnelRefusal(err) : undefined;
        // A proxy that refuses the tunnel (403, 407) says the same again: not retried either.
        if (proxy && refusal && refusal.status >= 400 && refusal.status < 500)
          throw new ConnectionError(
            this.scrub.text(
              `the proxy ${proxy.shown} (${proxy.from}) refused to tunnel to ${url.host}: ${maskUrlCredentials(refusal.line) || `HTTP ${refusal.status}`}; nothing was sent` +
                (refusal.status === 407
                  ? `; check the user and password in ${proxy.from} (the user:password@ before its host)`
                  : `; check ${proxy.from}, or name ${url.hostname} in NO_PROXY if it is to be reached directly`),
            ),
            'proxy',
          );
        const reason = refusal
          ? `the proxy ${proxy!.shown} answered CONNECT with ${maskUrlCredentials(refusal.line) || `HTTP ${refusal.status}`}`
          : describeNetworkError(err, this.options.timeoutMs);
        const notSent = neverSent(err);
        if (!notSent && !maybeReceived) lostBecause = `attempt ${attempt + 1}: ${reason}`;
        maybeReceived ||= !notSent;
        this.debug(`<- ${method} ${url.pathname} failed: ${reason} (${this.options.now() - started} ms)`);
        if (!replaySafe || attempt >= this.options.maxRetries) {
          const attempts = replaySafe ? ` (after ${attemptsText(attempt)})` : '';
          // Through a proxy, a connection that failed before anything was sent failed at the proxy.
          if (proxy && notSent && !maybeReceived)
            throw new ConnectionError(
              this.scrub.text(
                refusal
                  ? `${reason}${attempts}; ${url.host} was not reached and nothing was sent`
                  : `could not reach the proxy ${proxy.shown} (${proxy.from}) for ${url.host}: ${reason}${attempts}; nothing was sent`,
              ),
              'proxy',
            );
          if (WRITE_METHODS.has(method) && maybeReceived && key) throw lost(`${reason}${attempts}`, false);
          const where = `request: ${method} ${url.origin}${url.pathname}`;
          const outcome = !WRITE_METHODS.has(method)
            ? ['a read: safe to run again']
            : !maybeReceived
              ? [
                  `never sent: the connection was refused before the ${method} left (nothing was applied); safe to run again`,
                ]
              : [
                  `the ${method} may have been applied (it failed after being sent)`,
                  'not retried: the request carried no Idempotency-Key, so a repeat could act twice',
                ];
          throw new UnavailableError(
            `could not reach the API${proxy ? ` through the proxy ${proxy.shown}` : ''}: ${reason}${attempts}`,
            [where, ...outcome],
          );
        }
        await this.wait(backoffMs(attempt, this.random), `${reason}; retrying`, stop);
        continue;
      }
      const ms = this.options.now() - started;
      // What the server sends back is printed and written to reports: a server that echoes the key must not leak it.
      res.requestId = res.requestId === undefined ? undefined : this.scrub.text(res.requestId);
      if (this.options.debug)
        this.debug(`<- ${res.status} ${method} ${url.pathname} ${ms} ms${res.requestId ? ` ${res.requestId}` : ''}`);
      if (res.status < 300) return res;
      const error = scrubError(toApiError(res, method, url), this.scrub);
      error.request = {
        method,
        path: url.pathname,
        sentShortCode: payload !== undefined && /"shortCode"\s*:\s*"/.test(payload),
      };
      if (isRetryable(res.status, error.code) && attempt < this.options.maxRetries) {
        const ms = retryWaitMs(res.status, res.headers, attempt, this.random, (this.options.wallNow ?? Date.now)());
        if (ms > MAX_WAIT_MS) {
          if (maybeReceived && key)
            throw lost(`${retryReason(error)}, asking to wait ${Math.round(ms / 1000)} s`, false);
          throw new UnavailableError(
            `${retryReason(error)}: the server asks to wait ${Math.round(ms / 1000)} s, more than the ${MAX_WAIT_MS / 1000} s cardqr waits; try again later`,
          );
        }
        await this.wait(ms, retryReason(error), stop);
        continue;
      }
      // Once an attempt of this write may have arrived, no later answer tells what the service did.
      if (maybeReceived && key)
        throw lost(
          `${res.status}${error.code ? ` ${error.code}` : ''}: ${error.message} (after ${attemptsText(attempt)})`,
          res.status !== 429,
        );
      if (res.status === 429) {
        throw new UnavailableError(`rate limit still exceeded after ${attempt + 1} attempts (429)`, [
          'lower the pace (--rate on imports) or wait for the window to reset',
        ]);
      }
      if (error.code === 'idempotency_key_in_flight') {
        // Not a rejection: an earlier attempt of this very request is still running and may yet succeed.
        if (key) {
          lostBecause = 'the first attempt is still running on the server';
          throw lost(`409 idempotency_key_in_flight (after ${attemptsText(attempt)})`, true);
        }
        throw new UnavailableError(
          `the server says an earlier attempt is still running (409 idempotency_key_in_flight after ${attempt + 1} attempts)`,
        );
      }
      throw error;
    }
  }

  private async wait(ms: number, reason: string, stop: AbortSignal | undefined): Promise<void> {
    const msg = `${reason}; waiting ${(ms / 1000).toFixed(1)} s`;
    if (ms >= LONG_WAIT_MS) this.options.notice?.(this.scrub.text(msg));
    else this.debug(msg);
    await this.options.sleep(ms, stop);
  }

  private debugRequest(method: Method, url: URL, attempt: number, key: string | undefined): void {
    if (!this.options.debug) return;
    const retry = attempt ? ` (retry ${attempt})` : '';
    const proxy = this.transport.agents.proxyOf(url);
    const via = proxy ? ` (via proxy ${proxy.shown} from ${proxy.from}: CONNECT ${url.host})` : '';
    this.debug(
      `-> ${method} ${maskUrl(url)}${retry}${via} Authorization: Bearer ${maskKey(this.options.apiKey)}${key ? ` Idempotency-Key: ${key}` : ''}`,
    );
  }

  /** One line: whose certificate, Node's reason, what was trusted, and what would fix it. */
  private certificateMessage(url: URL, cert: CertificateFailure, nothingSent: boolean): string {
    return certificateLine(url, cert, {
      trusted: this.transport.agents.trusted() ?? "Node's roots and the system store",
      profile: this.options.network?.profile,
      baseUrl: this.options.baseUrl,
      nothingSent,
    });
  }

  private debug(line: string): void {
    this.options.debug?.(this.scrub.text(line));
  }
}
