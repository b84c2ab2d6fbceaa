// The row engine: plan → confirm → send, one request per step in input order, each step's line in
// the report before the next request starts. Pacing and retries are the one client's (paced to the
// key's limit from GET /me); every step carries its own Idempotency-Key (keys.ts). A step the client
// could not get through, or whose answer did not show the change, fails its row (later steps of that
// row are not sent) and the run goes on, unless no later request could succeed either (the key
// refused, the service unreachable: `fatal`). Ctrl-C (`signal`) lets the request in flight finish
// and be recorded, and starts no other.
//
// Thrown, before anything is written: the client's errors while planning, the report's UsageErrors,
// whatever `confirm` throws (the command's refusal). From the first step on, everything is in the summary.
import {
  ApiError,
  InterruptedError,
  isFatal,
  NotSentError,
  OutcomeUnknownError,
  UnavailableError,
} from '../../errors.js';
import { canonicalJson } from '../../api/canonical-json.js';
import { idempotencyKey, newNonce } from './keys.js';
import { openJobReport } from './report.js';
import { reportLine } from './report-lines.js';
import { sendEach, type Sent, type SendResult } from './loop.js';
import { unsettledRows } from './unsettled.js';
import type {
  PlannedChange,
  RowDeps,
  RowJob,
  RowOptions,
  RowPlan,
  RowSummary,
  StepDone,
  StepFailure,
} from './types.js';

/** Server errors (each already retried by the client) in a row before the run stops. */
const MAX_SERVER_ERRORS_IN_A_ROW = 3;

