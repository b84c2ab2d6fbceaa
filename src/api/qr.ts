// QR code endpoints (api-spec "QR codes"): every non-card code.
import type { ApiClient, WriteOptions } from './client.js';
import { PagedList, type PageOptions } from './pages.js';
import { parseResponse } from './parse.js';
import { QrCode } from './schemas/qr.js';
import { idPath } from './ids.js';

const path = (id: string) => idPath('/qr-codes', id);

export interface QrQuery {
  search?: string;
  status?: string;
  type?: string;
}

export interface CreateQrBody {
  name: string;
  destinationUrl: string;
  shortCode?: string;
  status?: 'draft' | 'published';
}

export interface UpdateQrBody {
  name?: string;
  destinationUrl?: string;
  status?: string;
}

export function listQrCodes(client: ApiClient, query: QrQuery, opts: PageOptions): PagedList<QrCode> {
  return new PagedList(client, '/qr-codes', { ...query }, opts, (raw) => parseResponse(QrCode, raw, 'GET /qr-codes'));
}

export async function getQrCode(client: ApiClient, id: string, signal?: AbortSignal): Promise<QrCode> {
  return parseResponse(QrCode, await client.get(path(id), undefined, signal), 'GET /qr-codes/:id');
}

export async function createQrCode(client: ApiClient, body: CreateQrBody, opts: WriteOptions = {}): Promise<QrCode> {
  const res = await client.request('POST', '/qr-codes', {
    body,
    idempotencyKey: opts.idempotencyKey,
    signal: opts.signal,
  });
  return parseResponse(QrCode, res.data, 'POST /qr-codes');
}

export async function updateQrCode(
  client: ApiClient,
  id: string,
  body: UpdateQrBody,
  opts: WriteOptions = {},
): Promise<QrCode> {
  const res = await client.request('PATCH', path(id), {
    body,
    idempotencyKey: opts.idempotencyKey,
    signal: opts.signal,
  });
  return parseResponse(QrCode, res.data, 'PATCH /qr-codes/:id');
}

export async function deleteQrCode(client: ApiClient, id: string, opts: WriteOptions = {}): Promise<void> {
  await client.request('DELETE', path(id), { idempotencyKey: opts.idempotencyKey, signal: opts.signal });
}

export type { QrCode };
