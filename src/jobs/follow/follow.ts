// `leads follow`: lock → read state → poll GET /leads?since=<cursor> (the export's walk, into a spool)
// → deliver each new lead, oldest first, saving the cursor after each → re-read locked leads now and
// then → wait → again, until a stop (SIGINT/SIGTERM). PRODUCT §12.
//
// Exactly once, give or take the one in flight. The state file (the export's format) changes only
// after a lead was delivered or dead-lettered, and is replaced atomically (temp + fsync + rename), so:
// killed before the save, the next run delivers that one lead again; killed after, it goes on from the
// next one. Nothing else is kept between polls: memory and the state stay flat however many leads pass
// (the cursor holds the ids at its newest instant only, plus the pending locked leads).
//
// Pace. GET /me tells the key's requestsPerMinute; follow spaces its own requests (polls, pages and
// locked re-reads) at least 120 s / rpm apart (half the key's rate, the other half left to other tools)
// and polls no faster than that. Locked leads are re-read in a sweep every max(10 × interval, 5 min).
// Every wait ends at once on a stop, and no request starts after one. Waits and the sweep's schedule run
// on the monotonic clock (`clock`): a wall clock stepped back an hour would stall the polls behind the
// last request, one stepped forward a day would skip waits. The wall clock (`now`) only dates things.
import { dirname } from 'node:path';
import { refuseOverlaps } from '../../fs/own-files.js';
import { lockedFileTarget } from '../../fs/real-path.js';
import type { ApiClient } from '../../api/client.js';
import { ApiError, UnavailableError } from '../../errors.js';
import { sweepTempFiles } from '../../fs/durable.js';
import { acquireLock, type LockInfo } from '../../lock-file.js';
import { followBusy } from '../export/busy.js';
import { deliverWithRetries, type Delivery, type DeliveryOutcome, type Target } from './deliver.js';
import { isLocked, PendingSet, recheckLocked, type RawLead } from '../export/locked.js';
import { Spool } from '../export/spool.js';
import {
  advanceCursor,
  checkStateAccount,
  checkStateApi,
  readState,
  writeStateAtomic,
  type ExportCursor,
} from '../export/state.js';
import { waitUnlessStopped, type Sleep } from '../export/wait.js';
import { walkLeads } from '../export/walk.js';

export interface FollowOptions {
  statePath: string;
  /** Asked poll interval; raised to the key's room when shorter. */
  intervalMs: number;
  lockedWindowMs: number;
  maxAttempts: number;
  target: Target;
  /** Required when the target retries. */
  deadLetter?: string;
  /** First run only (no cursor yet): start at leads created at or after this instant. */
  since?: string;
}

export interface FollowDeps {
  client: ApiClient;
  baseUrl: string;
  /** The wall clock: timestamps only (the lock, the state's lastRun, a locked lead's firstSeen, a dead letter). */
  now: () => Date;
  /** Monotonic ms for every wait (the pace between requests, the sweep's schedule): the wall clock can step. */
  clock: () => number;
  sleep: Sleep;
  /** A stop (SIGINT/SIGTERM): the delivery in flight finishes, the state is saved, the run returns. */
  signal: AbortSignal;
  onEvent?: (e: FollowEvent) => void;
}

export type FollowEvent =
  | {
      kind: 'started';
      intervalMs: number;
      askedMs: number;
      requestsPerMinute?: number;
      cursor: ExportCursor | null;
      /** --since of a first run (no cursor yet). */
      since?: string;
      pending: number;
      tookOverLock?: LockInfo;
    }
  | { kind: 'retry'; id: string; type: Delivery['type']; attempt: number; waitMs: number; error: string }
  | { kind: 'dead-lettered'; id: string; type: Delivery['type']; attempts: number; error: string; file: string }
  | { kind: 'poll-failed'; error: string; waitMs: number }
  | { kind: 'locked-dropped'; id: string; firstSeen: string; why: 'expired' | 'gone' }
  /** The dead letter ended in a line cut short (a run killed mid-write): `bytes` cut off before appending. */
  | { kind: 'dead-letter-torn'; file: string; bytes: number };

export interface FollowSummary {
  delivered: number;
  unlocked: number;
  deadLettered: number;
  polls: number;
  cursor: ExportCursor | null;
  pendingLocked: number;
}

