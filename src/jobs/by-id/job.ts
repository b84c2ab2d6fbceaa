// Jobs over a list of ids, one request each (`qr pause|publish|archive`, `cards delete`, `qr delete`,
// `print retarget`), as row jobs (jobs/rows/): each id is a row of one step, with its own
// Idempotency-Key (PATCH and DELETE take one, so a dropped connection is retried safely). The plan
// needs no request, unless the question names each record: then one GET per id first (through the one
// loop), and an id that cannot be read is left out of the plan and reported.
import type { ApiClient } from '../../api/client.js';
import { ApiError, InterruptedError, isFatal, NotSentError } from '../../errors.js';
import { sendEach } from '../rows/loop.js';
import type { RowJob, RowPlan, StepDone } from '../rows/types.js';

export interface ByIdSpec {
  /** Recorded in a report's header and hashed into every key (`qr-pause`, `cards-delete`). */
  kind: string;
  /** The step's verb (`pause`, `delete`) and what it asks for. */
  action: string;
  intent: Readonly<Record<string, unknown>>;
  /** The outcome word of a step that succeeded (`paused`, `deleted`). */
  outcome: string;
  /** The one request for an id; what it answers is kept as the step's value. */
  send: (client: ApiClient, id: string, key: string) => Promise<unknown>;
  /**
   * The outcome of an id that no longer exists (`isGone`): nothing to do there, not a failure
   * (`print retarget`: a deleted code has no destination to move). Unset: a failure like any other.
   */
  absent?: string;
  /** One GET per id before the question names the records (left out: no request before the question). */
  describe?: (client: ApiClient, id: string) => Promise<string>;
}

export interface ByIdPlan extends RowPlan {
  /** `describe`: what the question shows for each id that could be read. */
  described: Array<{ id: string; text: string }>;
  /** `describe`: ids that could not be read, with the error (they are not in the plan). */
  unreadable: Array<{ id: string; error: unknown }>;
}

/** 404 resource_not_found: the object is gone (another 404, such as a wrong base URL, is a failure). */
export const isGone = (e: unknown): boolean =>
  e instanceof ApiError && e.status === 404 && e.code === 'resource_not_found';

export function byIdJob(ids: readonly string[], spec: ByIdSpec): RowJob<readonly string[], ByIdPlan> {
  return {
    kind: spec.kind,
    subjectField: 'id',
    reportFields: [],
    // No GET /me first: a few ids cost no more requests than before; the client still waits out a 429.
    readsAccount: false,
    read: async () => ids,
    plan: async (input, client, signal) => {
      const position = new Map(input.map((id, i) => [id, i + 1]));
      const described: ByIdPlan['described'] = [];
      const unreadable: ByIdPlan['unreadable'] = [];
      let planned: readonly string[] = input;
      if (spec.describe) {
        const describe = spec.describe;
        const r = await sendEach(
          input,
          async (id) => {
            try {
              const text = await describe(client, id);
              return { row: () => described.push({ id, text }) };
            } catch (e) {
              if (e instanceof NotSentError) throw e;
              return { row: () => unreadable.push({ id, error: e }), ...(isFatal(e) ? { fatal: e as Error } : {}) };
            }
          },
          (add) => add(),
          { concurrency: 1, signal },
        );
        if (r.fatal) throw r.fatal;
        if (r.stopped === 'interrupted') throw new InterruptedError('interrupted before anything was sent');
        planned = described.map((d) => d.id);
      }
      return {
        problems: [],
        described,
        unreadable,
        changes: planned.map((id) => ({
          line: position.get(id) ?? 0,
          subject: id,
          steps: [{ action: spec.action, intent: spec.intent }],
        })),
      };
    },
    send: async (_step, { client, change, key }): Promise<StepDone> => {
      try {
        return { outcome: spec.outcome, fields: {}, value: await spec.send(client, change.subject, key) };
      } catch (e) {
        if (spec.absent !== undefined && isGone(e)) return { outcome: spec.absent, fields: {} };
        throw e;
      }
    },
  };
}
