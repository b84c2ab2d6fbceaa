// qr_apply and qr_status plans. qr_apply is `qr apply`'s planner (jobs/apply/plan.ts) on rows given as
// objects instead of a file: every QR code of the account read (archived ones too), each row create,
// update or unchanged, every problem refused before anything is written. qr_status reads each id.
import type { ApiClient } from '../api/client.js';
import { idProblem } from '../api/ids.js';
import { accountCodes } from '../jobs/apply/job.js';
import { planApply, type ApplyRow, type ExistingCode } from '../jobs/apply/plan.js';
import { COLUMNS, type ApplyInput, type Column, type InputRow } from '../jobs/apply/read.js';
import type { Problem } from '../jobs/rows/types.js';
import { PlanRefusal, type PlanChange } from './contract.js';
import type { PlanRow } from './file.js';
import { readEach } from './reads.js';

export interface Planned {
  rows: PlanRow[];
  counts: Record<string, number>;
  summary: string;
}

const MAX_ROWS = 200_000;

export function invalid(problems: readonly Problem[], what = 'row'): PlanRefusal {
  const first = problems[0];
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  return new PlanRefusal('invalid', `${what} ${first.line}: ${first.message}${more}; nothing was planned`);
}

function inputOf(rows: unknown): ApplyInput {
  if (!Array.isArray(rows)) throw new PlanRefusal('invalid', 'rows must be a list of objects; nothing was planned');
  if (rows.length === 0) throw new PlanRefusal('invalid', 'rows is empty: nothing to plan');
  if (rows.length > MAX_ROWS) throw new PlanRefusal('invalid', `more than ${MAX_ROWS} rows: split them`);
  const problems: Problem[] = [];
  const columns = new Set<Column>();
  const out: InputRow[] = [];
  const isColumn = (k: string): k is Column => (COLUMNS as readonly string[]).includes(k);
  rows.forEach((value: unknown, i) => {
    const line = i + 1;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ line, message: 'not an object' });
      return;
    }
    const cells: InputRow['cells'] = {};
    for (const [k, v] of Object.entries(value)) {
      if (!isColumn(k)) problems.push({ line, message: `unknown property "${k}" (expected ${COLUMNS.join(', ')})` });
      else if (v !== null && v !== undefined && typeof v !== 'string')
        problems.push({ line, message: `${k} must be a string or null` });
      else if (v) {
        columns.add(k);
        cells[k] = v;
      }
    }
    out.push({ line, cells });
  });
  return { rows: out, columns, problems };
}

/** The most destructive thing an update does: archive > pause (or back to draft) > retarget > publish > update. */
function actionOf(row: ApplyRow): PlanChange['action'] {
  const to = (p: string) => row.changes.find((c) => c.property === p)?.to;
  const status = to('status');
  if (status === 'archived') return 'archive';
  // Back to draft, a published code stops opening too (api-spec: statuses): as destructive as a pause.
  if (status === 'paused' || status === 'draft') return 'pause';
  if (to('destinationUrl') !== undefined) return 'retarget';
  if (status === 'published') return 'publish';
  return 'update';
}

