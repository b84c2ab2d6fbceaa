// What a row job is and what the row engine (engine.ts) gives back. A job says how to read its input and
// plan each row against the account (plan), and how to send one step of a row (send); the engine owns
// everything else: the question, the report, keys, pacing, retries (the one client), Ctrl-C, the summary.
// Engines never print: the command wires the callbacks to its message channel.
import type { ApiClient } from '../../api/client.js';
import type { JobDeps } from './deps.js';

/** One write: a request, with exactly what it asks for (hashed into its Idempotency-Key). */
export interface Step {
  /** A verb for the report (`create`, `update`). */
  action: string;
  intent: Readonly<Record<string, unknown>>;
}

/** A row of the input that needs writes, in input order. Its steps go in order; a failed step ends the row. */
export interface PlannedChange {
  line: number;
  /** What the row is about (a short code): in the report and in every key. */
  subject: string;
  steps: Step[];
}

export interface Problem {
  line: number;
  message: string;
}

export interface RowPlan {
  /** Every problem of the input: a plan with any is never sent. */
  problems: Problem[];
  changes: PlannedChange[];
}

/** What a step achieved: its outcome word (`created`, `updated`) and the job's report fields. */
export interface StepDone {
  outcome: string;
  fields: Record<string, string | null>;
  /** What the answer held (a record the command shows), kept out of the report. */
  value?: unknown;
}

export interface StepContext {
  client: ApiClient;
  /** The row the step belongs to. */
  change: PlannedChange;
  key: string;
  /** What the row's earlier steps achieved (a create's id for the update that follows it). */
  earlier: StepDone[];
}

export interface RowJob<I, P extends RowPlan> {
  /** Recorded in the report's header and hashed into every key (`qr-apply`). */
  kind: string;
  /** The report's name for `subject` (`shortCode`). */
  subjectField: string;
  /** The job's own report fields, null on a line that failed (`qrCodeId`, `url`). */
  reportFields: readonly string[];
  /**
   * false: no GET /me before the plan (writes are paced by the 429s the client waits out, keys and the
   * report's header carry no account id). Default true: paced to the key's limit from GET /me.
   */
  readsAccount?: boolean;
  /** Reads the input, before any request (a file that cannot be read costs no request). */
  read(signal: AbortSignal): Promise<I>;
  /** Each row of the input against the account. */
  plan(input: I, client: ApiClient, signal: AbortSignal): Promise<P>;
  /** Sends one step; throws the client's errors as they are (the engine decides row failure or stop). */
  send(step: Step, ctx: StepContext): Promise<StepDone>;
  /**
   * A row an earlier run left `sending` or `unknown` (PRODUCT §16) that the plan finds nothing to do for:
   * what the account shows it became (`created` with its id), or undefined when it cannot tell.
   */
  settle?(subject: string, action: string, plan: P): StepDone | undefined;
}

/** `signal` (Ctrl-C): the request in flight finishes and is recorded; no other starts. */
export interface RowDeps<P extends RowPlan> extends JobDeps {
  /** Recorded in the report's header. */
  version: string;
  /** The plan, before anything is written. */
  onPlan?: (plan: P) => Promise<void> | void;
  /**
   * Whether to go on, once the plan is known (never for a dry run): the command asks, or refuses by
   * throwing. `{ noQuestion }` says instead why nothing needs asking (publish only undoes a pause).
   */
  confirm: ((plan: P) => Promise<boolean>) | NoQuestion;
  /** Sending starts (awaited: the command may start its progress display). */
  onSending?: (total: number) => Promise<void> | void;
  /** After each step that succeeded (its line is in the report). */
  onStep?: (done: StepDone, change: PlannedChange) => void;
  /** After each step that failed, or whose outcome is unknown (`errorCode` outcome_unknown); its line is in the report. */
  onFailure?: (failure: StepFailure) => void;
  /** The report ended in a line cut short by a killed run: `cut` bytes were cut off before appending. */
  onTornReport?: (cut: number) => void;
  /** An earlier run's row whose answer was lost, found done in the account (its line is in the report). */
  onSettled?: (subject: string, done: StepDone) => void;
  /** After each step's line is in the report: steps done of `total`. */
  onProgress?: (progress: { done: number; total: number; tallies: Readonly<Record<string, number>> }) => void;
}

/** A run that asks nothing before its writes, and the reason (for the reader: the engine only goes on). */
export interface NoQuestion {
  noQuestion: string;
}

export interface RowOptions {
  /** The append-only NDJSON report; without one the run keeps its outcomes in the summary only. */
  report?: string;
  /** The input file (recorded in the header). */
  file: string;
  dryRun: boolean;
  /**
   * The keys' nonce, when the writes must carry the keys of an earlier run (an agent plan resumed:
   * src/plans/). Default: a fresh one per run.
   */
  nonce?: string;
  /** The account, already read by the caller: no GET /me and no re-pacing here (the caller's pace stays). */
  accountId?: string;
}

export interface StepFailure {
  line: number;
  subject: string;
  action: string;
  errorCode: string;
  message: string;
  /** What the step threw (an ApiError carries the exit status a command may give). */
  error: unknown;
}

export type RowSummary<P extends RowPlan> =
  | { phase: 'invalid' | 'dry-run' | 'refused'; plan: P }
  | {
      phase: 'sent';
      plan: P;
      report?: string;
      /** Every step done, Ctrl-C, or an answer no later step can get past (`fatal`). */
      stopped: 'done' | 'interrupted' | 'fatal';
      fatal?: Error;
      /** Steps by outcome (`created`, `updated`, `failed`, `unknown`). */
      tallies: Record<string, number>;
      failures: StepFailure[];
      /** Steps that may have been applied: their answer was lost (exit 6 unless stopped). */
      unknowns: StepFailure[];
      /** Rows of earlier runs whose answer was lost, settled by reading the account. */
      settled: number;
      /** Steps planned, and how many were sent (a failed step's row sends no later step). */
      total: number;
      sent: number;
    };
