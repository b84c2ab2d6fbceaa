// HTTP plumbing: replies, the error shape of the API, body reading and canonical JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type ErrorType =
  'invalid_request' | 'authentication_error' | 'permission_error' | 'not_found' | 'conflict' | 'api_error';

export interface ErrorDetail {
  [key: string]: unknown;
}

/** What a handler returns. `json` is serialised with Content-Type application/json; `body` is sent as is. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  body?: Buffer | string;
}

/** Throw from a handler to answer `{error:{type,code,message,details?}}`. */
export class EmuError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'EmuError';
  }
  toReply(): Reply {
    return errorReply(this.status, this.type, this.code, this.message, this.details);
  }
}

export function errorReply(
  status: number,
  type: ErrorType,
  code: string,
  message: string,
  details?: ErrorDetail[],
): Reply {
  const error: Record<string, unknown> = { type, code, message };
  if (details && details.length) error.details = details;
  return { status, json: { error } };
}

export const ok = (json: unknown, headers?: Record<string, string>): Reply => ({ status: 200, json, headers });
export const created = (json: unknown, headers?: Record<string, string>): Reply => ({ status: 201, json, headers });
export const noContent = (): Reply => ({ status: 204 });
export const bytes = (body: Buffer | string, contentType: string, headers: Record<string, string> = {}): Reply => ({
  status: 200,
  body,
  headers: { 'Content-Type': contentType, ...headers },
});
/** The odd `{success:false,message}` shape (429, malformed JSON on POST /cards and POST /qr-codes). */
export const oddReply = (status: number, message: string, headers?: Record<string, string>): Reply => ({
  status,
  json: { success: false, message },
  headers,
});

export const notFound = (what = 'Resource'): EmuError =>
  new EmuError(404, 'not_found', 'resource_not_found', `${what} not found.`);
export const validationFailed = (details: ErrorDetail[], message = 'The request is invalid.'): EmuError =>
  new EmuError(422, 'invalid_request', 'validation_failed', message, details);
export const internalError = (): Reply =>
  errorReply(500, 'api_error', 'internal_error', 'Something went wrong on our side. Please try again.');

export interface ReadBody {
  raw: Buffer;
  tooLarge: boolean;
  size: number;
}

/** Read the whole body, keeping at most `keep` bytes; the rest is drained so the reply can still be sent. */
export function readBody(req: IncomingMessage, keep: number): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size <= keep) chunks.push(chunk);
      size += chunk.length;
    });
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      resolve({ raw: raw.length > keep ? raw.subarray(0, keep) : raw, tooLarge: size > keep, size });
    });
    req.on('error', reject);
  });
}

/** Write a reply; returns the status sent. */
/** Sends the reply; returns its status and the headers written (as given, before HTTP's own). */
export function send(
  res: ServerResponse,
  reply: Reply,
  extraHeaders: Record<string, string> = {},
): { status: number; headers: Record<string, string> } {
  const headers: Record<string, string> = { ...extraHeaders, ...(reply.headers ?? {}) };
  let payload: Buffer | string | undefined = reply.body;
  if (reply.json !== undefined && reply.status !== 204) {
    payload = JSON.stringify(reply.json);
    headers['Content-Type'] ??= 'application/json; charset=utf-8';
  }
  if (reply.status === 204) payload = undefined;
  if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
  res.writeHead(reply.status, headers);
  res.end(payload);
  return { status: reply.status, headers };
}

/** JSON with object keys sorted, so equal documents give equal strings (idempotency fingerprints). */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(sortKeys(value));
}
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as object).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || /^127\.\d+\.\d+\.\d+$/.test(a);
}
