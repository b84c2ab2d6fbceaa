import { defineCommand } from '../model/define.js';
import { list } from '../model/result.js';
import { plansOf } from './shared.js';

export const plansList = defineCommand({
  name: 'list',
  summary: 'List the plans agents made on this machine: kind, state, approval, progress, expiry',
  examples: ['cardqr plans list', 'cardqr plans list -o json | jq -r \'.[] | select(.state == "planned") | .plan_id\''],
  view: async () => (await import('../../output/views/plans.js')).planView,
  fields: { schema: () => import('../../plans/view-schema.js').then((m) => m.PlanViewFields) },
  async run(ctx) {
    return list(await (await plansOf(ctx)).list());
  },
});