export async function runRowJob<I, P extends RowPlan>(
  job: RowJob<I, P>,
  opts: RowOptions,
  deps: RowDeps<P>,
): Promise<RowSummary<P>> {
  const input = await job.read(deps.signal);
  const client = await deps.api();
  let accountId = opts.accountId ?? '';
  if (job.readsAccount !== false && opts.accountId === undefined) {
    accountId = (await client.paceToKey()).me.account.id;
  }
  // An earlier run's rows whose outcome is not known are settled first, by reading the account (the plan).
  const unsettled =
    opts.report === undefined
      ? new Map<string, string>()
      : await unsettledRows(opts.report, job.kind, job.subjectField);
  const plan = await job.plan(input, client, deps.signal);
  if (deps.signal.aborted) throw new InterruptedError('interrupted before anything was sent');
  if (plan.problems.length) return { phase: 'invalid', plan };
  const planned = new Set(plan.changes.map((c) => c.subject));
  const settled = [...unsettled]
    .filter(([subject]) => !planned.has(subject))
    .flatMap(([subject, action]) => {
      const done = job.settle?.(subject, action, plan);
      return done ? [{ subject, action, done }] : [];
    });
  await deps.onPlan?.(plan);
  if (opts.dryRun) return { phase: 'dry-run', plan };
  if (typeof deps.confirm === 'function' && !(await deps.confirm(plan))) return { phase: 'refused', plan };

  const total = plan.changes.reduce((n, c) => n + c.steps.length, 0);
  const result = { phase: 'sent', plan, report: opts.report, total } as const;
  // Nothing to write or settle: the report is left as it is (it records writes, and there are none).
  if (total === 0 && !settled.length)
    return { ...result, stopped: 'done', tallies: {}, failures: [], unknowns: [], settled: 0, sent: 0 };
  const nonce = opts.nonce ?? newNonce();
  const report =
    opts.report === undefined
      ? undefined
      : await openJobReport(
          opts.report,
          {
            type: 'header',
            version: 1,
            job: job.kind,
            file: opts.file,
            startedAt: deps.now().toISOString(),
            cardqr: deps.version,
            baseUrl: await deps.baseUrl(),
            accountId: accountId || null,
            nonce,
          },
          deps.now(),
          deps.onTornReport,
        );
  const tallies: Record<string, number> = {};
  const failures: StepFailure[] = [];
  const unknowns: StepFailure[] = [];
  let sent = 0;
  let serverErrors = 0;
  const blank = Object.fromEntries(job.reportFields.map((f) => [f, null]));
  // Every line of the report has the one shape (report-lines.ts), the job's fields always present.
  type Head = { line: number | null; subject: string; action: string };
  const lineOf = (h: Head, outcome: string, fields: object, errorCode: string | null, message: string | null) =>
    reportLine(job.subjectField, { ...h, outcome, fields: { ...blank, ...fields }, errorCode, message });
  const record = (line: Record<string, unknown>, outcome: string) => {
    report?.writer.write(line);
    tallies[outcome] = (tallies[outcome] ?? 0) + 1;
    sent++;
    deps.onProgress?.({ done: sent, total, tallies });
  };
  // Settled rows are recorded as what they turned out to be; they are not writes of this run.
  for (const { subject, action, done } of settled) {
    const message = 'settled: an earlier run sent this and its answer was lost; the account shows it done';
    report?.writer.write(lineOf({ line: null, subject, action }, done.outcome, done.fields, null, message));
    deps.onSettled?.(subject, done);
  }
  // A row's keys are derived as the loop prepares it, while the request before it is in flight.
  function* rows(): Generator<{ change: PlannedChange; keys: string[] }> {
    for (const change of plan.changes)
      yield {
        change,
        keys: change.steps.map((step) =>
          idempotencyKey({
            scheme: 'cqrow',
            nonce,
            scope: [accountId, job.kind],
            subject: change.subject,
            intent: [step.action, canonicalJson(step.intent)],
          }),
        ),
      };
  }
  // One item of the loop is one row: its steps go in order, each recorded before the next is sent.
  const sendRow = async ({ change, keys }: { change: PlannedChange; keys: string[] }): Promise<Sent<null>> => {
    const earlier: StepDone[] = [];
    for (const [i, step] of change.steps.entries()) {
      if (deps.signal.aborted) throw new NotSentError('interrupted'); // the rest of the row waits for a re-run
      const head = { line: change.line, subject: change.subject, action: step.action };
      const key = keys[i];
      let done: StepDone;
      // On disk before the request leaves: a run killed now leaves `sending`, which the next run settles.
      report?.writer.write(lineOf(head, 'sending', {}, null, null));
      try {
        done = await job.send(step, { client, change, key, earlier });
      } catch (e) {
        if (e instanceof NotSentError) {
          report?.writer.write(lineOf(head, 'not-sent', {}, null, null));
          throw e; // a stop came during the pacing wait: nothing was sent
        }
        if (e instanceof OutcomeUnknownError) {
          const message = e.message;
          record(lineOf(head, 'unknown', {}, 'outcome_unknown', message), 'unknown');
          const unknown = {
            line: change.line,
            subject: change.subject,
            action: step.action,
            errorCode: 'outcome_unknown',
            message,
            error: e,
          };
          unknowns.push(unknown);
          deps.onFailure?.(unknown);
          serverErrors = 0;
          // The rest of the row waits: a later step may depend on this one.
          return { row: null, ...(isFatal(e) ? { fatal: e } : {}) };
        }
        const errorCode =
          e instanceof ApiError
            ? (e.code ?? `http_${e.status}`)
            : e instanceof UnavailableError
              ? 'unavailable'
              : 'unexpected';
        const message = (e as Error)?.message ?? String(e);
        record(lineOf(head, 'failed', {}, errorCode, message), 'failed');
        const failure = {
          line: change.line,
          subject: change.subject,
          action: step.action,
          errorCode,
          message,
          error: e,
        };
        failures.push(failure);
        deps.onFailure?.(failure);
        serverErrors = e instanceof ApiError && e.status >= 500 ? serverErrors + 1 : 0;
        const stop = isFatal(e) || serverErrors >= MAX_SERVER_ERRORS_IN_A_ROW;
        return { row: null, ...(stop ? { fatal: e as Error } : {}) };
      }
      serverErrors = 0;
      record(lineOf(head, done.outcome, done.fields, null, null), done.outcome);
      deps.onStep?.(done, change);
      earlier.push(done);
    }
    return { row: null };
  };
  let loop: SendResult;
  try {
    await deps.onSending?.(total);
    if (total > 0) deps.onProgress?.({ done: 0, total, tallies });
    loop = await sendEach(rows(), sendRow, () => undefined, { concurrency: 1, signal: deps.signal });
  } finally {
    try {
      report?.writer.close();
    } finally {
      await report?.lock.release();
    }
  }
  const stopped = loop.stopped;
  const fatal = loop.fatal;
  return {
    ...result,
    stopped,
    ...(fatal ? { fatal } : {}),
    tallies,
    failures,
    unknowns,
    settled: settled.length,
    sent,
  };
}
