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
import { acquireLock, type HeldLock, type LockInfo } from '../../lock-file.js';
import { lockPathFor } from '../../fs/real-path.js';
import { followBusy } from '../export/busy.js';
import { deadLetterBusy } from './dead-letter.js';
import type { Target } from './deliver.js';
import { DeliveryQueue, type QueueEvent } from './queue.js';
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
  /** Retries, the dead letter, the target down and back (queue.ts). */
  | QueueEvent
  | { kind: 'poll-failed'; error: string; waitMs: number }
  | { kind: 'locked-dropped'; id: string; firstSeen: string; why: 'expired' | 'gone' };

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
  let deadLock: HeldLock | undefined;
  try {
    // `leads replay` rewrites the dead letter: never while a follow appends to it (dead-letter.ts).
    if (opts.deadLetter !== undefined)
      deadLock = await acquireLock(lockPathFor(opts.deadLetter), deps.now(), deadLetterBusy(opts.deadLetter));
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
      // While a lead is held (the target down, or not known yet), unlocked leads wait for the next sweep.
      if (polled !== 'held' && run.pending.size && deps.clock() >= nextSweep) {
        if ((await run.sweepLocked()) === 'stopped') break;
        nextSweep = deps.clock() + sweepEveryMs;
      }
      if (polled === 'failed') deps.onEvent?.({ kind: 'poll-failed', error: run.lastPollError, waitMs: intervalMs });
      if (await waitUnlessStopped(deps.sleep, intervalMs, signal)) break;
    }
    return run.summary();
  } finally {
    await deadLock?.release();
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
  private readonly queue: DeliveryQueue;

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
    this.queue = new DeliveryQueue(
      { target: opts.target, maxAttempts: opts.maxAttempts, deadLetter: opts.deadLetter },
      { sleep: deps.sleep, now: deps.now, clock: deps.clock, signal: deps.signal, onEvent: deps.onEvent },
    );
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

  /** One poll: every lead after the cursor, delivered oldest first; 'held': the cursor stays before a lead. */
  async poll(): Promise<'done' | 'stopped' | 'failed' | 'held'> {
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
      // Oldest first, with one lead of look-ahead: the queue may try the next one before the current.
      const leads = spool.reversed()[Symbol.asyncIterator]();
      let ahead: RawLead | undefined;
      const take = async (): Promise<RawLead | undefined> => {
        if (ahead) {
          const a = ahead;
          ahead = undefined;
          return a;
        }
        const r = await leads.next();
        return r.done ? undefined : (JSON.parse(r.value as string) as RawLead);
      };
      const peek = async () => (ahead ??= await take());
      for (let lead = await take(); lead; lead = await take()) {
        if (deps.signal.aborted) return 'stopped';
        const step = await this.queue.deliver({ type: 'lead.created', lead }, async () => {
          const next = await peek();
          return next && { type: 'lead.created', lead: next };
        });
        if (step.kind === 'stopped' || step.kind === 'held') return step.kind;
        if (step.kind === 'delivered') this.delivered++;
        else this.deadLettered++;
        await this.passed(lead);
        if (step.kind === 'poison' && step.next === 'delivered') {
          this.delivered++;
          await this.passed((await take())!);
        }
      }
      return 'done';
    } finally {
      await spool.dispose();
    }
  }

  /** The cursor moves past a delivered or dead-lettered lead, and is saved. */
  private async passed(lead: RawLead): Promise<void> {
    this.cursor = advanceCursor(this.cursor, lead.createdAt, [lead.id]);
    if (isLocked(lead)) this.pending.add(lead.id, this.deps.now());
    await this.save();
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
        // No next lead to tell a down target from a bad one: a lead failing as down stays pending.
        const step = await this.queue.deliver({ type: 'lead.unlocked', lead: r.lead }, async () => undefined);
        if (step.kind === 'stopped') return 'stopped';
        if (step.kind === 'held') return 'done';
        if (step.kind === 'delivered') this.unlocked++;
        else this.deadLettered++;
      } else {
        deps.onEvent?.({ kind: 'locked-dropped', id: entry.id, firstSeen: entry.firstSeen, why: r.kind });
      }
      this.pending.remove(entry.id);
      await this.save();
    }
    return 'done';
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
