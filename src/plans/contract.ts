// The contract between agent plans (src/plans/, `cardqr plans`) and their callers (the MCP tools of
// src/mcp/, `cardqr serve`). PRODUCT section 17. Types only: src/plans/index.ts implements it.
import type { ApiClient } from '../api/client.js';

export type PlanKind = 'qr_apply' | 'roster_sync' | 'qr_status' | 'trash';

export type PlanState = 'planned' | 'approved' | 'applying' | 'interrupted' | 'applied' | 'failed' | 'cancelled';

/** One write a plan will make, with what it changes: `old → new` per field (old null for a create). */
export interface PlanChange {
  /** The object's id (absent for a create) and its kind. */
  id?: string;
  object: 'card' | 'qr';
  /** The row's subject: short code, email or id. */
  subject: string;
  action: 'create' | 'update' | 'pause' | 'publish' | 'archive' | 'retarget' | 'trash';
  fields: Record<string, { old: unknown; new: unknown }>;
}

/** What a plan tool and `plans show` return (the plan file holds more: the rows and every "before"). */
export interface PlanView {
  plan_id: string;
  sha256: string;
  account: string;
  kind: PlanKind;
  summary: string;
  changes: PlanChange[];
  /** It trashes, pauses, archives or retargets: a person must approve it. */
  destructive: boolean;
  expires_at: string;
  state: PlanState;
  approved: boolean;
  /** Rows done of the total once applying started. */
  done: number;
  total: number;
}

export type PlanInput =
  | { kind: 'qr_apply'; rows: Array<Record<string, unknown>> }
  | {
      kind: 'roster_sync';
      campaign_id: string;
      rows: Array<Record<string, unknown>>;
      trash_missing: boolean;
      max_trash?: number;
    }
  | { kind: 'qr_status'; ids: string[]; status: 'active' | 'paused' | 'archived' }
  | { kind: 'trash'; ids: string[] };

/** Why `apply_plan` sent nothing. */
export type PlanRefusalCode =
  | 'not_found'
  | 'hash_mismatch'
  | 'expired'
  | 'cancelled'
  | 'other_account'
  | 'drifted'
  | 'not_approved'
  | 'cap_reached'
  | 'invalid';

export class PlanRefusal extends Error {
  constructor(
    readonly code: PlanRefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'PlanRefusal';
  }
}

export interface PlanDeps {
  /** The paced client (the MCP server's: half the key's rate). */
  api: () => Promise<ApiClient>;
  baseUrl: () => Promise<string>;
  env: Readonly<Record<string, string | undefined>>;
  /** The wall clock (expiry, timestamps); tests pass a fixed one. */
  now: () => Date;
  version: string;
  /** How long a plan may wait to be started; default 15 minutes (PLAN_TTL_MS). */
  ttlMs?: number;
}

export interface ApplyHooks {
  /** A cancel, a closed stdin or a lost session: the row in flight finishes, the plan is `interrupted`. */
  signal: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /**
   * Asks a person to approve a destructive plan not yet approved (MCP elicitation), naming the count,
   * the account and what stops working; undefined when the client cannot ask.
   */
  ask?: (plan: PlanView, message: string) => Promise<boolean>;
  /** The session's caps (`--max-writes`, `--max-trash`): writes and trashes left; undefined = no cap. */
  budget?: { writes?: number; trash?: number };
}

/** What `apply_plan` returns: the state, at most ~30 s after it was called (the apply goes on). */
export interface ApplyStatus {
  plan_id: string;
  state: PlanState;
  done: number;
  total: number;
  summary: string;
  /** Outcomes by kind once finished (`created`, `updated`, `failed`, `unknown`). */
  tallies?: Record<string, number>;
  /** Why the apply stopped early (an answer no later write could get past), once it stopped. */
  error?: string;
}

/** src/plans/index.ts exports an object of this shape as `plans(deps)`. */
export interface Plans {
  create(input: PlanInput): Promise<PlanView>;
  get(planId: string): Promise<PlanView>;
  list(): Promise<PlanView[]>;
  cancel(planId: string): Promise<PlanView>;
  /** Marks a plan approved (the terminal's `plans approve` after the 6 characters, or an accepted elicitation). */
  approve(planId: string, sha256: string): Promise<PlanView>;
  /** Refusals throw PlanRefusal before any request; resolves with the state within `returnAfterMs`. */
  apply(planId: string, sha256: string, hooks: ApplyHooks, returnAfterMs?: number): Promise<ApplyStatus>;
}
