// Leads exported or delivered while locked (contact null until the account's allowance covers them):
// remembered in the state file (`pending`, src/jobs/leads/state.ts) and re-read with GET /leads/:id until
// their contact is there, for at most the locked window. `leads export` re-reads them once per run,
// `leads follow` once per sweep (src/jobs/leads/follow.ts); a state without pending leads costs no request.
import type { ApiClient } from '../../api/client.js';
import { fetchLeadRaw } from '../../api/leads.js';
import { ApiError } from '../../errors.js';
import type { PendingLocked } from './state.js';

export const DEFAULT_LOCKED_WINDOW_MS = 30 * 86_400_000;

export type RawLead = Record<string, unknown> & { id: string; createdAt: string };

/** The API's word for it: `locked: true` (its contact is null until the allowance covers it). */
export function isLocked(lead: Record<string, unknown>): boolean {
  return lead.locked === true;
}

/** The pending ids in the order first seen; one entry per id. */
export class PendingSet {
  private readonly map = new Map<string, PendingLocked>();

  constructor(list: PendingLocked[] = []) {
    for (const p of list) if (!this.map.has(p.id)) this.map.set(p.id, { id: p.id, firstSeen: p.firstSeen });
  }

  get size(): number {
    return this.map.size;
  }

  add(id: string, now: Date): void {
    if (!this.map.has(id)) this.map.set(id, { id, firstSeen: now.toISOString() });
  }

  remove(id: string): void {
    this.map.delete(id);
  }

  list(): PendingLocked[] {
    return [...this.map.values()];
  }

  /** For the state file: undefined when empty (the key is then left out). */
  toState(): PendingLocked[] | undefined {
    return this.map.size ? this.list() : undefined;
  }
}

export type Recheck =
  | { kind: 'unlocked'; lead: RawLead }
  | { kind: 'still' }
  /** Locked for longer than the window: given up (no request sent). */
  | { kind: 'expired'; entry: PendingLocked }
  /** GET /leads/:id answered 404: the lead is no longer there. */
  | { kind: 'gone'; entry: PendingLocked };

/** Re-reads one pending lead (or gives it up past the window without asking). */
export async function recheckLocked(
  client: ApiClient,
  entry: PendingLocked,
  now: Date,
  windowMs: number,
  signal?: AbortSignal,
): Promise<Recheck> {
  if (now.getTime() - Date.parse(entry.firstSeen) > windowMs) return { kind: 'expired', entry };
  let lead: RawLead;
  try {
    lead = await fetchLeadRaw(client, entry.id, signal);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return { kind: 'gone', entry };
    throw e;
  }
  return isLocked(lead) ? { kind: 'still' } : { kind: 'unlocked', lead };
}
