import { defineCommand } from '../model/define.js';
import { argument } from '../model/fields.js';
import { written } from '../model/result.js';
import { PLAN_ID, plansOf, refused } from './shared.js';

export const plansCancel = defineCommand({
  name: 'cancel',
  summary: 'Cancel a plan: it is never applied (one being applied here stops after the write in flight)',
  args: { planId: argument(...PLAN_ID) },
  examples: ['cardqr plans cancel plan_0123456789abcdef'],
  view: async () => (await import('../../output/views/plans.js')).planView,
  async run(ctx, { planId }) {
    const plan = await (await plansOf(ctx)).cancel(planId).catch(refused);
    return written(plan, plan.plan_id);
  },
});
