import { defineCommand } from '../model/define.js';
import { list } from '../model/result.js';
import { plansOf } from './shared.js';

export const plansList = defineCommand({
  name: 'list',
  summary: 'List the plans agents made on this machine: kind, state, approval, progress, expiry',
  examples: ['cardqr plans list', 'cardqr plans list -o json | jq -r \'.[] | select(.state == "planned") | .plan_id\''],
  view: async () => (await import('../../output/views/plans.js')).planView,
  async run(ctx) {
    return list(await (await plansOf(ctx)).list());
  },
});