/** Errors a poll survives (the service down for a while): noted, and the next poll tries again. */
function transient(e: unknown): boolean {
  return e instanceof UnavailableError || (e instanceof ApiError && (e.status >= 500 || e.status === 429));
}

export async function runLeadsFollow(opts: FollowOptions, deps: FollowDeps): Promise<FollowSummary> {
  const { client, signal } = deps;
  refuseOverlaps([
    { flag: '--state', path: opts.statePath, suffixes: ['.lock', '.spool'], temp: true },
    opts.deadLetter !== undefined ? { flag: '--dead-letter', path: opts.deadLetter, suffixes: [] } : undefined,
  ]);
  // The file, not the path as typed: a second follow through a symlink (or `./s.state`) meets this
  // lock, and a state that is a symlink is written through (src/fs/real-path.ts).
  const statePath = lockedFileTarget('--state', opts.statePath);
  const lock = await acquireLock(`${statePath}.lock`, deps.now(), followBusy);
  try {
    await sweepTempFiles(dirname(statePath), [statePath]);
    const prev = await readState(statePath, opts.statePath);
    checkStateApi(prev, opts.statePath, deps.baseUrl);
    const idle = (): FollowSummary => ({
      delivered: 0,
      unlocked: 0,
      deadLettered: 0,
      polls: 0,
      cursor: prev?.cursor ?? null,
      pendingLocked: prev?.pending?.length ?? 0,
    });
    if (signal.aborted) return idle(); // stopped before the first request: nothing to finish
    const { getMe } = await import('../../api/me.js');
    const me = await getMe(client);
    checkStateAccount(prev, opts.statePath, me.account.id);
    const rpm = me.rateLimit.requestsPerMinute > 0 ? me.rateLimit.requestsPerMinute : undefined;
    client.setRate(rpm);
    const gapMs = rpm ? Math.ceil(120_000 / rpm) : 0;
    const intervalMs = Math.max(opts.intervalMs, gapMs);
    const sweepEveryMs = Math.max(10 * intervalMs, 300_000);

    const run = new FollowRun(
      opts,
      deps,
      me.account.id,
      prev?.cursor ?? null,
      new PendingSet(prev?.pending),
      gapMs,
      statePath,
    );
    deps.onEvent?.({
      kind: 'started',
      intervalMs,
      askedMs: opts.intervalMs,
      requestsPerMinute: rpm,
      cursor: run.cursor,
      since: run.cursor ? undefined : opts.since,
      pending: run.pending.size,
      tookOverLock: lock.tookOver,
    });
    // Leads left pending by an earlier run are re-read after the first poll; new ones at the next sweep.
    let nextSweep = deps.clock() + (run.pending.size ? 0 : sweepEveryMs);
    while (!signal.aborted) {
      const polled = await run.poll();
      if (polled === 'stopped') break;
      if (run.pending.size && deps.clock() >= nextSweep) {
        if ((await run.sweepLocked()) === 'stopped') break;
        nextSweep = deps.clock() + sweepEveryMs;
      }
      if (polled === 'failed') deps.onEvent?.({ kind: 'poll-failed', error: run.lastPollError, waitMs: intervalMs });
      if (await waitUnlessStopped(deps.sleep, intervalMs, signal)) break;
    }
    return run.summary();
  } finally {
    await lock.release();
  }
}

class FollowRun {
  delivered = 0;
  unlocked = 0;
  deadLettered = 0;
  polls = 0;
  lastPollError = '';
  /** GET /me was the first request. */
  private lastRequestAt: number;

  constructor(
    private readonly opts: FollowOptions,
    private readonly deps: FollowDeps,
    private readonly accountId: string,
    public cursor: ExportCursor | null,
    readonly pending: PendingSet,
    private readonly gapMs: number,
    /** The state file resolved (opts.statePath is the name given, for messages). */
    private readonly statePath: string,
  ) {
    this.lastRequestAt = deps.clock();
  }

  summary(): FollowSummary {
    const { delivered, unlocked, deadLettered, polls, cursor } = this;
    return { delivered, unlocked, deadLettered, polls, cursor, pendingLocked: this.pending.size };
  }

  /** Before every request: at least gapMs after the previous one; false when a stop came. */
  private async gate(): Promise<boolean> {
    const wait = this.lastRequestAt + this.gapMs - this.deps.clock();
    if (await waitUnlessStopped(this.deps.sleep, wait, this.deps.signal)) return false;
    this.lastRequestAt = this.deps.clock();
    return true;
  }

