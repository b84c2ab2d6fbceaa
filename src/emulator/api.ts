// The /v1 pipeline: faults → latency → auth → rate limit → plan gate → route (404) → campaign scope →
// scopes → Idempotency-Key check → body limit and JSON → idempotency → handler. Route modules only
// hold resource logic; everything cross-cutting is here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, checkCampaignScope, checkPlan, checkScopes, extractSecret } from './auth.js';
import { NOT_IMAGE_BYTES, type FaultQueue, type FaultSpec } from './faults.js';
import {
  EmuError,
  internalError,
  oddReply,
  readBody,
  send,
  sleep,
  validationFailed,
  type ErrorDetail,
  type ErrorType,
  type Reply,
} from './http.js';
import {
  beginIdempotent,
  completeIdempotent,
  IDEMPOTENT_METHODS,
  inFlightError,
  requestFingerprint,
  validateIdempotencyKey,
} from './idempotency.js';
import type { IdempotencyRecord } from './model.js';
import type { RateLimiter } from './rate-limit.js';
import { DEFAULT_MAX_BODY, type HttpMethod, type RouteContext, type RouteDef, type Router } from './routing.js';
import type { Store } from './store.js';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>; // lower-case names
  body: unknown; // parsed JSON or raw string when not JSON, undefined when empty
  status: number;
  keyName?: string; // which seed key authenticated it
  /** The injected fault that shaped the answer, if any (tests choose those answers, not the emulator). */
  fault?: string;
  /** What was sent back (absent when the connection was dropped): lower-case headers, and the JSON body. */
  answer?: { headers: Record<string, string>; json?: unknown; bytes: number };
}

export interface ApiDeps {
  store: Store;
  router: Router;
  limiter: RateLimiter;
  faults: FaultQueue;
  rateLimit?: number;
  latencyMs?: number;
  faultRate?: number;
  random: () => number;
  record(r: RecordedRequest): void;
  log?: (line: string) => void;
}

const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait before retrying.';
const BODY_METHODS = new Set(['POST', 'PATCH', 'PUT']);

export function lowerHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

