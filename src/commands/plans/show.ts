import { defineCommand } from '../model/define.js';
import { argument } from '../model/fields.js';
import { record } from '../model/result.js';
import { PLAN_ID, plansOf, refused } from './shared.js';

export const plansShow = defineCommand({
  name: 'show',
  summary: 'Show a plan and every write it makes (each field old → new), its sha256, state and expiry',
  args: { planId: argument(...PLAN_ID) },
  examples: [
    'cardqr plans show plan_0123456789abcdef',
    'cardqr plans show plan_0123456789abcdef -o json | jq .changes',
  ],
  view: async () => (await import('../../output/views/plans.js')).planView,
  fields: { schema: () => import('../../plans/view-schema.js').then((m) => m.PlanViewFields) },
  async run(ctx, { planId }) {
    return record(await (await plansOf(ctx)).get(planId).catch(refused));
  },
});
