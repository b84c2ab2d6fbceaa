// Card template endpoints (api-spec "Card templates").
import type { ApiClient } from './client.js';
import { PagedList, type PageOptions } from './pages.js';
import { parseResponse } from './parse.js';
import { CardTemplate } from './schemas/templates.js';
import { idPath } from './ids.js';

export function listTemplates(client: ApiClient, opts: PageOptions): PagedList<CardTemplate> {
  return new PagedList(client, '/templates', {}, opts, (raw) => parseResponse(CardTemplate, raw, 'GET /templates'));
}

export async function getTemplate(client: ApiClient, id: string, signal?: AbortSignal): Promise<CardTemplate> {
  return parseResponse(
    CardTemplate,
    await client.get(idPath('/templates', id), undefined, signal),
    'GET /templates/:id',
  );
}

export type { CardTemplate };
