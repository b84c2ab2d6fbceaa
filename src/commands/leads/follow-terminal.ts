// leads follow, the terminal side: flags → the delivery target (every bad combination refused with
// exit 2 before anything is sent), and the engine's events as words on stderr.
import { access, constants, lstat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { UsageError } from '../../errors.js';
import type { Context } from '../../context.js';
import type { Target } from '../../jobs/leads/deliver.js';
import type { FollowEvent } from '../../jobs/leads/follow.js';
import { intIn } from '../flags.js';
import type { Input } from '../model/define.js';
import { value } from '../model/fields.js';
import { durationFlag } from './options.js';
import { deliveryTarget } from '../delivery-target.js';
import { tornTailNote } from '../torn-tail.js';

/** The flags that make the delivery target (follow.ts has the others). */
export const targetFlags = {
  exec: value(
    '--exec <cmd>',
    'run `/bin/sh -c <cmd>` per delivery: the JSON on stdin, CARDQR_LEAD_ID set; exit 0 = delivered',
  ),
  forwardTo: value(
    '--forward-to <url>',
    'POST each delivery to this URL, signed with CARDQR_FORWARD_SECRET (Cardqr-Signature header); 2xx = delivered; http:// only to localhost',
  ),
  deadLetter: value(
    '--dead-letter <file.ndjson>',
    'with --exec or --forward-to (required there): a delivery refused --max-attempts times (or failing alone while the next lead goes through) is appended here with its target, and the next lead goes on; <file>.lock is held while running (`leads replay <file>` sends them again)',
  ),
  maxAttempts: value(
    '--max-attempts <n>',
    'attempts per delivery before the dead letter, 1-100 (default: 8)',
    intIn(1, 100),
  ),
  deliveryTimeout: value(
    '--delivery-timeout <duration>',
    'an --exec command (its whole process group is killed) or --forward-to answer that takes longer fails the attempt (default: 30s)',
    durationFlag,
  ),
};

type TargetInput = Input<Record<never, never>, typeof targetFlags>;

export const followHelp = `
Each delivery is one JSON object: {"type":"lead.created"|"lead.unlocked","lead":{…the lead as the API sent it}}.
Targets: standard output (default; one NDJSON line per delivery, flushed at once), --exec or --forward-to.
A failed --exec/--forward-to attempt is retried after 1 s, 2 s, 4 s … (at most 5 min apart). A refusal
(HTTP 4xx; --exec: an exit status other than 0 and 75) is appended to --dead-letter after --max-attempts
(the delivery, its target, attempts, last error) and the next lead goes on. "Down" (no answer, a timeout,
a 5xx; --exec exit 75): after --max-attempts the next lead is tried once; if it fails too the target is
down: nothing is dead-lettered, the cursor stays, tries go on at most 5 min apart (said once, and once
when it is back); if it goes through, the first lead goes to --dead-letter. Re-send the dead letter
with \`cardqr leads replay <file>\`.
The cursor (the --state file, shared with \`leads export\`) is saved after every delivered or dead-lettered
lead: killed at any moment, the next run delivers at most the one lead in flight again and loses none.
SIGINT/SIGTERM: the delivery in flight finishes, the state is saved, exit 0.
A lead delivered while locked (no contact yet) is re-read every max(10 × interval, 5 min) for
--locked-window and delivered again as lead.unlocked once its contact is there.
Requests stay under half the key's rate limit (GET /me), polls included.`;

/** The flags that go together, or exit 2 (nothing sent). */
export function checkTargetFlags(flags: TargetInput): void {
  if (flags.exec !== undefined && flags.forwardTo !== undefined)
    throw new UsageError('--exec and --forward-to cannot be used together: choose one target per follow');
  const retrying = flags.exec !== undefined || flags.forwardTo !== undefined;
  if (retrying && !flags.deadLetter)
    throw new UsageError(
      `${flags.exec !== undefined ? '--exec' : '--forward-to'} needs --dead-letter <file.ndjson>: where a delivery that failed --max-attempts times is kept`,
    );
  if (!retrying && flags.deadLetter !== undefined)
    throw new UsageError(
      '--dead-letter applies to --exec and --forward-to (a failed write to standard output ends the run)',
    );
}

/**
 * The delivery target of these flags (checked by checkTargetFlags), or undefined for standard output
 * (the runner's stream); exit 2 (nothing sent) for a dead letter that cannot be written, an empty
 * command, a refused URL or a missing secret.
 */
export async function followTarget(ctx: Context, flags: TargetInput): Promise<Target | undefined> {
  if (flags.deadLetter) await checkDeadLetter(flags.deadLetter);
  return deliveryTarget(ctx, { ...flags, timeoutMs: flags.deliveryTimeout ?? 30_000 });
}

export { forwardUrl } from '../forward-url.js';

async function checkDeadLetter(path: string): Promise<void> {
  const st = await lstat(path).catch(() => undefined);
  const where = st ? path : dirname(path);
  if (st && !st.isFile()) throw new UsageError(`--dead-letter ${path} is not a regular file`);
  try {
    // An existing file is read too: its last line, if a run was killed mid-write, is cut off before appending.
    await access(where, st ? constants.W_OK | constants.R_OK : constants.W_OK);
  } catch (e) {
    throw new UsageError(
      `--dead-letter ${path} cannot be written: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}

/** 42 s, 12 min, 3 h 5 min. */
function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}

const seconds = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`);

export function printFollowEvent(ctx: Context, e: FollowEvent, target: Target, statePath: string): void {
  switch (e.kind) {
    case 'started': {
      if (e.tookOverLock)
        ctx.msg.note(
          `took over a stale lock left by pid ${e.tookOverLock.pid} (started ${e.tookOverLock.startedAt}), which is no longer running`,
        );
      if (e.intervalMs > e.askedMs)
        ctx.msg.note(
          `polling every ${seconds(e.intervalMs)}, not ${seconds(e.askedMs)}: the key allows ${e.requestsPerMinute} requests a minute and follow uses at most half`,
        );
      const from = e.cursor
        ? `leads after ${e.cursor.createdAt}`
        : e.since
          ? `leads created at or after ${e.since} (first run)`
          : 'every lead (first run)';
      const pending = e.pending ? `; ${e.pending} locked leads re-read` : '';
      ctx.msg.info(
        `following ${from}, every ${seconds(e.intervalMs)}, to ${target.describe}${pending}; state ${statePath}; stop with Ctrl-C or SIGTERM`,
      );
      return;
    }
    case 'retry':
      ctx.msg.warn(
        `delivery of ${e.id} (${e.type}) failed, attempt ${e.attempt}: ${e.error}; next attempt in ${seconds(e.waitMs)}`,
      );
      return;
    case 'dead-lettered':
      ctx.msg.warn(
        e.poison
          ? `gave up on ${e.id} (${e.type}) after ${e.attempts} attempts (${e.error}), while the next lead went through: written to ${e.file}`
          : `gave up on ${e.id} (${e.type}) after ${e.attempts} attempts (${e.error}): written to ${e.file}; going on with the next lead`,
      );
      return;
    case 'held':
      ctx.msg.warn(
        `delivery of ${e.id} (${e.type}) failed ${e.attempts === 1 ? 'once' : `${e.attempts} times`} (${e.error}); holding it until a later lead tells whether ${target.describe} is down or this lead is the problem`,
      );
      return;
    case 'down':
      ctx.msg.warn(
        `${target.describe} is down since ${e.since}: ${e.id} and the next lead ${e.next} both failed (${e.error}); nothing is dead-lettered, the cursor stays at ${e.id}; trying again at most 5 min apart`,
      );
      return;
    case 'back':
      ctx.msg.info(
        `${target.describe} is back (down since ${e.since}, for ${duration(e.downForMs)}): delivering again`,
      );
      return;
    case 'poll-failed':
      ctx.msg.warn(`could not poll for leads: ${e.error}; trying again in ${seconds(e.waitMs)}`);
      return;
    case 'locked-dropped':
      ctx.msg.note(
        e.why === 'expired'
          ? `lead ${e.id} is still locked since ${e.firstSeen} (past --locked-window): no longer re-read`
          : `lead ${e.id} delivered while locked is no longer there (404): no longer re-read`,
      );
      return;
    case 'dead-letter-torn':
      ctx.msg.say(tornTailNote(e.file, e.bytes));
  }
}
