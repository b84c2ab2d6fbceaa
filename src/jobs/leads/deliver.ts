// One delivery of `leads follow` ({type, lead} as one JSON text) to its target, retried with backoff.
// What happens after the last attempt (the dead letter, or holding the cursor while the target is down)
// is decided by the queue (queue.ts). PRODUCT §12.
import type { Writable } from 'node:stream';
import { backoffMs, DELIVERY_BACKOFF } from '../../api/retry.js';
import { write } from '../../io.js';
import type { RawLead } from './locked.js';
import { waitUnlessStopped, type Sleep } from './wait.js';

export type DeliveryType = 'lead.created' | 'lead.unlocked';

/** Where a delivery was to go, as a dead-letter line records it (dead-letter.ts): never the secret. */
export type RecordedTarget = { forwardTo: string } | { exec: string };

export interface Delivery {
  type: DeliveryType;
  lead: RawLead;
}

/**
 * A weekly report (`cardqr report weekly`, PRODUCT §18) sent through the same targets: `deliveryId`
 * (`<account>/<ISO week>/<zone>`) goes out as the `Cardqr-Delivery-Id` header (--forward-to) or
 * CARDQR_DELIVERY_ID (--exec), so a receiver can drop a repeat.
 */
export interface ReportDelivery {
  type: 'report.weekly';
  deliveryId: string;
}

/**
 * How an attempt failed. `refused`: the target answered no (a 4xx; an --exec exit status other than 0
 * and 75): about this lead, so it goes to the dead letter after the last attempt. `down`: no answer
 * (connection refused, a timeout, a 5xx, 408/429; --exec exit 75 EX_TEMPFAIL, a kill): about the
 * target, so the next lead is tried before this one is given up.
 */
export type FailureKind = 'refused' | 'down';

/** An attempt that did not deliver (exit status, HTTP status, timeout): retried, then dead-lettered or held. */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
  ) {
    super(message);
  }
}

/** Where deliveries go. `send` resolves once delivered; a DeliveryFailure is retried, anything else is fatal. */
export interface Target {
  /** Words for the summary: "standard output", "sh -c '…'", "https://…". */
  describe: string;
  /** A failed attempt is retried and then dead-lettered (stdout failures end the run instead). */
  retries: boolean;
  /** What a dead-letter line records, for `leads replay` (never the secret). */
  recorded?: RecordedTarget;
  send(body: string, delivery: Delivery | ReportDelivery): Promise<void>;
}

/** The JSON text of a delivery (one line: no newline inside, as JSON.stringify writes it). */
export function deliveryBody(d: Delivery): string {
  return JSON.stringify({ type: d.type, lead: d.lead });
}

/** Standard output: one NDJSON line per delivery, handed to the stream before the cursor moves. */
export function stdoutTarget(stdout: Writable): Target {
  return {
    describe: 'standard output',
    retries: false,
    send: async (body) => {
      await write(stdout, `${body}\n`);
    },
  };
}

/** Wait before attempt n+1 after attempt n failed (n from 1): 1 s, doubling, at most 5 minutes, jittered. */
export function backoffAfter(attempt: number, random: () => number): number {
  return backoffMs(attempt - 1, random, DELIVERY_BACKOFF);
}

export type AttemptResult = { ok: true } | { ok: false; kind: FailureKind; error: string };

/** One attempt; a failure other than a DeliveryFailure (or any failure of a target that does not retry) is thrown. */
export async function attemptOnce(delivery: Delivery, target: Target): Promise<AttemptResult> {
  try {
    await target.send(deliveryBody(delivery), delivery);
    return { ok: true };
  } catch (e) {
    if (!(e instanceof DeliveryFailure) || !target.retries) throw e;
    return { ok: false, kind: e.kind, error: e.message };
  }
}

export interface RetryDeps {
  sleep: Sleep;
  /** The wall clock: when the first attempt failed (the "down since" of the queue). */
  now: () => Date;
  /** The monotonic clock (ms): the same instant, for durations. */
  clock: () => number;
  /** The jitter of the waits (a fixed one in tests). */
  random: () => number;
  signal?: AbortSignal;
  onRetry?: (e: { delivery: Delivery; attempt: number; waitMs: number; error: string }) => void;
}

export type DeliveryOutcome =
  | { kind: 'delivered'; attempts: number }
  /** Every attempt failed; `failure` is how the last one did. */
  | { kind: 'failed'; attempts: number; failure: FailureKind; error: string; firstFailed: { at: Date; clock: number } }
  /** A stop came during a backoff wait: not delivered; the cursor stays before it. */
  | { kind: 'stopped'; attempts: number };

/**
 * Sends one delivery until it is delivered or `maxAttempts` failed. The attempt in flight when a stop
 * comes is finished; no attempt starts after it (the backoff wait ends at once).
 */
export async function deliverWithRetries(
  delivery: Delivery,
  target: Target,
  maxAttempts: number,
  deps: RetryDeps,
): Promise<DeliveryOutcome> {
  let firstFailed: { at: Date; clock: number } | undefined;
  for (let attempt = 1; ; attempt++) {
    const r = await attemptOnce(delivery, target);
    if (r.ok) return { kind: 'delivered', attempts: attempt };
    firstFailed ??= { at: deps.now(), clock: deps.clock() };
    if (attempt >= maxAttempts)
      return { kind: 'failed', attempts: attempt, failure: r.kind, error: r.error, firstFailed };
    const waitMs = backoffAfter(attempt, deps.random);
    deps.onRetry?.({ delivery, attempt, waitMs, error: r.error });
    if (await waitUnlessStopped(deps.sleep, waitMs, deps.signal)) return { kind: 'stopped', attempts: attempt };
  }
}
