import { UsageError } from '../../errors.js';
import type { Context } from '../../context.js';
import type { Target } from '../../jobs/leads/deliver.js';
import { defineCommand, type Input } from '../model/define.js';
import { required, value } from '../model/fields.js';
import { stream } from '../model/result.js';
import { leadFields } from './lead-output.js';
import { durationFlag, lockedWindowFlag, parseSince, sinceFlags } from './options.js';
import { checkTargetFlags, followHelp, followTarget, printFollowEvent, targetFlags } from './follow-terminal.js';

const followFlags = {
  state: required(
    '--state <file>',
    'state file keeping the cursor (the `leads export` format: either command continues the other); <file>.lock is held while running',
  ),
  interval: value(
    '--interval <duration>',
    "time between polls: 30s, 2m, 1h, 500ms (a bare number is seconds); never shorter than the key's rate limit leaves room for (default: 30s)",
    durationFlag,
  ),
  ...targetFlags,
  ...sinceFlags(
    'first run only, ignored once the state has a cursor (default: every lead): start at leads created at or after',
  ),
  lockedWindow: lockedWindowFlag,
};

export const leadsFollow = defineCommand({
  name: 'follow',
  summary: 'Poll for new leads and deliver each one once, oldest first, until stopped (no webhooks needed)',
  flags: followFlags,
  details: followHelp,
  examples: [
    'cardqr leads follow --state leads.state.json | ./on-lead.sh',
    'cardqr leads follow --state leads.state.json --interval 1m --exec ./store-lead.sh --dead-letter dead.ndjson',
    'CARDQR_FORWARD_SECRET=… cardqr leads follow --state leads.state.json --forward-to https://crm.example.com/hooks/cardqr --dead-letter dead.ndjson --max-attempts 5 --delivery-timeout 10s',
    'cardqr leads follow --state new.state.json --since 2026-05-01 --locked-window 7d > leads.ndjson',
  ],
  fields: leadFields,
  check(flags) {
    if (!flags.state) throw new UsageError('--state needs a file name (it keeps where the last delivery stopped)');
    checkTargetFlags(flags);
  },
  async run(ctx, flags) {
    if (ctx.globals.query !== undefined)
      throw new UsageError('leads follow does not take --query: filter its ndjson with jq, or in the --exec command');
    const since = parseSince(ctx.now(), flags, ctx.env);
    const { refuseOwnPaths } = await import('../own-files.js');
    refuseOwnPaths(ctx, [
      { flag: '--state', path: flags.state },
      { flag: '--dead-letter', path: flags.deadLetter },
    ]);
    const target = await followTarget(ctx, flags);
    if (target) return follow(ctx, flags, since, target);
    // Standard output: one NDJSON line per delivery, written as it comes.
    const { stdoutTarget } = await import('../../jobs/leads/deliver.js');
    return stream(async (stdout) => follow(ctx, flags, since, stdoutTarget(stdout.stream)));
  },
});

/** Delivers until stopped; the engine's events, then what was delivered, as words on stderr. */
async function follow(
  ctx: Context,
  flags: Input<Record<never, never>, typeof followFlags>,
  since: string | undefined,
  target: Target,
): Promise<void> {
  const signal = ctx.interruptible();
  const { runLeadsFollow } = await import('../../jobs/leads/follow.js');
  const { DEFAULT_LOCKED_WINDOW_MS } = await import('../../jobs/leads/locked.js');
  const summary = await runLeadsFollow(
    {
      statePath: flags.state,
      intervalMs: flags.interval ?? 30_000,
      lockedWindowMs: flags.lockedWindow ?? DEFAULT_LOCKED_WINDOW_MS,
      maxAttempts: flags.maxAttempts ?? 8,
      target,
      deadLetter: flags.deadLetter,
      since,
    },
    {
      api: ctx.api,
      baseUrl: async () => (await ctx.settings()).baseUrl,
      now: ctx.now,
      clock: ctx.clock,
      sleep: ctx.sleep,
      random: ctx.random,
      signal,
      onEvent: (e) => printFollowEvent(ctx, e, target, flags.state),
    },
  );
  const dead = summary.deadLettered ? `, ${summary.deadLettered} dead-lettered to ${flags.deadLetter}` : '';
  const unlocked = summary.unlocked ? ` and ${summary.unlocked} unlocked` : '';
  const pending = summary.pendingLocked ? `; ${summary.pendingLocked} locked leads still re-read` : '';
  ctx.msg.info(
    `stopped: ${summary.delivered} new lead${summary.delivered === 1 ? '' : 's'}${unlocked} delivered${dead}${pending}; state saved: ${flags.state}`,
  );
}
