// `leads_since`: the leads after an opaque cursor, oldest first, at most `limit`, with the next cursor.
// The walk is the export's (src/jobs/leads/walk.ts: no lead lost or repeated across pages); the cursor
// is the export's `{createdAt, ids}` (src/jobs/leads/state.ts) and the account, in base64url JSON, so it
// stays valid across restarts and needs no file. A cursor of another account is refused.
import type { ApiClient } from '../api/client.js';
import { UsageError } from '../errors.js';
import { advanceCursor, type ExportCursor } from '../jobs/leads/state.js';
import { walkLeads } from '../jobs/leads/walk.js';

interface CursorData {
  v: 1;
  account: string;
  createdAt: string;
  ids: string[];
}

export function encodeCursor(account: string, c: ExportCursor): string {
  const data: CursorData = { v: 1, account, createdAt: c.createdAt, ids: c.ids };
  return Buffer.from(JSON.stringify(data), 'utf8').toString('base64url');
}

export function decodeCursor(text: string): CursorData {
  const bad = new UsageError(
    'cursor: not a cursor returned by leads_since (leave it out to start from the first lead)',
  );
  let data: Partial<CursorData>;
  try {
    data = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<CursorData>;
  } catch {
    throw bad;
  }
  if (
    data?.v !== 1 ||
    typeof data.account !== 'string' ||
    typeof data.createdAt !== 'string' ||
    Number.isNaN(Date.parse(data.createdAt)) ||
    !Array.isArray(data.ids) ||
    !data.ids.every((id) => typeof id === 'string')
  )
    throw bad;
  return data as CursorData;
}

export interface LeadsSince {
  leads: Array<Record<string, unknown> & { id: string; createdAt: string }>;
  cursor: string | null;
  hasMore: boolean;
}

export async function leadsSince(
  client: ApiClient,
  o: { cursor?: string; limit: number; signal: AbortSignal },
): Promise<LeadsSince> {
  const given = o.cursor === undefined ? undefined : decodeCursor(o.cursor);
  const account = (await client.me(o.signal)).account.id;
  if (given && given.account !== account)
    throw new UsageError(
      `cursor: it belongs to account ${given.account}, but this server's key is for account ${account}`,
    );
  const prev: ExportCursor | null = given ? { createdAt: given.createdAt, ids: given.ids } : null;
  const lines: string[] = [];
  await walkLeads(client, { append: async (page) => void lines.push(...page) }, { cursor: prev, signal: o.signal });
  // The walk hands pages newest first; the batch is the oldest `limit`.
  const all = lines.reverse();
  const batch = all.slice(0, o.limit).map((l) => JSON.parse(l) as LeadsSince['leads'][number]);
  const last = batch.at(-1);
  const atLast = last
    ? batch.filter((l) => Date.parse(l.createdAt) === Date.parse(last.createdAt)).map((l) => l.id)
    : [];
  const next = advanceCursor(prev, last?.createdAt, atLast);
  return { leads: batch, cursor: next ? encodeCursor(account, next) : null, hasMore: all.length > batch.length };
}
