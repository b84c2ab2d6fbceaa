// Card endpoints (api-spec "Cards").
import type { ApiClient, WriteOptions } from './client.js';
import { PagedList, type PageOptions } from './pages.js';
import { parseResponse } from './parse.js';
import { writeRecord } from './write-record.js';
import { Card, WalletLinks, type CardFields } from './schemas/cards.js';
import { idPath } from './ids.js';

const path = (id: string, rest = '') => idPath('/cards', id, rest);

export interface CardsQuery {
  search?: string;
  templateId?: string;
  status?: string;
}

export interface CreateCardBody {
  fields: Record<string, unknown>;
  name?: string;
  templateId?: string;
  shortCode?: string;
  status?: 'draft' | 'published';
}

export interface UpdateCardBody {
  fields: Record<string, unknown>;
  templateId?: string | null;
}

export function listCards(client: ApiClient, query: CardsQuery, opts: PageOptions): PagedList<Card> {
  return new PagedList(client, '/cards', { ...query }, opts, (raw) => parseResponse(Card, raw, 'GET /cards'));
}

export async function getCard(client: ApiClient, id: string, signal?: AbortSignal): Promise<Card> {
  return parseResponse(Card, await client.get(path(id), undefined, signal), 'GET /cards/:id');
}

export async function createCard(client: ApiClient, body: CreateCardBody, opts: WriteOptions = {}): Promise<Card> {
  return writeRecord(client, 'POST', '/cards', body, opts, Card, 'POST /cards');
}

export async function updateCard(
  client: ApiClient,
  id: string,
  body: UpdateCardBody,
  opts: WriteOptions = {},
): Promise<Card> {
  return writeRecord(client, 'PATCH', path(id), body, opts, Card, 'PATCH /cards/:id');
}

export async function deleteCard(client: ApiClient, id: string, opts: WriteOptions = {}): Promise<void> {
  await client.request('DELETE', path(id), { idempotencyKey: opts.idempotencyKey, signal: opts.signal });
}

export async function getWalletLinks(client: ApiClient, id: string, signal?: AbortSignal): Promise<WalletLinks> {
  return parseResponse(WalletLinks, await client.get(path(id, '/wallet'), undefined, signal), 'GET /cards/:id/wallet');
}

export type { Card, CardFields, WalletLinks };
