// One delivery of `leads follow` ({type, lead} as one JSON text) to its target, retried with backoff,
// and written to the dead-letter file when every attempt failed. PRODUCT §12.
import type { Writable } from 'node:stream';
import { appendLineDurably } from '../../fs/durable.js';
import { write } from '../../io.js';
import type { RawLead } from '../export/locked.js';
import { waitUnlessStopped, type Sleep } from '../export/wait.js';

export type DeliveryType = 'lead.created' | 'lead.unlocked';

export interface Delivery {
  type: DeliveryType;
  lead: RawLead;
}

/** An attempt that did not deliver (exit status, HTTP status, timeout): retried, then dead-lettered. */
export class DeliveryFailure extends Error {}

/** Where deliveries go. `send` resolves once delivered; a DeliveryFailure is retried, anything else is fatal. */
export interface Target {
  /** Words for the summary: "standard output", "sh -c '…'", "https://…". */
  describe: string;
  /** A failed attempt is retried and then dead-lettered (stdout failures end the run instead). */
  retries: boolean;
  send(body: string, delivery: Delivery): Promise<void>;
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

/** Wait before attempt n+1 after attempt n failed (n from 1): 1 s, doubling, at most 5 minutes. */
export function backoffAfter(attempt: number): number {
  return Math.min(1000 * 2 ** Math.min(attempt - 1, 30), 300_000);
}

export interface RetryOptions {
  maxAttempts: number;
  /** Required for a target that retries. */
  deadLetter?: string;
}

export interface RetryDeps {
  sleep: Sleep;
  now: () => Date;
  signal?: AbortSignal;
  onRetry?: (e: { delivery: Delivery; attempt: number; waitMs: number; error: string }) => void;
  /** The dead letter ended in a line cut short (a run killed mid-write): `bytes` cut off before appending. */
  onTornDeadLetter?: (bytes: number) => void;
}

export type DeliveryOutcome =
  | { kind: 'delivered'; attempts: number }
  | { kind: 'dead-lettered'; attempts: number; error: string }
  /** A stop came during a backoff wait: not delivered; the cursor stays before it. */
  | { kind: 'stopped'; attempts: number };

/**
 * Sends one delivery until it is delivered or `maxAttempts` failed. The attempt in flight when a stop
 * comes is finished; no attempt starts after it (the backoff wait ends at once).
 */
export async function deliverWithRetries(
  delivery: Delivery,
  target: Target,
  o: RetryOptions,
  deps: RetryDeps,
): Promise<DeliveryOutcome> {
  const body = deliveryBody(delivery);
  for (let attempt = 1; ; attempt++) {
    try {
      await target.send(body, delivery);
      return { kind: 'delivered', attempts: attempt };
    } catch (e) {
      if (!(e instanceof DeliveryFailure) || !target.retries) throw e;
      if (attempt >= o.maxAttempts) {
        const record = {
          delivery: JSON.parse(body) as unknown,
          attempts: attempt,
          lastError: e.message,
          deadLetteredAt: deps.now().toISOString(),
        };
        await appendLineDurably(
          o.deadLetter!,
          JSON.stringify(record),
          `the dead-letter file ${o.deadLetter}`,
          deps.onTornDeadLetter,
        );
        return { kind: 'dead-lettered', attempts: attempt, error: e.message };
      }
      const waitMs = backoffAfter(attempt);
      deps.onRetry?.({ delivery, attempt, waitMs, error: e.message });
      if (await waitUnlessStopped(deps.sleep, waitMs, deps.signal)) return { kind: 'stopped', attempts: attempt };
    }
  }
}
