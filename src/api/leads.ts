// Typed leads endpoints: GET /leads (paged, newest first) and GET /leads/:id.
import { ApiError } from '../errors.js';
import type { ApiClient } from './client.js';
import { PagedList, type ListEnvelope, type PageOptions } from './pages.js';
import { parseResponse } from './parse.js';
import { Lead, type LeadSource } from './schemas/leads.js';
import { idPath } from './ids.js';

export interface LeadsQuery {
  cardId?: string;
  source?: LeadSource;
  since?: string;
  includeArchived?: boolean;
}

export function listLeads(client: ApiClient, q: LeadsQuery, page: PageOptions): PagedList<Lead> {
  return new PagedList(client, '/leads', { ...q }, page, (raw) => parseResponse(Lead, raw, 'GET /leads'));
}

export async function getLead(client: ApiClient, id: string): Promise<Lead> {
  const path = idPath('/leads', id);
  return parseResponse(Lead, await client.get(path), `GET ${path}`);
}

/**
 * One raw page of GET /leads, for the export (which pages itself with a fixed `since`). Items are
 * checked for the two fields the export relies on (id, createdAt) and otherwise kept as sent, so
 * fields the API adds later reach the output.
 */
export async function fetchLeadsPage(
  client: ApiClient,
  q: LeadsQuery & { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<ListEnvelope<Record<string, unknown> & { id: string; createdAt: string }>> {
  const page = await client.get<ListEnvelope<unknown>>('/leads', { ...q }, signal);
  if (!page || page.object !== 'list' || !Array.isArray(page.data) || !page.pagination) {
    throw new ApiError(200, 'unexpected_response', 'unexpected response for GET /leads: not a list');
  }
  for (const item of page.data) {
    const l = item as { id?: unknown; createdAt?: unknown };
    if (typeof l?.id !== 'string' || typeof l.createdAt !== 'string' || Number.isNaN(Date.parse(l.createdAt))) {
      throw new ApiError(
        200,
        'unexpected_response',
        'unexpected response for GET /leads: a lead without id or createdAt',
      );
    }
  }
  return page as ListEnvelope<Record<string, unknown> & { id: string; createdAt: string }>;
}

/**
 * GET /leads/:id kept as the API sent it (for re-reading a lead exported while locked): checked for id
 * and createdAt only, like the export's pages.
 */
export async function fetchLeadRaw(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<Record<string, unknown> & { id: string; createdAt: string }> {
  const path = idPath('/leads', id);
  const lead = await client.get<{ id?: unknown; createdAt?: unknown }>(path, undefined, signal);
  if (typeof lead?.id !== 'string' || typeof lead.createdAt !== 'string' || Number.isNaN(Date.parse(lead.createdAt))) {
    throw new ApiError(
      200,
      'unexpected_response',
      `unexpected response for GET ${path}: a lead without id or createdAt`,
    );
  }
  return lead as Record<string, unknown> & { id: string; createdAt: string };
}

/** GET /leads items as the API sent them (crm-report reads `hubspot` without assuming its types). */
export function listLeadsRaw(
  client: ApiClient,
  q: LeadsQuery,
  page: PageOptions,
): PagedList<Record<string, unknown> & { id: string }> {
  return new PagedList(client, '/leads', { ...q }, page);
}
