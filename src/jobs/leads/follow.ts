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
// Pace. The client paces follow's requests (polls, pages and locked re-reads) to half the key's rate
// (`paceToKey`, from GET /me; the other half is left to other tools), and follow polls no faster than
// that. Locked leads are re-read in a sweep every max(10 × interval, 5 min), through the row engine's
// loop (sendEach). Every wait ends at once on a stop, and no request starts after one. Waits and the
// sweep's schedule run on the monotonic clock (`clock`): a wall clock stepped back an hour would stall
// the polls behind the last request, one stepped forward a day would skip waits. The wall clock (`now`)
// only dates things.
import { dirname } from 'node:path';
import { refuseOverlaps } from '../../fs/own-files.js';
import { lockedFileTarget } from '../../fs/real-path.js';
import type { ApiClient } from '../../api/client.js';
import { ApiError, UnavailableError } from '../../errors.js';
import type { JobDeps } from '../rows/deps.js';
import { sendEach } from '../rows/loop.js';
import { sweepTempFiles } from '../../fs/durable.js';
import { acquireLock, type HeldLock, type LockInfo } from '../../lock-file.js';
import { lockPathFor } from '../../fs/real-path.js';
import { followBusy } from './busy.js';
import { deadLetterBusy } from './dead-letter.js';
import type { Target } from './deliver.js';
import { DeliveryQueue, type QueueEvent } from './queue.js';
import { isLocked, PendingSet, recheckLocked, type RawLead } from './locked.js';
import type { PendingLocked } from './state.js';
import { Spool } from './spool.js';
import {
  advanceCursor,
  checkStateAccount,
  checkStateApi,
  readState,
  writeStateAtomic,
  type ExportCursor,
} from './state.js';
import { waitUnlessStopped, type Sleep } from './wait.js';
import { walkLeads } from './walk.js';

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

/** The share of the key's rate follow takes (the rest is left to other tools). */
const FOLLOW_SHARE = 0.5;

/**
 * `now` dates the lock, the state's lastRun, a locked lead's firstSeen and a dead letter; `signal` is a
 * stop (SIGINT/SIGTERM): the delivery in flight finishes, the state is saved, the run returns.
 */
export interface FollowDeps extends JobDeps {
  /** Monotonic ms for every wait (the poll interval, the sweep's schedule): the wall clock can step. */
  clock: () => number;
  sleep: Sleep;
  /** The jitter of a delivery's retry waits (a fixed one in tests). */
  random: () => number;
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
  const { signal } = deps;
  const client = await deps.api();
  const baseUrl = await deps.baseUrl();
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
    checkStateApi(prev, opts.statePath, baseUrl);
    const idle = (): FollowSummary => ({
      delivered: 0,
      unlocked: 0,
      deadLettered: 0,
      polls: 0,
      cursor: prev?.cursor ?? null,
      pendingLocked: prev?.pending?.length ?? 0,
    });
    if (signal.aborted) return idle(); // stopped before the first request: nothing to finish
    const paced = await client.paceToKey({ share: FOLLOW_SHARE });
    const { me } = paced;
    checkStateAccount(prev, opts.statePath, me.account.id);
    const rpm = me.rateLimit.requestsPerMinute > 0 ? me.rateLimit.requestsPerMinute : undefined;
    const gapMs = paced.requestsPerMinute ? Math.ceil(60_000 / paced.requestsPerMinute) : 0;
    const intervalMs = Math.max(opts.intervalMs, gapMs);
    const sweepEveryMs = Math.max(10 * intervalMs, 300_000);

