// What an apply still has to send, read from the account and the plan's report before anything is sent
// (PRODUCT §17): a row the report records as done, or whose object already equals the plan's "after", is
// skipped; a row not yet sent whose object changed since the plan (its updatedAt, status or paused; for a
// create, the short code or identifier now held) refuses the whole apply as drifted; a row sent before
// without a known outcome goes again with the same steps, so the same Idempotency-Keys.
import type { ApiClient } from '../api/client.js';
import { canonicalJson } from '../api/canonical-json.js';
import { ApiError } from '../errors.js';
import { accountCodes } from '../jobs/apply/job.js';
import type { ExistingCode } from '../jobs/apply/plan.js';
import { leavesOf } from '../jobs/import/fields.js';
import { campaignCards } from '../jobs/import/sync.js';
import type { CampaignCard } from '../jobs/import/types.js';
import { reportEntries } from '../jobs/rows/report-lines.js';
import type { PlannedChange } from '../jobs/rows/types.js';
import { own } from '../own.js';
import { PlanRefusal } from './contract.js';
import type { PlanFile, PlanRow } from './file.js';
import { readEach } from './reads.js';
const { lstatSync } = process.getBuiltinModule('node:fs');

/** Outcomes a step's report line records as done. */
export const DONE = new Set(['created', 'updated', 'trashed']);

export interface RowRecord {
  /** A request of this row may have left (any line but `not-sent`). */
  sent: boolean;
  /** Actions whose last line is a done outcome. */
  done: Set<string>;
}

export async function readRecords(report: string): Promise<Map<string, RowRecord>> {
  const out = new Map<string, RowRecord>();
  const st = lstatSync(report, { throwIfNoEntry: false });
  if (!st?.isFile() || st.size === 0) return out;
  for await (const e of reportEntries(report, `the report ${report}`, 'subject')) {
    if (e.type !== 'row' || e.row.subject === null) continue;
    let r = out.get(e.row.subject);
    if (!r) out.set(e.row.subject, (r = { sent: false, done: new Set() }));
    if (e.row.outcome !== 'not-sent') r.sent = true;
    const action = e.row.action ?? '';
    if (DONE.has(e.row.outcome)) r.done.add(action);
    else if (e.row.outcome !== 'sending' && e.row.outcome !== 'not-sent') r.done.delete(action);
  }
  return out;
}

/** Steps done according to the report (for a plan whose apply is not live). */
export function doneSteps(plan: PlanFile, records: Map<string, RowRecord>): number {
  let n = 0;
  for (const row of plan.rows) {
    const r = records.get(row.change.subject);
    if (r) n += row.steps.filter((s) => r.done.has(s.action)).length;
  }
  return n;
}

/** An object as it is now, for the comparisons ('gone': 404). */
type Current = { kind: 'qr'; q: ExistingCode } | { kind: 'card'; c: CampaignCard } | { kind: 'gone' };

interface Account {
  /** The object a row changes or creates, as it is now. */
  of(row: PlanRow): Current;
}

export interface Remaining {
  changes: PlannedChange[];
  /** Steps already done or not needed. */
  skipped: number;
  /** The id of a code an earlier apply created, for the update that follows (same step, same key). */
  ids: Map<string, string>;
}

export async function remaining(
  plan: PlanFile,
  client: ApiClient,
  records: Map<string, RowRecord>,
  signal: AbortSignal,
): Promise<Remaining> {
  const open = plan.rows.filter((row) => {
    const r = records.get(row.change.subject);
    return !row.steps.every((s) => r?.done.has(s.action));
  });
  const account = await readAccount(plan, open, client, signal);
  const isOpen = new Set(open);
  const out: Remaining = { changes: [], skipped: 0, ids: new Map() };
  const total = plan.rows.reduce((n, r) => n + r.steps.length, 0);
  for (const [line, row] of plan.rows.entries()) {
    const r = records.get(row.change.subject);
    if (!isOpen.has(row)) continue;
    const now = account.of(row);
    if (equalsAfter(row, now)) continue;
    const sent = r?.sent ?? false;
    if (!sent) {
      const why = drift(row, now);
      if (why)
        throw new PlanRefusal(
          'drifted',
          `${row.change.object === 'qr' ? 'QR code' : 'card'} ${row.change.subject} ${why} since the plan was made; nothing was sent: make a new plan`,
        );
    }
    let steps = row.steps.filter((s) => !r?.done.has(s.action));
    // A create sent before whose object exists now: it landed (its answer was lost).
    if (sent && row.before === null && now.kind !== 'gone') steps = steps.filter((s) => s.action !== 'create');
    if (now.kind === 'qr') out.ids.set(row.change.subject, now.q.id);
    if (steps.length) out.changes.push({ line: line + 1, subject: row.change.subject, steps });
  }
  out.skipped = total - out.changes.reduce((n, c) => n + c.steps.length, 0);
  return out;
}

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

