// `cardqr leads replay <dead-letter>`: each delivery `leads follow` gave up on, sent again to the target
// its line records; what is delivered leaves the file (PRODUCT §12). The engine is
// src/jobs/leads/replay.ts; here: flags, the targets (checked before anything is sent), words, exit.
import { InterruptedError, PartialError, UnavailableError, UsageError } from '../../errors.js';
import type { Context } from '../../context.js';
import type { RecordedTarget } from '../../jobs/leads/deliver.js';
import type { ReplayEvent, ReplaySummary } from '../../jobs/leads/replay.js';
import { defineCommand } from '../model/define.js';
import { argument, flag, value } from '../model/fields.js';
import { type Outcome, summary, thenFail } from '../model/result.js';
import { durationFlag } from './options.js';
import { forwardUrl } from './follow-terminal.js';

const replayHelp = `
Each line of a --dead-letter file of \`leads follow\` records the delivery and its target (the --forward-to
URL or the --exec command; never the secret). Every line is sent once more, in order, the same way follow
sends: a URL gets one POST signed with CARDQR_FORWARD_SECRET, a command runs with the JSON on stdin.
A delivered line is removed from the file (rewritten atomically after each one); a line that fails again
stays as it was. A line failing as "down" (no answer, a timeout, a 5xx; exit 75) is followed by one try of
the next line for that target: failing too, the target is down and its later lines are left for later.
The file's lock is the one \`leads follow\` holds on its dead letter: a replay while a follow writes there
(or the other way round) is refused, exit 2. No question is asked: a replay sends to your own receiver
and writes nothing to the account. --dry-run lists the lines instead (stdout; -o json for data).
Commands recorded in a file that others can write are refused (exit 2): they would run as you.
Exit status: 0 every line delivered (or none to send), 7 some lines still failing (kept), 6 a target down.`;

export const leadsReplay = defineCommand({
  name: 'replay',
  summary: "Send the deliveries in a `leads follow` dead letter again, to each line's recorded target",
  args: { file: argument('<dead-letter>', 'the --dead-letter file of leads follow (NDJSON)') },
  flags: {
    dryRun: flag(
      '--dry-run',
      'list what would be sent (line, lead, type, target, attempts, last error); nothing is sent',
    ),
    deliveryTimeout: value(
      '--delivery-timeout <duration>',
      'a command (its whole process group is killed) or receiver that takes longer fails the line (default: 30s)',
      durationFlag,
    ),
  },
  details: replayHelp,
  examples: [
    'cardqr leads replay dead.ndjson --dry-run',
    'CARDQR_FORWARD_SECRET=$(cat /etc/cardqr/forward.secret) cardqr leads replay /var/lib/cardqr/dead.ndjson',
  ],
  check({ file }) {
    if (!file) throw new UsageError('leads replay needs the dead-letter file, e.g. cardqr leads replay dead.ndjson');
  },
  async run(ctx, { file, ...flags }) {
    const { refuseOwnPaths } = await import('../own-files.js');
    refuseOwnPaths(ctx, [{ flag: 'the dead letter', path: file }]);
    const signal = ctx.interruptible();
    const { runLeadsReplay } = await import('../../jobs/leads/replay.js');
    const s = await runLeadsReplay(
      {
        deadLetter: file,
        dryRun: Boolean(flags.dryRun),
        check: (t) => checkTarget(t),
        targetFor: (t) => targetFor(ctx, t, flags.deliveryTimeout ?? 30_000),
      },
      { now: ctx.now, signal, onEvent: (e) => printReplayEvent(ctx, e, file) },
    );
    return flags.dryRun ? dryRunList(ctx, s) : finish(ctx, s);
  },
});

const RECORDED = 'a target recorded in the dead letter';

function checkTarget(t: RecordedTarget): void {
  if ('forwardTo' in t) forwardUrl(t.forwardTo, RECORDED);
  else if (!t.exec.trim()) throw new UsageError(`${RECORDED} is an empty command`);
}

async function targetFor(ctx: Context, t: RecordedTarget, timeoutMs: number) {
  if ('exec' in t) {
    const { execTarget } = await import('../../jobs/leads/exec-target.js');
    return execTarget({
      command: t.exec,
      env: ctx.env,
      timeoutMs,
      onOutput: (text) => ctx.msg.say(text.replace(/\n$/, '')),
    });
  }
  const secret = ctx.env.CARDQR_FORWARD_SECRET;
  if (!secret)
    throw new UsageError(
      'the dead letter has lines for a URL: they are signed with the secret in the environment variable CARDQR_FORWARD_SECRET, which is not set; nothing was sent',
    );
  const { forwardTarget } = await import('../../jobs/leads/forward-target.js');
  return forwardTarget({
    url: forwardUrl(t.forwardTo, RECORDED),
    secret,
    timeoutMs,
    now: ctx.now,
    userAgent: `cardqr/${ctx.version}`,
    network: await ctx.network(),
  });
}

function printReplayEvent(ctx: Context, e: ReplayEvent, file: string): void {
  switch (e.kind) {
    case 'delivered':
      return ctx.msg.info(`delivered ${e.entry.id} (${e.entry.type}, line ${e.entry.line}) to ${e.entry.target}`);
    case 'failed':
      return ctx.msg.warn(
        e.why === 'no-target'
          ? `line ${e.entry.line} (${e.entry.id}) records no target (written by an earlier cardqr): kept; send it with \`jq -c .delivery\``
          : `${e.entry.id} (${e.entry.type}, line ${e.entry.line}) failed again: ${e.error}${e.why === 'poison' ? ' (the next line for that target went through)' : ''}; kept in ${file}`,
      );
    case 'down':
      return ctx.msg.warn(`${e.target} is down (${e.error}): its lines stay in ${file} for a later replay`);
    case 'torn':
      return ctx.msg.note(
        `${file} ends in a partial line (${e.bytes} bytes written by a follow cut short): kept as it is, not sent`,
      );
  }
}

/** --dry-run: each line that would be sent (stdout), or the entries as data (-o json). */
function dryRunList(ctx: Context, s: ReplaySummary): Outcome {
  ctx.msg.info(`${s.entries.length} deliveries in ${s.file} would be sent again (dry run: nothing sent)`);
  return summary(
    { file: s.file, entries: s.entries },
    s.entries.map(
      (e) =>
        `line ${e.line}\t${e.id}\t${e.type}\t${e.target ?? '(no target recorded)'}\t${e.attempts} attempts\t${e.lastError}`,
    ),
  );
}

/** The summary as data (-o json; nothing on stdout otherwise), and the failure the replay ends with. */
function finish(ctx: Context, s: ReplaySummary): Outcome {
  const { entries: _, ...data } = s;
  const result = summary(data);
  const total = s.entries.length;
  const line = `${s.delivered} of ${total} deliveries in ${s.file} delivered and removed; ${s.kept} kept`;
  if (s.interrupted) return thenFail(result, new InterruptedError(`interrupted: ${line}`));
  if (s.down.length)
    return thenFail(
      result,
      new UnavailableError(`${line}: ${s.down.map((d) => d.target).join(', ')} down`, [
        'run the replay again once it is back',
      ]),
    );
  if (s.failing) return thenFail(result, new PartialError(`${line}: ${s.failing} failed again`));
  ctx.msg.info(total ? line : `nothing to replay in ${s.file}`);
  return result;
}
