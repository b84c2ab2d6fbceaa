import { Command } from 'commander';
import { action } from '../action.js';
import { UsageError } from '../../errors.js';
import { example, withFields } from '../../help/annotations.js';
import { intIn } from '../flags.js';
import { durationFlag, parseSince, withLockedWindow, withSinceOptions } from './options.js';
import { followHelp, followTarget, printFollowEvent, type LeadsFollowFlags } from './follow-print.js';

export function leadsFollowCommand(): Command {
  const cmd = withLockedWindow(
    withSinceOptions(
      new Command('follow')
        .description('Poll for new leads and deliver each one once, oldest first, until stopped (no webhooks needed)')
        .requiredOption(
          '--state <file>',
          'state file keeping the cursor (the `leads export` format: either command continues the other); <file>.lock is held while running',
        )
        .option(
          '--interval <duration>',
          "time between polls: 30s, 2m, 1h, 500ms (a bare number is seconds); never shorter than the key's rate limit leaves room for (default: 30s)",
          durationFlag,
        )
        .option(
          '--exec <cmd>',
          'run `/bin/sh -c <cmd>` per delivery: the JSON on stdin, CARDQR_LEAD_ID set; exit 0 = delivered',
        )
        .option(
          '--forward-to <url>',
          'POST each delivery to this URL, signed with CARDQR_FORWARD_SECRET (Cardqr-Signature header); 2xx = delivered; http:// only to localhost',
        )
        .option(
          '--dead-letter <file.ndjson>',
          'with --exec or --forward-to (required there): a delivery refused --max-attempts times (or failing alone while the next lead goes through) is appended here with its target, and the next lead goes on; <file>.lock is held while running (`leads replay <file>` sends them again)',
        )
        .option('--max-attempts <n>', 'attempts per delivery before the dead letter, 1-100 (default: 8)', intIn(1, 100))
        .option(
          '--delivery-timeout <duration>',
          'an --exec command (its whole process group is killed) or --forward-to answer that takes longer fails the attempt (default: 30s)',
          durationFlag,
        ),
      'first run only, ignored once the state has a cursor (default: every lead): start at leads created at or after',
    ),
  ).addHelpText('after', followHelp);
  cmd.action(
    action(async (ctx, flags: LeadsFollowFlags) => {
      if (!flags.state) throw new UsageError('--state needs a file name (it keeps where the last delivery stopped)');
      if (ctx.globals.query !== undefined)
        throw new UsageError('leads follow does not take --query: filter its ndjson with jq, or in the --exec command');
      const since = parseSince(ctx.now(), flags, ctx.env);
      const { refuseOwnPaths } = await import('../own-files.js');
      refuseOwnPaths(ctx, [
        { flag: '--state', path: flags.state },
        { flag: '--dead-letter', path: flags.deadLetter },
      ]);
      const target = await followTarget(ctx, flags);
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
    }),
  );
  withFields(cmd, () => import('../../api/schemas/leads.js').then((m) => m.Lead));
  return example(
    cmd,
    'cardqr leads follow --state leads.state.json | ./on-lead.sh',
    'cardqr leads follow --state leads.state.json --interval 1m --exec ./store-lead.sh --dead-letter dead.ndjson',
    'CARDQR_FORWARD_SECRET=… cardqr leads follow --state leads.state.json --forward-to https://crm.example.com/hooks/cardqr --dead-letter dead.ndjson --max-attempts 5 --delivery-timeout 10s',
    'cardqr leads follow --state new.state.json --since 2026-05-01 --locked-window 7d > leads.ndjson',
  );
}
