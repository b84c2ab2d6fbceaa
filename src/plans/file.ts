// A plan file (PRODUCT §17): `<stateDir>/plans/<plan_id>.json` (folder 0700, file 0600), written whole and
// atomically (fs/durable.ts). It holds what the plan will write (its rows: each with the "before" of the
// object it changes, the "after" it leads to, and the steps the row engine sends), the SHA-256 of that
// content, the expiry, the state and the approval. Beside it: `<plan_id>.report.ndjson` (the row engine's
// report of the apply) and `<plan_id>.json.lock` (the apply's owner, with its pid).
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { canonicalJson } from '../api/canonical-json.js';
import { replaceFile } from '../fs/durable.js';
import type { Step } from '../jobs/rows/types.js';
import { PlanRefusal, type PlanChange, type PlanKind, type PlanState } from './contract.js';
const { mkdir, readFile, readdir, chmod } = process.getBuiltinModule('node:fs/promises');

/** What an object held when the plan was made: the drift check compares these. */
export interface Before {
  updatedAt: string;
  status: string;
  paused: boolean;
  /** The values of the fields the row changes. */
  fields: Record<string, unknown>;
}

/** One row of a plan: one object, one or more writes (a code created as draft, then paused). */
export interface PlanRow {
  change: PlanChange;
  /** null for a create (then `held` says what must stay free: the short code or identifier). */
  before: Before | null;
  /** What the object holds once the row is applied ('gone': trashed). Compared on resume. */
  after: Record<string, unknown> | 'gone';
  steps: Step[];
}

/** The content the SHA-256 covers: everything that says what will be written, nothing of the state. */
export interface PlanContent {
  version: 1;
  plan_id: string;
  kind: PlanKind;
  account: string;
  base_url: string;
  created_at: string;
  expires_at: string;
  summary: string;
  destructive: boolean;
  /** Part of every Idempotency-Key of the apply: a resume sends with the same keys. */
  nonce: string;
  /** roster_sync: the campaign. */
  campaign_id?: string;
  counts: Record<string, number>;
  rows: PlanRow[];
}

export interface PlanFile extends PlanContent {
  sha256: string;
  state: PlanState;
  approved: boolean;
  approved_at?: string;
  cancelled_at?: string;
  started_at?: string;
  ended_at?: string;
  /** Steps done of the total when the apply last stopped (a live apply counts in memory). */
  done: number;
  tallies?: Record<string, number>;
  /** Why the last apply stopped early (an answer no later write could get past). */
  last_error?: string;
}

const ID = /^plan_[0-9a-f]{16}$/;

export const newPlanId = (): string => `plan_${randomBytes(8).toString('hex')}`;

/**
 * SHA-256 of the plan's canonical content (api/canonical-json.ts): its fixed fields as one canonical JSON
 * line, then each row's on a line of its own, hashed as they are made (a 10,000-row plan never holds the
 * whole text).
 */
export function contentHash(content: PlanContent): string {
  const { version, plan_id, kind, account, base_url, created_at, expires_at, summary, destructive, nonce } = content;
  const fixed = { version, plan_id, kind, account, base_url, created_at, expires_at, summary, destructive, nonce };
  const hash = createHash('sha256').update(
    canonicalJson({ ...fixed, campaign_id: content.campaign_id, counts: content.counts }),
  );
  for (const row of content.rows) hash.update(`\n${canonicalJson(row)}`);
  return hash.digest('hex');
}

export class PlanStore {
  constructor(readonly dir: string) {}

  path(planId: string): string {
    return join(this.dir, `${planId}.json`);
  }
  report(planId: string): string {
    return join(this.dir, `${planId}.report.ndjson`);
  }
  lock(planId: string): string {
    return `${this.path(planId)}.lock`;
  }

  async ensureDir(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await chmod(this.dir, 0o700);
  }

  async write(plan: PlanFile): Promise<void> {
    await this.ensureDir();
    await replaceFile(this.path(plan.plan_id), `${JSON.stringify(plan)}\n`, {
      mode: 0o600,
      forceMode: true,
      what: `the plan file ${this.path(plan.plan_id)}`,
    });
  }

  /** The plan, or PlanRefusal not_found (an id of another shape is never a path). */
  async read(planId: string): Promise<PlanFile> {
    if (typeof planId !== 'string' || !ID.test(planId))
      throw new PlanRefusal(
        'not_found',
        `no plan ${JSON.stringify(String(planId).slice(0, 40))}: plan ids look like plan_0123456789abcdef`,
      );
    let text: string;
    try {
      text = await readFile(this.path(planId), 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new PlanRefusal('not_found', `no plan ${planId}`);
      throw e;
    }
    let plan: PlanFile | undefined;
    try {
      plan = JSON.parse(text) as PlanFile;
    } catch {
      plan = undefined; // cut short or written by hand: not a plan
    }
    if (plan?.version !== 1 || plan.plan_id !== planId || !Array.isArray(plan.rows))
      throw new PlanRefusal('not_found', `the file of plan ${planId} is not a plan this version reads`);
    return plan;
  }

  /** Read again, changed, written whole. */
  async update(planId: string, change: (plan: PlanFile) => void): Promise<PlanFile> {
    const plan = await this.read(planId);
    change(plan);
    await this.write(plan);
    return plan;
  }

  async ids(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    return names
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -'.json'.length))
      .filter((id) => ID.test(id));
  }
}