export async function planQrApply(client: ApiClient, rows: unknown, signal: AbortSignal): Promise<Planned> {
  const input = inputOf(rows);
  if (input.problems.length) throw invalid(input.problems);
  const existing = await accountCodes(client, signal);
  const plan = planApply('rows', input, existing);
  if (plan.problems.length) throw invalid(plan.problems);
  const byId = new Map<string, ExistingCode>(existing.map((q) => [q.id, q]));
  const steps = new Map(plan.changes.map((c) => [c.subject.toLowerCase(), c.steps]));
  const out: PlanRow[] = [];
  for (const row of plan.rows) {
    if (row.action === 'unchanged') continue;
    const fields = Object.fromEntries(row.changes.map((c) => [c.property, { old: c.from, new: c.to }]));
    const after = Object.fromEntries(row.changes.map((c) => [c.property, c.to]));
    const current = row.qrCodeId ? byId.get(row.qrCodeId) : undefined;
    out.push({
      change: {
        ...(row.qrCodeId ? { id: row.qrCodeId } : {}),
        object: 'qr',
        subject: row.shortCode,
        action: row.action === 'create' ? 'create' : actionOf(row),
        fields,
      },
      before: current
        ? {
            updatedAt: current.updatedAt ?? '',
            status: current.status,
            paused: current.paused ?? false,
            fields: Object.fromEntries(row.changes.map((c) => [c.property, c.from])),
          }
        : null,
      after: { ...after, shortCode: row.shortCode },
      steps: steps.get(row.shortCode.toLowerCase()) ?? [],
    });
  }
  const { create, update, unchanged } = plan.counts;
  return {
    rows: out,
    counts: { create, update, unchanged, untouched: plan.untouched },
    summary: `QR codes: create ${create}, update ${update}, unchanged ${unchanged}; ${plan.untouched} other codes of the account untouched`,
  };
}

const STATUS_OF = { active: 'published', paused: 'paused', archived: 'archived' } as const;
const VERB_OF = { published: 'publish', paused: 'pause', archived: 'archive' } as const;

export function checkIds(ids: unknown): string[] {
  if (!Array.isArray(ids) || ids.length === 0)
    throw new PlanRefusal('invalid', 'ids must be a non-empty list of ids; nothing was planned');
  if (ids.length > MAX_ROWS) throw new PlanRefusal('invalid', `more than ${MAX_ROWS} ids: split them`);
  const seen = new Set<string>();
  ids.forEach((id: unknown, i) => {
    const p = typeof id === 'string' ? idProblem(id) : 'is not a string';
    if (p) throw new PlanRefusal('invalid', `id ${i + 1} ${p}; nothing was planned`);
    if (seen.has(id as string))
      throw new PlanRefusal('invalid', `id ${id as string} is given twice; nothing was planned`);
    seen.add(id as string);
  });
  return ids as string[];
}

export async function planQrStatus(
  client: ApiClient,
  ids: unknown,
  status: unknown,
  signal: AbortSignal,
): Promise<Planned> {
  const list = checkIds(ids);
  if (typeof status !== 'string' || !Object.hasOwn(STATUS_OF, status))
    throw new PlanRefusal('invalid', `status must be one of active, paused, archived; nothing was planned`);
  const target = STATUS_OF[status as keyof typeof STATUS_OF];
  const { getQrCode } = await import('../api/qr.js');
  const codes = await readEach(
    list,
    (id) =>
      getQrCode(client, id, signal).catch((e: unknown) => {
        throw notReadable(e, id, 'QR code');
      }),
    signal,
  );
  const out: PlanRow[] = [];
  let unchanged = 0;
  for (const q of codes) {
    if (q.status === target) {
      unchanged++;
      continue;
    }
    out.push({
      change: {
        id: q.id,
        object: 'qr',
        subject: q.id,
        action: VERB_OF[target],
        fields: { status: { old: q.status, new: target } },
      },
      before: { updatedAt: q.updatedAt, status: q.status, paused: q.paused, fields: { status: q.status } },
      after: { status: target },
      steps: [{ action: 'update', intent: { id: q.id, body: { status: target } } }],
    });
  }
  return {
    rows: out,
    counts: { [VERB_OF[target]]: out.length, unchanged },
    summary: `QR codes: ${VERB_OF[target]} ${out.length}${unchanged ? `, ${unchanged} already ${target}` : ''}`,
  };
}

/** A 404 of an id the caller gave is the caller's input: refused as invalid. Anything else as it is. */
export function notReadable(e: unknown, id: string, what: string): unknown {
  const err = e as { status?: number; code?: string };
  if (err?.status === 404) return new PlanRefusal('invalid', `no ${what} ${id} in this account; nothing was planned`);
  return e;
}
