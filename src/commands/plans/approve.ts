// `cardqr plans approve <plan_id>`: a person at their own terminal approves a destructive plan an agent
// made (PRODUCT §17). The plan is shown, then they type the first 6 characters of its sha256: the plan
// they read is the plan approved. No --yes, and no terminal is a refusal (exit 2): an agent with a shell
// cannot approve its own plan by piping an answer.
import type { Context } from '../../context.js';
import { QuestionCancelled, UsageError } from '../../errors.js';
import type { PlanView } from '../../plans/contract.js';
import { defineCommand } from '../model/define.js';
import { argument } from '../model/fields.js';
import { written } from '../model/result.js';
import { PLAN_ID, plansOf, refused } from './shared.js';

const SHOWN = 40;

export const plansApprove = defineCommand({
  name: 'approve',
  summary: 'Approve a plan an agent made: shows it, then asks you to type the first 6 characters of its sha256',
  args: { planId: argument(...PLAN_ID) },
  examples: ['cardqr plans approve plan_0123456789abcdef'],
  details:
    'Only on a terminal (stdin and stderr), and never with --yes: without one it exits 2 and approves nothing.\n' +
    'Typing anything else, Enter alone, Ctrl-D or Ctrl-C approves nothing (exit 2). The agent then applies\n' +
    'the plan with apply_plan; an approved plan is still refused if the account changed since (drift).',
  view: async () => (await import('../../output/views/plans.js')).planView,
  async run(ctx, { planId }) {
    if (ctx.globals.yes)
      throw new UsageError(
        'plans approve has no --yes: a person types the first 6 characters of the sha256; nothing was approved',
      );
    if (!ctx.io.isStdinTTY || !ctx.io.isStderrTTY)
      throw new UsageError(
        'plans approve asks a person at a terminal and has no --yes: run it in your own terminal; nothing was approved',
      );
    const p = await plansOf(ctx);
    const plan = await p.get(planId).catch(refused);
    if (plan.state === 'cancelled') throw new UsageError(`plan ${planId} was cancelled; nothing to approve`);
    if (plan.approved || plan.state === 'applied' || plan.state === 'applying') {
      ctx.msg.info(`plan ${planId} is ${plan.approved ? 'approved already' : plan.state}`);
      return written(plan, plan.plan_id);
    }
    describe(ctx, plan);
    let typed: string;
    try {
      typed = await ctx.prompt(`Type the first 6 characters of its sha256 to approve plan ${planId}: `);
    } catch (e) {
      if (e instanceof QuestionCancelled) throw new UsageError(`plan ${planId} was not approved`);
      throw e;
    }
    if (typed.trim().toLowerCase() !== plan.sha256.slice(0, 6))
      throw new UsageError(
        `${typed.trim() ? 'those are not' : 'nothing typed is not'} the first 6 characters of plan ${planId}'s sha256; it was not approved`,
      );
    const approved = await p.approve(planId, plan.sha256).catch(refused);
    ctx.msg.info(`approved plan ${planId}: the agent may now apply it (until ${approved.expires_at} to start)`);
    return written(approved, approved.plan_id);
  },
});

/** The plan on stderr, before the question: what it does, to which account, and each write (the first 40). */
function describe(ctx: Context, plan: PlanView): void {
  ctx.msg.say(`Plan ${plan.plan_id} (${plan.kind}) on account ${plan.account}`);
  ctx.msg.say(`  ${plan.summary}`);
  for (const c of plan.changes.slice(0, SHOWN)) {
    const fields = Object.entries(c.fields)
      .map(([k, v]) => `${k} ${JSON.stringify(v.old ?? null)} → ${JSON.stringify(v.new ?? null)}`)
      .join('; ');
    ctx.msg.say(`  ${c.action} ${c.object} ${c.subject}${c.id && c.id !== c.subject ? ` (${c.id})` : ''}: ${fields}`);
  }
  if (plan.changes.length > SHOWN)
    ctx.msg.say(`  … and ${plan.changes.length - SHOWN} more: cardqr plans show ${plan.plan_id}`);
  ctx.msg.say(`  expires ${plan.expires_at} unless started; sha256 ${plan.sha256}`);
}
