// QR code endpoints (api-spec "QR codes"): every non-card code.
import type { ApiClient, WriteOptions } from './client.js';
import { PagedList, type PageOptions } from './pages.js';
import { parseResponse } from './parse.js';
import { writeRecord } from './write-record.js';
import { QrCode } from './schemas/qr.js';
import { idPath } from './ids.js';
import { ChangeNotShownError } from '../errors.js';

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
  return writeRecord(client, 'POST', '/qr-codes', body, opts, QrCode, 'POST /qr-codes', isQrCode);
}

export async function updateQrCode(
  client: ApiClient,
  id: string,
  body: UpdateQrBody,
  opts: WriteOptions = {},
): Promise<QrCode> {
  const qr = await writeRecord(client, 'PATCH', path(id), body, opts, QrCode, 'PATCH /qr-codes/:id', isQrCode);
  const unshown = unshownChanges(qr, body);
  if (unshown.length) throw new ChangeNotShownError(`the API answered ${id} with ${unshown.join(', ')}`);
  return qr;
}

/**
 * The checks of the QrCode schema, by hand, for the writes `qr apply` sends one per row (the schema's
 * parse also copies the answer). An answer that fails them goes through the schema, which words the error.
 */
function isQrCode(data: unknown): data is QrCode {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const d = data as Record<string, unknown>;
  return (
    d.object === 'qr_code' &&
    typeof d.id === 'string' &&
    typeof d.name === 'string' &&
    typeof d.type === 'string' &&
    typeof d.status === 'string' &&
    typeof d.shortCode === 'string' &&
    typeof d.url === 'string' &&
    typeof d.paused === 'boolean' &&
    typeof d.scanCount === 'number' &&
    typeof d.createdAt === 'string' &&
    typeof d.updatedAt === 'string'
  );
}

/** Each property asked for that the answer does not show, as `status paused (asked published)`. */
export function unshownChanges(qr: QrCode, body: UpdateQrBody): string[] {
  const out: string[] = [];
  const show = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'nothing'));
  if (body.name !== undefined && qr.name !== body.name) out.push(`name ${show(qr.name)} (asked ${body.name})`);
  if (body.status !== undefined && qr.status !== body.status)
    out.push(`status ${show(qr.status)} (asked ${body.status})`);
  if (body.destinationUrl !== undefined && !sameUrl(qr.destinationUrl, body.destinationUrl))
    out.push(`destination ${show(qr.destinationUrl)} (asked ${body.destinationUrl})`);
  return out;
}

/** The same address once both are parsed (a server may write `https://a.example` as `https://a.example/`). */
export function sameUrl(answer: unknown, asked: string): boolean {
  if (answer === asked) return true;
  try {
    return typeof answer === 'string' && new URL(answer).href === new URL(asked).href;
  } catch {
    return false;
  }
}

export async function deleteQrCode(client: ApiClient, id: string, opts: WriteOptions = {}): Promise<void> {
  await client.request('DELETE', path(id), { idempotencyKey: opts.idempotencyKey, signal: opts.signal });
}

export type { QrCode };