function sameUrlText(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return typeof a === 'string' && typeof b === 'string' && new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

function equalsAfter(row: PlanRow, now: Current): boolean {
  if (row.after === 'gone') return now.kind === 'gone';
  const after = row.after;
  if (now.kind === 'qr') {
    return Object.entries(after).every(([k, v]) =>
      k === 'shortCode'
        ? String(v).toLowerCase() === now.q.shortCode.toLowerCase()
        : k === 'destinationUrl'
          ? sameUrlText(now.q.destinationUrl, v)
          : same((now.q as unknown as Record<string, unknown>)[k], v),
    );
  }
  if (now.kind === 'card') {
    const leaves = leavesOf(now.c.fields);
    return Object.entries((after.leaves ?? {}) as Record<string, unknown>).every(([k, v]) => same(own(leaves, k), v));
  }
  return false;
}

function drift(row: PlanRow, now: Current): string | undefined {
  const before = row.before;
  if (!before) {
    if (now.kind === 'gone') return undefined;
    return row.change.object === 'qr' ? 'is now held by another code' : 'now has a card';
  }
  if (now.kind === 'gone') return 'no longer exists';
  const o = now.kind === 'qr' ? now.q : now.c;
  if (o.updatedAt !== before.updatedAt) return `was changed (updatedAt ${before.updatedAt} → ${o.updatedAt ?? '?'})`;
  if (o.status !== before.status) return `changed status (${before.status} → ${o.status})`;
  if ((o.paused ?? false) !== before.paused) return `changed paused (${before.paused} → ${o.paused ?? false})`;
  return undefined;
}

async function readAccount(plan: PlanFile, open: PlanRow[], client: ApiClient, signal: AbortSignal): Promise<Account> {
  if (open.length === 0) return { of: () => ({ kind: 'gone' }) };
  if (plan.kind === 'qr_apply') {
    const codes = await accountCodes(client, signal);
    const byCode = new Map(codes.map((q) => [q.shortCode.toLowerCase(), q]));
    return {
      of: (row) => {
        const q = byCode.get(row.change.subject.toLowerCase());
        return q ? { kind: 'qr', q } : { kind: 'gone' };
      },
    };
  }
  if (plan.kind === 'roster_sync') {
    const { getCampaignSchema } = await import('../api/campaigns.js');
    const schema = await getCampaignSchema(client, plan.campaign_id ?? '', signal);
    const cards = await campaignCards(client, schema.templateId, signal);
    return {
      of: (row) => {
        const c = cards.get(row.change.subject);
        return c ? { kind: 'card', c } : { kind: 'gone' };
      },
    };
  }
  // qr_status and trash: each open row's object by id.
  const [{ getCard }, { getQrCode }] = await Promise.all([import('../api/cards.js'), import('../api/qr.js')]);
  const read = async (row: PlanRow): Promise<[string, Current]> => {
    const id = row.change.id ?? row.change.subject;
    try {
      if (row.change.object === 'card') {
        const c = await getCard(client, id, signal);
        return [
          id,
          { kind: 'card', c: { ...c, externalId: c.externalId ?? '', fields: c.fields as Record<string, unknown> } },
        ];
      }
      const q = await getQrCode(client, id, signal);
      return [id, { kind: 'qr', q: { ...q, destinationUrl: q.destinationUrl } }];
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return [id, { kind: 'gone' }];
      throw e;
    }
  };
  const byId = new Map<string, Current>(await readEach(open, read, signal));
  return { of: (row) => byId.get(row.change.id ?? row.change.subject) ?? { kind: 'gone' } };
}
