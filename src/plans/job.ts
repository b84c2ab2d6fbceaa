// A plan's apply as a row job (jobs/rows/): the rows still to send (remaining.ts), each step one request
// with the Idempotency-Key the engine derives from the plan's nonce, so a resume sends with the same keys.
// QR code writes are `qr apply`'s own (a create carries its short code; a code "already taken" by this
// row's own earlier create is done); a card's update must show its changed fields; a trash of an object
// already gone is done.
import type { ApiClient } from '../api/client.js';
import { ChangeNotShownError } from '../errors.js';
import { qrApplyJob } from '../jobs/apply/job.js';
import { isGone } from '../jobs/by-id/job.js';
import type { RowJob, RowPlan, Step, StepContext, StepDone } from '../jobs/rows/types.js';
import type { PlanFile } from './file.js';
import type { Remaining } from './remaining.js';

export const PLAN_JOB = 'agent-plan';

export function planJob(plan: PlanFile, rest: Remaining): RowJob<null, RowPlan> {
  const qr = qrApplyJob('');
  const rowPlan: RowPlan = { problems: [], changes: rest.changes };
  const bySubject = new Map(plan.rows.map((r) => [r.change.subject, r]));
  return {
    kind: PLAN_JOB,
    subjectField: 'subject',
    reportFields: ['objectId'],
    read: async () => null,
    plan: async () => rowPlan,
    send: async (step: Step, ctx: StepContext): Promise<StepDone> => {
      const intent = step.intent as Record<string, unknown>;
      if (step.action === 'trash') return trash(ctx.client, intent, ctx.key);
      if (plan.kind === 'roster_sync') {
        const after = bySubject.get(ctx.change.subject)?.after;
        const leaves = after && after !== 'gone' ? ((after.leaves ?? {}) as Record<string, unknown>) : {};
        return cardWrite(ctx.client, step, ctx.key, leaves);
      }
      const id = (intent.id as string | undefined) ?? rest.ids.get(ctx.change.subject);
      // qr apply's update after a create finds the id in the create's `qrCodeId`.
      const earlier = ctx.earlier.map((d) => ({ ...d, fields: { ...d.fields, qrCodeId: d.fields.objectId ?? null } }));
      const done = await qr.send(
        id && step.action === 'update' && !intent.id ? { action: step.action, intent: { ...intent, id } } : step,
        { ...ctx, earlier },
      );
      return { outcome: done.outcome, fields: { objectId: done.fields.qrCodeId ?? null } };
    },
  };
}

async function trash(client: ApiClient, intent: Record<string, unknown>, key: string): Promise<StepDone> {
  const id = intent.id as string;
  const del =
    intent.object === 'card'
      ? (await import('../api/cards.js')).deleteCard
      : (await import('../api/qr.js')).deleteQrCode;
  try {
    await del(client, id, { idempotencyKey: key });
  } catch (e) {
    if (!isGone(e)) throw e; // gone already: the account is as planned
  }
  return { outcome: 'trashed', fields: { objectId: id } };
}

async function cardWrite(
  client: ApiClient,
  step: Step,
  key: string,
  changed: Record<string, unknown>,
): Promise<StepDone> {
  const intent = step.intent as { id?: string; campaignId?: string; body: Record<string, unknown> };
  if (step.action === 'create') {
    const { createCampaignCard } = await import('../api/campaigns.js');
    const { card } = await createCampaignCard(client, intent.campaignId!, intent.body, { idempotencyKey: key });
    return { outcome: 'created', fields: { objectId: card.id } };
  }
  const [{ updateCard }, { unshownChanges }] = await Promise.all([
    import('../api/cards.js'),
    import('../jobs/import/fields.js'),
  ]);
  const fields = intent.body.fields as Record<string, unknown>;
  const card = await updateCard(client, intent.id!, { fields }, { idempotencyKey: key });
  const wanted = Object.entries(changed).map(([field, to]) => ({ field, from: null, to }));
  const unshown = unshownChanges(card.fields as Record<string, unknown>, wanted);
  if (unshown.length) throw new ChangeNotShownError(`the API answered card ${card.id} without ${unshown.join(', ')}`);
  return { outcome: 'updated', fields: { objectId: card.id } };
}