export async function handleApi(deps: ApiDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const started = performance.now();
  const { store } = deps;
  const method = (req.method ?? 'GET').toUpperCase();
  const path = url.pathname.slice(3) || '/';
  const query = Object.fromEntries(url.searchParams);
  const headers = lowerHeaders(req);
  const requestId = `req_${store.randomString(24)}`;
  const idHeader: Record<string, string> = deps.router.match(method, path)?.def.requestId
    ? { 'Request-Id': requestId }
    : {};
  const maxKeep = Math.max(DEFAULT_MAX_BODY, ...deps.router.routes.map((r) => r.maxBodyBytes ?? 0)) + 1;
  const body = await readBody(req, maxKeep);
  const rawBody = body.raw.toString('utf8');
  let parsed: unknown;
  let jsonOk = true;
  if (rawBody.length > 0) {
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      jsonOk = false;
    }
  }
  const guess = store.keyBySecret(extractSecret(headers) ?? '');
  let status = 0;
  let answer: RecordedRequest['answer'];
  const finish = (reply: Reply) => {
    const sent = send(res, reply, idHeader);
    status = sent.status;
    const headers = Object.fromEntries(Object.entries(sent.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const json = reply.status === 204 ? undefined : reply.json;
    answer = { headers, json, bytes: Number(headers['content-length'] ?? 0) };
  };
  const drop = () => {
    status = 0;
    res.socket?.destroy();
    req.socket.destroy();
  };

  let fault: FaultSpec | undefined;
  try {
    fault = deps.faults.take(method, path);
    if (!fault && deps.faultRate && deps.random() < deps.faultRate) {
      fault = { kind: deps.random() < 0.5 ? '500' : 'drop_before' };
    }
    if (deps.latencyMs) await sleep(deps.latencyMs);
    switch (fault?.kind) {
      case 'drop_before':
        drop();
        return;
      case '500':
        finish(internalError());
        return;
      case 'malformed_500':
        finish(oddReply(500, 'Internal Server Error'));
        return;
      case '429':
        finish(oddReply(429, RATE_LIMIT_MESSAGE, { 'RateLimit-Reset': String(fault.resetSeconds ?? 1) }));
        return;
      case 'in_flight':
        finish(inFlightError().toReply());
        return;
    }
    const reply = await processRequest({
      deps,
      method,
      path,
      query,
      headers,
      requestId,
      idHeader,
      rawBody,
      parsed,
      jsonOk,
      size: body.size,
      fault,
    });
    if (fault?.kind === 'not_image' && reply.status === 200 && Buffer.isBuffer(reply.body)) {
      finish({ ...reply, body: NOT_IMAGE_BYTES });
      return;
    }
    if (fault?.kind === 'drop_after') {
      status = reply.status;
      drop();
      return;
    }
    finish(reply);
  } catch (e) {
    if (!(e instanceof EmuError)) deps.log?.(`emulator: unexpected error: ${(e as Error)?.stack ?? String(e)}`);
    finish(e instanceof EmuError ? e.toReply() : internalError());
  } finally {
    deps.record({
      method,
      path,
      query,
      headers,
      body: rawBody.length === 0 ? undefined : jsonOk ? parsed : rawBody,
      status,
      keyName: guess && !guess.revoked ? guess.name : undefined,
      fault: fault?.kind,
      answer: status === 0 ? undefined : answer,
    });
    deps.log?.(
      `${method} ${url.pathname}${url.search} ${status || 'dropped'} ${Math.round(performance.now() - started)}ms`,
    );
  }
}

interface Incoming {
  deps: ApiDeps;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  requestId: string;
  /** `Request-Id` when the route carries it, else empty (stored with an idempotent answer). */
  idHeader: Record<string, string>;
  rawBody: string;
  parsed: unknown;
  jsonOk: boolean;
  size: number;
  fault?: FaultSpec;
}

async function processRequest(inc: Incoming): Promise<Reply> {
  const { deps, method, path, headers } = inc;
  const { store } = deps;
  const { key, account } = authenticate(store, headers);
  const rateLimit = deps.rateLimit ?? key.requestsPerMinute;
  const wait = deps.limiter.hit(key.id, rateLimit, store.now());
  if (wait !== null) return oddReply(429, RATE_LIMIT_MESSAGE, { 'RateLimit-Reset': String(wait) });
  const plan = checkPlan(store, account);

  const match = deps.router.match(method, path);
  if (!match) throw new EmuError(404, 'not_found', 'unknown_endpoint', `No endpoint ${method} /v1${path}.`);
  const { def, params } = match;
  checkCampaignScope(def, params, key);
  checkScopes(def, key);

  const idemKey = IDEMPOTENT_METHODS.has(method) ? headers['idempotency-key'] : undefined;
  if (idemKey !== undefined) validateIdempotencyKey(idemKey);

  // DELETE takes no body (api-spec documents none); POST and PATCH bodies must be JSON, declared so
  // ("Content-Type: application/json required on bodies").
  if (BODY_METHODS.has(method) && inc.size > 0) {
    const max = def.maxBodyBytes ?? DEFAULT_MAX_BODY;
    if (inc.size > max) {
      if (def.tooLargeCode)
        throw new EmuError(400, 'invalid_request', def.tooLargeCode, `The request body is larger than ${max} bytes.`);
      throw validationFailed(
        [{ field: '(body)', message: `The request body is larger than ${max} bytes.`, code: 'too_big' }],
        'The request body is too large.',
      );
    }
    if (!isJsonType(headers['content-type'])) {
      // The odd 500 is documented for malformed JSON only; an undeclared body is "body invalid" (422).
      return notJson(
        def.malformedJson === 'odd500' ? undefined : def.malformedJson,
        'The request body must be sent with Content-Type: application/json.',
      );
    }
    if (!inc.jsonOk) return notJson(def.malformedJson, 'The request body is not valid JSON.');
  }

  let record: IdempotencyRecord | undefined;
  if (idemKey !== undefined) {
    const fp = requestFingerprint(method, path, inc.query, inc.parsed, inc.rawBody);
    const begun = beginIdempotent(store, key.id, idemKey, fp);
    if (begun.kind === 'replay') return begun.reply;
    record = begun.record;
  }

  const ctx: RouteContext = {
    method: method as HttpMethod,
    path,
    params,
    query: inc.query,
    body: inc.parsed,
    rawBody: inc.rawBody,
    headers,
    store,
    key,
    account,
    plan,
    rateLimit,
    requestId: inc.requestId,
    now: () => store.now(),
    nowIso: () => store.nowIso(),
    fail(status: number, type: ErrorType, code: string, message: string, details?: ErrorDetail[]): never {
      throw new EmuError(status, type, code, message, details);
    },
  };
  let reply: Reply;
  try {
    if (inc.fault?.kind === 'slow') await sleep(inc.fault.delayMs ?? 1000);
    reply = await def.handler(ctx);
  } catch (e) {
    if (!(e instanceof EmuError)) deps.log?.(`emulator: handler error: ${(e as Error)?.stack ?? String(e)}`);
    reply = e instanceof EmuError ? e.toReply() : internalError();
  }
  if (record) completeIdempotent(store, record, reply, inc.idHeader);
  if (method !== 'GET' && reply.status < 500) store.changed();
  return reply;
}

const isJsonType = (ct: string | undefined): boolean => /^application\/json\s*(;|$)/i.test(ct?.trim() ?? '');

/**
 * A body that is not JSON (malformed, or not declared application/json). The spec documents 500
 * {success:false,message} for malformed JSON on POST /cards and POST /qr-codes, and 400 invalid_json on
 * campaign endpoints; elsewhere it is silent, and 422 validation_failed ("body ... invalid") is the body
 * error those endpoints list. Route modules choose with RouteDef.malformedJson.
 */
function notJson(mode: RouteDef['malformedJson'], message: string): Reply {
  if (mode === 'odd500') return oddReply(500, message);
  if (mode === 'invalid_json') throw new EmuError(400, 'invalid_request', 'invalid_json', message);
  throw validationFailed([{ field: '(body)', message, code: 'invalid_type' }], message);
}