    const run = new FollowRun(opts, deps, client, {
      accountId: me.account.id,
      baseUrl,
      cursor: prev?.cursor ?? null,
      pending: new PendingSet(prev?.pending),
      statePath,
    });
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

/** Where a run starts: the account and API its state belongs to, its cursor and pending leads. */
interface RunStart {
  accountId: string;
  baseUrl: string;
  cursor: ExportCursor | null;
  pending: PendingSet;
  /** The state file resolved (opts.statePath is the name given, for messages). */
  statePath: string;
}

class FollowRun {
  delivered = 0;
  unlocked = 0;
  deadLettered = 0;
  polls = 0;
  lastPollError = '';
  cursor: ExportCursor | null;
  readonly pending: PendingSet;
  private readonly queue: DeliveryQueue;

  constructor(
    private readonly opts: FollowOptions,
    private readonly deps: FollowDeps,
    private readonly client: ApiClient,
    private readonly start: RunStart,
  ) {
    this.cursor = start.cursor;
    this.pending = start.pending;
    this.queue = new DeliveryQueue(
      { target: opts.target, maxAttempts: opts.maxAttempts, deadLetter: opts.deadLetter },
      {
        sleep: deps.sleep,
        now: deps.now,
        clock: deps.clock,
        random: deps.random,
        signal: deps.signal,
        onEvent: deps.onEvent,
      },
    );
  }

  summary(): FollowSummary {
    const { delivered, unlocked, deadLettered, polls, cursor } = this;
    return { delivered, unlocked, deadLettered, polls, cursor, pendingLocked: this.pending.size };
  }

  /** One poll: every lead after the cursor, delivered oldest first; 'held': the cursor stays before a lead. */
  async poll(): Promise<'done' | 'stopped' | 'failed' | 'held'> {
    const { deps } = this;
    const spool = await Spool.create(`${this.start.statePath}.spool`);
    try {
      this.polls++;
      try {
        await walkLeads(this.client, spool, {
          cursor: this.cursor,
          since: this.cursor ? undefined : this.opts.since,
          signal: deps.signal,
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

  /** Re-reads each pending locked lead (paced by the client); an unlocked one is delivered as lead.unlocked. */
  async sweepLocked(): Promise<'done' | 'stopped'> {
    const { deps } = this;
    // A sweep ends early when the service or the target is down: the next sweep tries again.
    const over = new AbortController();
    await sendEach(
      this.pending.list(),
      async (entry) => {
        if (await this.recheck(entry)) over.abort();
        return { row: entry };
      },
      () => undefined,
      { concurrency: 1, signal: AbortSignal.any([deps.signal, over.signal]) },
    );
    return deps.signal.aborted ? 'stopped' : 'done';
  }

  /** One pending lead re-read, and delivered or dropped; true when the sweep ends here. */
  private async recheck(entry: PendingLocked): Promise<boolean> {
    const { deps } = this;
    let r;
    try {
      r = await recheckLocked(this.client, entry, deps.now(), this.opts.lockedWindowMs, deps.signal);
    } catch (e) {
      if (deps.signal.aborted || transient(e)) return true;
      throw e;
    }
    if (r.kind === 'still') return false;
    if (r.kind === 'unlocked') {
      // No next lead to tell a down target from a bad one: a lead failing as down stays pending.
      const step = await this.queue.deliver({ type: 'lead.unlocked', lead: r.lead }, async () => undefined);
      if (step.kind === 'stopped' || step.kind === 'held') return true;
      if (step.kind === 'delivered') this.unlocked++;
      else this.deadLettered++;
    } else {
      deps.onEvent?.({ kind: 'locked-dropped', id: entry.id, firstSeen: entry.firstSeen, why: r.kind });
    }
    this.pending.remove(entry.id);
    await this.save();
    return false;
  }

  private async save(): Promise<void> {
    await writeStateAtomic(
      this.start.statePath,
      {
        version: 1,
        baseUrl: this.start.baseUrl,
        accountId: this.start.accountId,
        cursor: this.cursor,
        lastRun: { finishedAt: this.deps.now().toISOString(), exported: this.delivered + this.unlocked },
        pending: this.pending.toState(),
      },
      this.opts.statePath,
    );
  }
}
