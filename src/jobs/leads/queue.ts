// The order of `leads follow`'s deliveries when they fail (PRODUCT §12, issue 35). A lead whose
// attempts were all refused (a 4xx; --exec exit ≠ 0, 75) goes to the dead letter and the cursor moves
// on. A lead whose last attempt failed as "down" (no answer, a timeout, a 5xx; --exec exit 75) is held
// and the next lead is tried once:
// - it is delivered (or refused: the target answered): the held lead was the problem (a poison lead),
//   it goes to the dead letter, and the cursor moves past both;
// - it fails as down too: the target is down. Nothing is dead-lettered and the cursor stays before the
//   held lead; the held lead is tried again after 1 s, doubling, at most 5 minutes apart (each failed
//   try followed by one try of the next lead), said once ("down since …"), and once when it is back.
// A held lead with no next lead yet ends the poll without moving the cursor; the next poll, with the
// leads that came meanwhile, goes on from it. So one bad lead never holds the later ones back for long,
// and a target that is down never empties the queue into the dead letter. Waits run on the monotonic
// clock; the wall clock only dates the dead letter and the "since".
import { waitUnlessStopped, type Sleep } from './wait.js';
import { appendDeadLetter } from './dead-letter.js';
import { attemptOnce, backoffAfter, deliverWithRetries, type Delivery, type Target } from './deliver.js';

export interface QueueOptions {
  target: Target;
  maxAttempts: number;
  /** Required when the target retries. */
  deadLetter?: string;
}

export interface QueueDeps {
  sleep: Sleep;
  now: () => Date;
  clock: () => number;
  /** The jitter of the waits (a fixed one in tests). */
  random: () => number;
  signal?: AbortSignal;
  onEvent?: (e: QueueEvent) => void;
}

type Type = Delivery['type'];
export type QueueEvent =
  | { kind: 'retry'; id: string; type: Type; attempt: number; waitMs: number; error: string }
  | { kind: 'dead-lettered'; id: string; type: Type; attempts: number; error: string; file: string; poison: boolean }
  /** The dead letter ended in a line cut short (a run killed mid-write): `bytes` cut off before appending. */
  | { kind: 'dead-letter-torn'; file: string; bytes: number }
  /** Said once: `id` and then `next` failed as down; the cursor is held from `id` on. */
  | { kind: 'down'; since: string; id: string; next: string; error: string }
  /** Said once after 'down': a delivery went through (or the target answered). */
  | { kind: 'back'; since: string; downForMs: number }
  /** Said once per lead: it failed as down and no later lead is there yet to tell a down target from a bad lead. */
  | { kind: 'held'; id: string; type: Type; attempts: number; error: string };

/** What the poll does with its cursor after `deliver(lead)`. */
export type Step =
  | { kind: 'delivered' }
  | { kind: 'dead-lettered' }
  /** The lead was dead-lettered as the problem; the next one was delivered (move past both) or refused once (deliver it as usual). */
  | { kind: 'poison'; next: 'delivered' | 'refused' }
  /** The cursor stays before the lead: the target is down, or no next lead tells yet. */
  | { kind: 'held' }
  | { kind: 'stopped' };

interface Held {
  id: string;
  type: Type;
  since: { at: Date; clock: number };
  attempts: number;
  error: string;
  /** Waits so far: the next is backoffAfter(waits). */
  waits: number;
  waitMs: number;
  nextTryAt: number;
  said: boolean;
}

export class DeliveryQueue {
  private held: Held | undefined;
  private down: { since: Date; at: number } | undefined;

  constructor(
    private readonly opts: QueueOptions,
    private readonly deps: QueueDeps,
  ) {}

  /** Whether the target is down now (said so, not back yet). */
  get isDown(): boolean {
    return this.down !== undefined;
  }

