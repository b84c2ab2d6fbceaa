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
// 5. Leads sharing one createdAt may come back in a different order on every request. When a page
//    ends inside an instant, the next request starts at the first lead of that instant on this page
//    (re-reading it whole) instead of after the page, so no lead of that instant can slip between
//    two pages. An instant filling whole pages is read window by window; when a page moves past it,
//    the count of its leads is known (the offsets it spans), and the instant is read again from its
//    start (moved along when leads created meanwhile pushed it back) until every one of them has been seen (at most MAX_PASSES passes, else the walk fails:
//    the state is not saved, no lead is lost).
// 6. A server that keeps answering hasMore with pages already seen is stopped (PageProgress, exit 1).
// A lead written with a createdAt older than the cursor (a clock far behind, or backdated data) is
// outside any `since`-based sync: it cannot be seen by this or any later run.
import { InterruptedError, CliError, EXIT } from '../../errors.js';
import type { ApiClient } from '../../api/client.js';
import { fetchLeadsPage } from '../../api/leads.js';
import { PageProgress } from '../../api/pages.js';
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
  /** Ids of the exported leads that were locked (contact null), newest first, for the state's pending list. */
  lockedIds: string[];
}

export interface WalkOptions {
  /** Cursor of the previous run; its createdAt is the fixed `since`. */
  cursor: ExportCursor | null;
  /** `since` of a first run (no cursor). */
  since?: string;
  signal?: AbortSignal;
}

/** Passes over one instant that fills whole pages before giving up (5). */
export const MAX_PASSES = 50;

interface Instant {
  ms: number;
  /** Offset of its first lead. */
  start: number;
  /** Ids of its leads seen so far (exported now, before, or repeats). */
  seen: Set<string>;
  /** It filled a whole page: only several reads can show all of it. */
  spansPages: boolean;
  passes: number;
}

export async function walkLeads(client: ApiClient, spool: Pick<Spool, 'append'>, o: WalkOptions): Promise<WalkResult> {
  const since = o.cursor?.createdAt ?? o.since;
  const sinceMs = since === undefined ? undefined : Date.parse(since);
  const cursorMs = o.cursor ? Date.parse(o.cursor.createdAt) : undefined;
  const exportedBefore = new Set(o.cursor?.ids ?? []);

  let boundary: number | undefined;
  let boundaryIds = new Set<string>();
  let newestMs: number | undefined;
  let instant: Instant | undefined;
  const progress = new PageProgress('GET /leads');
  const result: WalkResult = { exported: 0, newestIds: [], pages: 0, lockedIds: [] };

  for (let offset = 0; ;) {
    let page;
    try {
      if (o.signal?.aborted) throw new Error('stopped');
      if (result.pages === 1) await client.ensurePaced(o.signal);
      page = await fetchLeadsPage(client, { since, includeArchived: true, limit: PAGE_SIZE, offset }, o.signal);
    } catch (e) {
      if (o.signal?.aborted)
        throw new InterruptedError('interrupted: nothing was exported and the state file is unchanged');
      throw e;
    }
    result.pages++;
    const times = page.data.map((l) => Date.parse(l.createdAt));
    let take = page.data.length;
    let again = false;
    if (instant && offset === instant.start && times[0]! > instant.ms) {
      // Leads created meanwhile pushed the instant back: it now starts at its first lead on this page.
      const at = times.indexOf(instant.ms);
      if (at > 0) instant.start = offset + at;
    }
    if (instant?.spansPages) {
      let past = times.findIndex((ms) => ms < instant!.ms);
      if (past < 0 && !page.pagination.hasMore) past = page.data.length; // the list ends inside the instant
      if (past >= 0) {
        for (let i = 0; i < past; i++) if (times[i] === instant.ms) instant.seen.add(page.data[i]!.id);
        const count = offset + past - instant.start;
        if (instant.seen.size < count) {
          // Not every lead of the instant was seen: read it again from its start, and nothing older yet (5).
          if (++instant.passes > MAX_PASSES) {
            throw new CliError(
              `GET /leads: the server's order of the ${count} leads created at ${new Date(instant.ms).toISOString()} changes on every request; ${instant.seen.size} of them seen after ${MAX_PASSES} passes; nothing was exported and the state file is unchanged`,
              EXIT.failed,
            );
          }
          take = past;
          again = true;
        } else {
          instant = undefined;
        }
      }
    }
    const lines: string[] = [];
    for (let i = 0; i < take; i++) {
      const lead = page.data[i]!;
      const ms = times[i]!;
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
      if (lead.locked === true) result.lockedIds.push(lead.id);
      lines.push(JSON.stringify(lead));
    }
    await spool.append(lines);
    result.exported += lines.length;
    if (again) {
      offset = instant!.start;
      progress.reset();
      continue;
    }
    if (!page.pagination.hasMore || page.data.length === 0) return result;
    // In a second pass over an instant, pages of repeats are expected: only the same page at a new offset counts.
    progress.check(
      page.data.map((l) => l.id),
      lines.length,
      offset,
      Boolean(instant?.passes),
      page.pagination.total,
    );

    // Where the next page starts (5): at the first lead of the instant this page ends in.
    const lastMs = times[times.length - 1]!;
    const first = times.indexOf(lastMs);
    if (instant?.ms !== lastMs) {
      instant = { ms: lastMs, start: offset + first, seen: new Set(), spansPages: false, passes: 0 };
    }
    for (let i = first; i < times.length; i++) instant.seen.add(page.data[i]!.id);
    if (first > 0) {
      offset += first;
    } else {
      instant.spansPages = true;
      offset += page.data.length;
    }
  }
}