  /** One poll: every lead after the cursor, delivered oldest first. */
  async poll(): Promise<'done' | 'stopped' | 'failed'> {
    const { deps } = this;
    const spool = await Spool.create(`${this.statePath}.spool`);
    try {
      this.polls++;
      try {
        await walkLeads(deps.client, spool, {
          cursor: this.cursor,
          since: this.cursor ? undefined : this.opts.since,
          signal: deps.signal,
          beforePage: async () => void (await this.gate()),
        });
      } catch (e) {
        if (deps.signal.aborted) return 'stopped';
        if (!transient(e)) throw e;
        this.lastPollError = (e as Error).message;
        return 'failed';
      }
      for await (const line of spool.reversed()) {
        if (deps.signal.aborted) return 'stopped';
        const lead = JSON.parse(line) as RawLead;
        const outcome = await this.deliver({ type: 'lead.created', lead });
        if (outcome.kind === 'stopped') return 'stopped';
        this.cursor = advanceCursor(this.cursor, lead.createdAt, [lead.id]);
        if (isLocked(lead)) this.pending.add(lead.id, deps.now());
        await this.save();
      }
      return 'done';
    } finally {
      await spool.dispose();
    }
  }

  /** Re-reads each pending locked lead (paced); an unlocked one is delivered as lead.unlocked. */
  async sweepLocked(): Promise<'done' | 'stopped'> {
    const { deps } = this;
    for (const entry of this.pending.list()) {
      if (deps.signal.aborted) return 'stopped';
      // The window spans runs (firstSeen is stored): a date against a date, so the wall clock.
      const windowOver = deps.now().getTime() - Date.parse(entry.firstSeen) > this.opts.lockedWindowMs;
      if (!windowOver && !(await this.gate())) return 'stopped';
      let r;
      try {
        r = await recheckLocked(deps.client, entry, deps.now(), this.opts.lockedWindowMs, deps.signal);
      } catch (e) {
        if (deps.signal.aborted) return 'stopped';
        if (!transient(e)) throw e;
        return 'done'; // the next sweep tries again
      }
      if (r.kind === 'still') continue;
      if (r.kind === 'unlocked') {
        const outcome = await this.deliver({ type: 'lead.unlocked', lead: r.lead });
        if (outcome.kind === 'stopped') return 'stopped';
        if (outcome.kind === 'delivered') this.unlocked++;
      } else {
        deps.onEvent?.({ kind: 'locked-dropped', id: entry.id, firstSeen: entry.firstSeen, why: r.kind });
      }
      this.pending.remove(entry.id);
      await this.save();
    }
    return 'done';
  }

  private async deliver(d: Delivery): Promise<DeliveryOutcome> {
    const { deps, opts } = this;
    const outcome = await deliverWithRetries(
      d,
      opts.target,
      { maxAttempts: opts.maxAttempts, deadLetter: opts.deadLetter },
      {
        sleep: deps.sleep,
        now: deps.now,
        signal: deps.signal,
        onRetry: (e) =>
          deps.onEvent?.({
            kind: 'retry',
            id: d.lead.id,
            type: d.type,
            attempt: e.attempt,
            waitMs: e.waitMs,
            error: e.error,
          }),
        onTornDeadLetter: (bytes) => deps.onEvent?.({ kind: 'dead-letter-torn', file: opts.deadLetter!, bytes }),
      },
    );
    if (outcome.kind === 'delivered' && d.type === 'lead.created') this.delivered++;
    if (outcome.kind === 'dead-lettered') {
      this.deadLettered++;
      deps.onEvent?.({
        kind: 'dead-lettered',
        id: d.lead.id,
        type: d.type,
        attempts: outcome.attempts,
        error: outcome.error,
        file: opts.deadLetter!,
      });
    }
    return outcome;
  }

  private async save(): Promise<void> {
    await writeStateAtomic(
      this.statePath,
      {
        version: 1,
        baseUrl: this.deps.baseUrl,
        accountId: this.accountId,
        cursor: this.cursor,
        lastRun: { finishedAt: this.deps.now().toISOString(), exported: this.delivered + this.unlocked },
        pending: this.pending.toState(),
      },
      this.opts.statePath,
    );
  }
}