  /** Delivers `d`; `peekNext` gives the lead after it (without taking it), undefined when there is none yet. */
  async deliver(d: Delivery, peekNext: () => Promise<Delivery | undefined>): Promise<Step> {
    const { deps, opts } = this;
    if (this.held && this.held.id !== d.lead.id) this.held = undefined;
    if (this.held) return this.resolveHeld(d, peekNext);
    const r = await deliverWithRetries(d, opts.target, opts.maxAttempts, {
      sleep: deps.sleep,
      now: deps.now,
      clock: deps.clock,
      random: deps.random,
      signal: deps.signal,
      onRetry: (e) => deps.onEvent?.({ kind: 'retry', id: d.lead.id, type: d.type, ...pick(e) }),
    });
    if (r.kind === 'stopped') return { kind: 'stopped' };
    if (r.kind === 'delivered' || r.failure === 'refused') this.isBack();
    if (r.kind === 'delivered') return { kind: 'delivered' };
    if (r.failure === 'refused') {
      await this.deadLetter(d, r.attempts, r.error, false);
      return { kind: 'dead-lettered' };
    }
    const waitMs = backoffAfter(1, deps.random);
    this.held = {
      id: d.lead.id,
      type: d.type,
      since: r.firstFailed,
      attempts: r.attempts,
      error: r.error,
      waits: 1,
      waitMs,
      nextTryAt: deps.clock() + waitMs,
      said: false,
    };
    const p = await this.probe(d, peekNext);
    return p === 'down' ? this.resolveHeld(d, peekNext) : p;
  }

  /** The held lead again after its wait; each failed try as down is followed by one try of the next lead. */
  private async resolveHeld(d: Delivery, peekNext: () => Promise<Delivery | undefined>): Promise<Step> {
    const { deps, opts } = this;
    for (;;) {
      const h = this.held!;
      if (await waitUnlessStopped(deps.sleep, h.nextTryAt - deps.clock(), deps.signal)) return { kind: 'stopped' };
      h.attempts++;
      const r = await attemptOnce(d, opts.target);
      if (!r.ok) this.failedAgain(h, r.error);
      if (r.ok || r.kind === 'refused') {
        this.held = undefined;
        this.isBack();
        // Refused: the target answers again; the lead gets its attempts as any refused lead does.
        return r.ok ? { kind: 'delivered' } : this.deliver(d, peekNext);
      }
      const p = await this.probe(d, peekNext);
      if (p !== 'down') return p;
    }
  }

  /** One try of the lead after the held one: tells a poison lead from a target that is down. */
  private async probe(d: Delivery, peekNext: () => Promise<Delivery | undefined>): Promise<Step | 'down'> {
    const { deps, opts } = this;
    const h = this.held!;
    const next = await peekNext();
    if (!next) {
      if (!h.said && !this.down)
        deps.onEvent?.({ kind: 'held', id: h.id, type: h.type, attempts: h.attempts, error: h.error });
      h.said = true;
      return { kind: 'held' };
    }
    if (deps.signal?.aborted) return { kind: 'stopped' };
    const r = await attemptOnce(next, opts.target);
    if (r.ok || r.kind === 'refused') {
      this.held = undefined;
      this.isBack();
      await this.deadLetter(d, h.attempts, h.error, true);
      return { kind: 'poison', next: r.ok ? 'delivered' : 'refused' };
    }
    h.nextTryAt = deps.clock() + h.waitMs; // the wait runs from the last try
    if (!this.down) {
      this.down = { since: h.since.at, at: h.since.clock };
      deps.onEvent?.({
        kind: 'down',
        since: h.since.at.toISOString(),
        id: h.id,
        next: next.lead.id,
        error: r.error,
      });
    }
    return 'down';
  }

  private failedAgain(h: Held, error: string): void {
    h.error = error;
    h.waitMs = backoffAfter(++h.waits, this.deps.random);
    h.nextTryAt = this.deps.clock() + h.waitMs;
  }

  private isBack(): void {
    if (!this.down) return;
    const { since, at } = this.down;
    this.down = undefined;
    this.deps.onEvent?.({ kind: 'back', since: since.toISOString(), downForMs: this.deps.clock() - at });
  }

  private async deadLetter(d: Delivery, attempts: number, error: string, poison: boolean): Promise<void> {
    const { deps, opts } = this;
    const file = opts.deadLetter!;
    await appendDeadLetter(
      file,
      {
        delivery: { type: d.type, lead: d.lead },
        ...(opts.target.recorded ? { target: opts.target.recorded } : {}),
        attempts,
        lastError: error,
        deadLetteredAt: deps.now().toISOString(),
      },
      (bytes) => deps.onEvent?.({ kind: 'dead-letter-torn', file, bytes }),
    );
    deps.onEvent?.({ kind: 'dead-lettered', id: d.lead.id, type: d.type, attempts, error, file, poison });
  }
}

const pick = (e: { attempt: number; waitMs: number; error: string }) => ({
  attempt: e.attempt,
  waitMs: e.waitMs,
  error: e.error,
});
