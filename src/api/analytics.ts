// Typed analytics endpoints: GET /analytics/overview and GET /analytics/:id → scan_stats.
import type { ApiClient } from './client.js';
import { parseResponse } from './parse.js';
import { ScanStats, type Range } from './schemas/analytics.js';
import { idPath } from './ids.js';

export interface StatsQuery {
  range: Range;
  timeZone: string;
}

export async function getOverview(client: ApiClient, q: StatsQuery): Promise<ScanStats> {
  return parseResponse(ScanStats, await client.get('/analytics/overview', { ...q }), 'GET /analytics/overview');
}

export async function getScanStats(client: ApiClient, id: string, q: StatsQuery): Promise<ScanStats> {
  const path = idPath('/analytics', id);
  return parseResponse(ScanStats, await client.get(path, { ...q }), `GET ${path}`);
}
