// Opens the store a command names (location.ts) with the right database; PostgreSQL's client is loaded
// only for a postgres:// store, node:sqlite only here.
import type { CaFile } from '../api/trust.js';
import type { StoreLocation } from './location.js';
import { HistoryStore } from './store.js';

export async function openStore(
  loc: StoreLocation,
  opts: { readOnly: boolean; env: Readonly<Record<string, string | undefined>>; caFile?: CaFile },
): Promise<HistoryStore> {
  if (loc.kind === 'postgres') {
    const { openPostgres } = await import('./postgres.js');
    return new HistoryStore(await openPostgres(loc.target, loc.where, opts.env, opts.caFile));
  }
  const { openSqlite } = await import('./sqlite.js');
  return new HistoryStore(openSqlite(loc.target, { readOnly: opts.readOnly }));
}
