// Walks GET /leads (newest first) with a FIXED `since` and spools every lead not exported before,
// once, page by page.
//
// Why no lead is lost or repeated, with one page in memory. Assumptions from the API contract: the
// list is ordered newest first by createdAt; createdAt is set when a lead is created, so a lead created
// while we page is at least as new as every lead already listed; leads do not leave the list (we pass
// includeArchived=true, so archiving does not remove one, and the API cannot delete leads).
//
// 1. Offsets only drift toward older leads. A lead created during the walk enters at the front and
//    pushes every older lead one position back; nothing moves forward, since nothing is removed. So
//    the page at the next offset starts where we stopped or earlier (repeating leads we have seen),
//    never later: every lead that existed when the walk began is listed to us at least once.
// 2. Repeats are recognised without remembering every id. Everything accepted so far is at least as
//    new as the oldest accepted lead (`boundary`). A lead newer than the boundary is a repeat, or was
//    created during the walk (it is left for the next run, see 3). A lead AT the boundary instant is a
//    repeat exactly when its id is in `boundaryIds` (the ids accepted at that instant, a small set).
//    A lead older than the boundary is new.
// 3. The cursor saved afterwards is the newest accepted createdAt plus the ids accepted at that
//    instant. A lead left out because it was created during the walk has createdAt >= that instant
//    and is not among those ids, so the next run (since = cursor, inclusive) lists it and exports it.
// 4. Leads at the previous cursor's instant come back (since is inclusive); those in the previous
//    cursor's ids were exported by the previous run and are skipped.
// A lead written with a createdAt older than the cursor (a clock far behind, or backdated data) is
// outside any `since`-based sync: it cannot be seen by this or any later run.
import { InterruptedError } from '../errors.js';
import type { ApiClient } from '../api/client.js';
import { fetchLeadsPage } from '../api/leads.js';
import type { Spool } from './spool.js';
import type { ExportCursor } from './state.js';

export const PAGE_SIZE = 100;

export interface WalkResult {
  exported: number;
  /** createdAt of the newest lead exported (as the API wrote it), and the ids exported at that instant. */
  newest?: string;
  newestIds: string[];
  oldest?: string;
  pages: number;
}

export interface WalkOptions {
  /** Cursor of the previous run; its createdAt is the fixed `since`. */
  cursor: ExportCursor | null;
  /** `since` of a first run (no cursor). */
  since?: string;
  signal?: AbortSignal;
}

export async function walkLeads(client: ApiClient, spool: Spool, o: WalkOptions): Promise<WalkResult> {
  const since = o.cursor?.createdAt ?? o.since;
  const sinceMs = since === undefined ? undefined : Date.parse(since);
  const cursorMs = o.cursor ? Date.parse(o.cursor.createdAt) : undefined;
  const exportedBefore = new Set(o.cursor?.ids ?? []);

  let boundary: number | undefined;
  let boundaryIds = new Set<string>();
  let newestMs: number | undefined;
  const result: WalkResult = { exported: 0, newestIds: [], pages: 0 };

  for (let offset = 0; ; ) {
    let page;
    try {
      page = await fetchLeadsPage(client, { since, includeArchived: true, limit: PAGE_SIZE, offset }, o.signal);
    } catch (e) {
      if (o.signal?.aborted) throw new InterruptedError('interrupted: nothing was exported and the state file is unchanged');
      throw e;
    }
    result.pages++;
    const lines: string[] = [];
    for (const lead of page.data) {
      const ms = Date.parse(lead.createdAt);
      if (sinceMs !== undefined && ms < sinceMs) continue; // not ours to export (defensive: the API filters)
      if (ms === cursorMs && exportedBefore.has(lead.id)) continue; // exported by the previous run (4)
      if (boundary !== undefined) {
        if (ms > boundary) continue; // a repeat, or created during the walk: next run (2, 3)
        if (ms === boundary && boundaryIds.has(lead.id)) continue; // a repeat (2)
      }
      if (boundary === undefined || ms < boundary) {
        boundary = ms;
        boundaryIds = new Set();
      }
      boundaryIds.add(lead.id);
      if (newestMs === undefined) {
        newestMs = ms;
        result.newest = lead.createdAt;
      }
      if (ms === newestMs) result.newestIds.push(lead.id);
      result.oldest = lead.createdAt;
      lines.push(JSON.stringify(lead));
    }
    await spool.append(lines);
    result.exported += lines.length;
    if (!page.pagination.hasMore || page.data.length === 0) return result;
    offset += page.data.length;
  }
}
