// Idempotency-Key handling for POST/PATCH/DELETE: keys are per API key; the same key with the same
// request (method, path, query, body) replays the stored answer; a different request gets 409
// idempotency_key_reused; a key whose first request is still running gets 409 idempotency_key_in_flight.
// Only outcomes below 500 are stored, so a 500 can be retried with the same key.
// Records live in the store (persisted with it); the emulator forgets them only on reset.
import { canonicalJson, EmuError, type Reply } from './http.js';
import type { IdempotencyRecord, StoredResponse } from './model.js';
import type { Store } from './store.js';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
export const IDEMPOTENT_METHODS = new Set(['POST', 'PATCH', 'DELETE']);

export function validateIdempotencyKey(key: string): void {
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH || key.length === 0) {
    throw new EmuError(
      400,
      'invalid_request',
      'invalid_idempotency_key',
      `The Idempotency-Key header must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`,
    );
  }
}

export function requestFingerprint(
  method: string,
  path: string,
  query: Record<string, string>,
  body: unknown,
  raw: string,
): string {
  return canonicalJson({ method, path, query, body: body === undefined ? raw : canonicalJson(body) });
}

export type Begin = { kind: 'new'; record: IdempotencyRecord } | { kind: 'replay'; reply: Reply };

export function beginIdempotent(store: Store, apiKeyId: string, key: string, fingerprint: string): Begin {
  const existing = store.idempotencyRecord(apiKeyId, key);
  if (existing) {
    if (existing.fingerprint !== fingerprint) {
      throw new EmuError(
        409,
        'conflict',
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request.',
      );
    }
    if (existing.state === 'in_flight' || !existing.response) throw inFlightError();
    return { kind: 'replay', reply: fromStored(existing.response) };
  }
  const record: IdempotencyRecord = {
    apiKeyId,
    key,
    fingerprint,
    state: 'in_flight',
    createdAt: store.nowIso(),
    response: null,
  };
  store.idempotency.push(record);
  return { kind: 'new', record };
}

export function inFlightError(): EmuError {
  return new EmuError(
    409,
    'conflict',
    'idempotency_key_in_flight',
    'A request with this Idempotency-Key is still being processed. Retry in a few seconds.',
  );
}

/** Store the outcome (status < 500), or forget the key (500: retryable with the same key). */
export function completeIdempotent(
  store: Store,
  record: IdempotencyRecord,
  reply: Reply,
  idHeader: Record<string, string>,
): void {
  if (reply.status >= 500) {
    store.idempotency = store.idempotency.filter((r) => r !== record);
    return;
  }
  record.state = 'done';
  record.response = toStored(reply, idHeader);
}

/** `idHeader`: the original Request-Id on routes that send one, so a replay carries it too. */
function toStored(reply: Reply, idHeader: Record<string, string>): StoredResponse {
  const out: StoredResponse = { status: reply.status, headers: { ...idHeader, ...(reply.headers ?? {}) } };
  if (reply.json !== undefined) out.json = structuredClone(reply.json);
  else if (reply.body !== undefined) out.bodyBase64 = Buffer.from(reply.body).toString('base64');
  return out;
}

function fromStored(s: StoredResponse): Reply {
  const reply: Reply = { status: s.status, headers: { ...s.headers } };
  if (s.json !== undefined) reply.json = structuredClone(s.json);
  else if (s.bodyBase64 !== undefined) reply.body = Buffer.from(s.bodyBase64, 'base64');
  return reply;
}
