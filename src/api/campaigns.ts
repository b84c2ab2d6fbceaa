// Campaign ingestion endpoints: reads, the dry run and card creation.
import type { ApiClient } from './client.js';
import { PagedList, type PageOptions } from './pages.js';
import { parseResponse } from './parse.js';
import { Campaign, CampaignCard, CampaignSchema, DryRun } from './schemas/campaigns.js';
import { idPath } from './ids.js';

const path = (id: string, rest = '') => idPath('/campaigns', id, rest);

export function listCampaigns(client: ApiClient, opts: PageOptions): PagedList<Campaign> {
  return new PagedList(client, '/campaigns', {}, opts, (raw) => parseResponse(Campaign, raw, 'GET /campaigns'));
}

export async function getCampaign(client: ApiClient, id: string, signal?: AbortSignal): Promise<Campaign> {
  return parseResponse(Campaign, await client.get(path(id), undefined, signal), 'GET /campaigns/:id');
}

export async function getCampaignSchema(client: ApiClient, id: string, signal?: AbortSignal): Promise<CampaignSchema> {
  return parseResponse(
    CampaignSchema,
    await client.get(path(id, '/schema'), undefined, signal),
    'GET /campaigns/:id/schema',
  );
}

/** Dry run: creates nothing. Carries a random Idempotency-Key (never an import row's derived one). */
export async function testCampaignCard(
  client: ApiClient,
  id: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<DryRun> {
  const res = await client.request('POST', path(id, '/cards/test'), { body, signal });
  return parseResponse(DryRun, res.data, 'POST /campaigns/:id/cards/test');
}

export interface CreatedCard {
  card: CampaignCard;
  requestId?: string;
}

/** `body` may be a JSON string already (the import sends the exact bytes it hashed). */
export async function createCampaignCard(
  client: ApiClient,
  id: string,
  body: unknown,
  opts: { idempotencyKey?: string; signal?: AbortSignal } = {},
): Promise<CreatedCard> {
  const res = await client.request('POST', path(id, '/cards'), {
    body,
    idempotencyKey: opts.idempotencyKey,
    signal: opts.signal,
  });
  return {
    card: isCampaignCard(res.data) ? res.data : parseResponse(CampaignCard, res.data, 'POST /campaigns/:id/cards'),
    requestId: res.requestId,
  };
}

/**
 * The checks of the CampaignCard schema, by hand: an import runs them on every row, and the schema's
 * parse (which also copies the answer) was a tenth of the client's time per row. An answer that fails
 * them goes through the schema, which words the error.
 */
function isCampaignCard(data: unknown): data is CampaignCard {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const d = data as Record<string, unknown>;
  return (
    d.object === 'card' &&
    typeof d.id === 'string' &&
    typeof d.shortCode === 'string' &&
    typeof d.url === 'string' &&
    (d.externalId === null || typeof d.externalId === 'string') &&
    typeof d.paused === 'boolean'
  );
}
