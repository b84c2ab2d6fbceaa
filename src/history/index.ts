// The history store's read API for other parts of cardqr (the MCP `analytics` tool, a local dashboard):
// `openHistory(urlOrPath, env, defaultFile?)` opens a store read-only (a file path or a postgres:// URL;
// undefined: CARDQR_HISTORY_URL, else `defaultFile`, by default `<dataDir>/history.db`) and refuses one a newer cardqr wrote or that holds no
// snapshot (UsageError, exit 2); `hasDays(id, zone?, account?)` says whether it holds any day of an id;
// `series({ zone, by, ids?, since?, account? })` gives the rows `analytics history` prints,
// `{ id, day|week|month, scans }`; `close()` when done. A store may hold several accounts: a caller that
// knows its account (the MCP server, the dashboard) names it.
import { storeLocation } from './location.js';
import { openStore } from './open.js';
import { readSeries, type By, type SeriesRow } from './series.js';

export type { By, SeriesRow };

export interface HistoryReader {
  where: string;
  hasDays(id: string, zone?: string, account?: string): Promise<boolean>;
  series(q: { zone?: string; by: By; ids?: string[]; since?: string; account?: string }): Promise<SeriesRow[]>;
  close(): Promise<void>;
}

export async function openHistory(
  urlOrPath: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  defaultFile?: string,
): Promise<HistoryReader> {
  const store = await openStore(storeLocation(urlOrPath, env, defaultFile), { readOnly: true, env });
  try {
    await store.prepare({ migrate: false });
  } catch (e) {
    await store.close();
    throw e;
  }
  return {
    where: store.where,
    hasDays: (id, zone, account) => store.hasDays(id, zone, account),
    series: (q) =>
      readSeries(store, { zone: q.zone ?? 'UTC', by: q.by, ids: q.ids, since: q.since, account: q.account }),
    close: () => store.close(),
  };
}
