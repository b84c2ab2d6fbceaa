// Agent plans (`cardqr plans list|show|approve|cancel`, PRODUCT §17): a list row per plan; a plan's
// record, then every write it makes with each field's old → new.
import type { PlanChange, PlanView } from '../../plans/contract.js';
import { cellText } from '../values.js';
import type { Column, View } from '../view.js';

export interface ChangeRow {
  action: string;
  object: string;
  subject: string;
  field: string;
  old: unknown;
  new: unknown;
}

const show = (v: unknown) => (v === null || v === undefined ? '–' : cellText(v));

export function changeRows(plan: PlanView): ChangeRow[] {
  return plan.changes.flatMap((c: PlanChange) => {
    const fields = Object.entries(c.fields);
    const head = { action: c.action, object: c.object, subject: c.subject };
    if (!fields.length) return [{ ...head, field: '', old: null, new: null }];
    return fields.map(([field, v]) => ({ ...head, field, old: v.old, new: v.new }));
  });
}

const changeColumns: Column<ChangeRow>[] = [
  { header: 'action', value: 'action', whole: true },
  { header: 'object', value: 'object', priority: 3 },
  { header: 'subject', value: 'subject', whole: true },
  { header: 'field', value: 'field', priority: 2 },
  { header: 'old', value: (r) => show(r.old), min: 10 },
  { header: 'new', value: (r) => show(r.new), min: 10 },
];

const progress = (p: PlanView) => `${p.done}/${p.total}`;

export const planView: View<PlanView> = {
  columns: [
    { header: 'plan', value: 'plan_id' },
    { header: 'kind', value: 'kind', whole: true },
    { header: 'state', value: 'state', style: 'status' },
    { header: 'approved', value: (p) => (p.approved ? 'yes' : p.destructive ? 'needed' : 'not needed'), priority: 2 },
    { header: 'done', value: progress, priority: 2 },
    { header: 'expires', value: 'expires_at', style: 'date', priority: 3 },
    { header: 'summary', value: 'summary', min: 12 },
  ],
  record: [
    { header: 'plan', value: 'plan_id' },
    { header: 'sha256', value: 'sha256' },
    { header: 'account', value: 'account' },
    { header: 'kind', value: 'kind' },
    { header: 'summary', value: 'summary' },
    { header: 'destructive', value: (p) => (p.destructive ? 'yes: a person must approve it' : 'no') },
    { header: 'state', value: 'state', style: 'status' },
    { header: 'approved', value: (p) => (p.approved ? 'yes' : 'no') },
    { header: 'done', value: progress },
    { header: 'expires', value: 'expires_at', style: 'date' },
  ],
  csv: [
    'plan_id',
    'sha256',
    'account',
    'kind',
    'state',
    'approved',
    'destructive',
    'done',
    'total',
    'expires_at',
    'summary',
  ],
  id: (p) => p.plan_id,
  empty: 'no plans',
  sections: [{ title: 'Changes', rows: changeRows, columns: changeColumns, none: 'none' }],
};
