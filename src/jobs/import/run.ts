// `campaigns import` as an engine (PRODUCT §6): the checks of check.ts, then one request per row, each
// outcome recorded in the report before the next, and a summary as data. It never prints and never
// decides an exit status.
//
// Thrown, before any row is sent: UsageError (the file, the flags, the report), InterruptedError
// (Ctrl-C while checking), the client's errors from the preflight. From the first row on, everything
// (failed rows, Ctrl-C, a stop such as a full plan, a rejects file that could not be written) is in
// the summary.
import { idempotencyKey } from '../rows/keys.js';
import { canonicalJson } from '../../api/canonical-json.js';
import { sendEach } from '../rows/loop.js';
import { Tally } from './summary.js';
import { rowId, buildBody } from './validate.js';
import { CliError, EXIT, InterruptedError } from '../../errors.js';
import { withCheckedFile, type CheckedFile } from './check.js';
import { createSender } from './send.js';
import { reportRow, type ReportEnd } from './report.js';
import type {
  CheckOptions,
  ImportDeps,
  ImportJob,
  ImportMode,
  ImportOptions,
  ImportSummary,
  ChangeSent,
  SyncJob,
  SyncPlan,
  ValidationSummary,
} from './types.js';
import type { PlannedSync } from './sync.js';

export async function runCampaignImport(opts: ImportOptions, deps: ImportDeps): Promise<ImportSummary> {
  const mode: ImportMode = opts.dryRun ? 'dry-run' : 'import';
  return withCheckedFile(opts, mode, deps, async (checked) => {
    const { validation: v, opened, plan } = checked;
    const report = checked.reportPath!;
    const inRangeInvalid = v.invalid.countUpTo(v.rangeEnd);
    if (v.problems) {
      const later = v.invalid.size - inRangeInvalid;
      const first = v.first.filter((p) => p.line <= v.rangeEnd);
      if (inRangeInvalid) deps.onNotice?.({ kind: 'skipping-invalid', count: inRangeInvalid, first, report });
      if (later) deps.onNotice?.({ kind: 'invalid-after-max-rows', count: later, maxRows: opts.maxRows!, report });
    }
    if (deps.signal.aborted) throw new InterruptedError('interrupted before any row was sent');

    // --update: the file against the account's cards, the plan shown, asked about, before any write.
    const sync = opts.update ? await planAndConfirm(checked, opts, deps) : undefined;
    const done = opened!.done;
    const alreadyDone = done.countUpTo(v.rangeEnd);
    const base = {
      campaignId: opts.campaignId,
      file: opts.file,
      mode,
      report,
      alreadyDone,
      invalidInFile: inRangeInvalid,
      beyond: Math.max(0, v.rows - v.inRange),
      laterInvalid: v.invalid.size - inRangeInvalid,
      ...(sync ? { plan: sync.plan } : {}),
    };
    const tally = new Tally(Boolean(opts.update));
    tally.outcomes.invalid = inRangeInvalid;
    if (sync) {
      // Rows the template's rules refuse (--skip-invalid): recorded like the file's invalid rows.
      for (const p of sync.plan.invalid) {
        opened!.writer.write(reportRow(p.line, p.externalId, 'invalid', { errorCode: p.code, message: p.message }));
        checked.rejects.add(p.line, p.code, p.message);
        tally.add({ outcome: 'invalid', errorCode: p.code });
      }
      // --dry-run: the plan is the answer; nothing is sent.
      if (mode === 'dry-run') {
        opened!.writer.close();
        const rejects = await checked.saveRejects();
        return { ...base, stopped: 'done', tally, paused: 0, ...(rejects ? { rejects } : {}) };
      }
    }
    const total = v.inRange - alreadyDone - inRangeInvalid - (sync ? sync.invalidLines.size - sync.trash.length : 0);
    await deps.onSending?.(total + tally.outcomes.invalid);
    deps.onProgress?.(tally);
    let paused = 0;
    const writer = opened!.writer;
    const fedKeys = plan.mode === 'native' ? new Set(plan.columns.map((c) => String(c.path[1]))) : undefined;
    const create = await createSender(checked.client, opts.campaignId, mode === 'dry-run', fedKeys);
    const change = sync ? await (await import('./send-sync.js')).createSyncSender(checked.client) : undefined;
    const result = await sendEach(
      jobs(checked, opts, sync),
      (job: ImportJob): Promise<ChangeSent> => (isSync(job) ? change!(job) : create(job)),
      (row) => {
        writer.write(row);
        if ((row.outcome === 'failed' || row.outcome === 'invalid') && row.line !== null)
          checked.rejects.add(row.line, row.errorCode, row.message);
        tally.add(row);
        if (row.paused && row.outcome !== 'trashed') paused++;
        deps.onProgress?.(tally);
      },
      { concurrency: opts.concurrency, signal: deps.signal },
    ).finally(() => deps.onSent?.());
    // The run's end (PRODUCT §6.4): complete unless it stopped early, a row failed or was lost, or
    // --max-rows left rows of the file for later (a plain run of the same file then asks for --resume).
    const complete =
      result.stopped === 'done' && !tally.outcomes.failed && !tally.outcomes.unknown && v.rows <= v.inRange;
    if (mode === 'import') writer.write(endLine(deps.now(), result.stopped, complete));
    writer.close();
    const rejects = await checked.saveRejects();
    return {
      ...base,
      stopped: result.stopped,
      ...(result.fatal ? { fatal: result.fatal } : {}),
      tally,
      paused,
      ...(rejects ? { rejects } : {}),
    };
  });
}

/**
 * --validate-only: the file checked against every rule the campaign schema states, then up to 5 rows of
 * distinct shape through the campaign's dry run (creates nothing; none with --offline).
 */
export async function validateCampaignImport(opts: CheckOptions, deps: ImportDeps): Promise<ValidationSummary> {
  return withCheckedFile(opts, 'validate', deps, async (checked) => {
    const { sampleDryRun } = await import('./sample.js');
    const sampled = await sampleDryRun(checked, opts, deps.signal);
    if (deps.signal.aborted) throw new InterruptedError('interrupted while checking the file; nothing was created');
    const rejects = await checked.saveRejects();
    return {
      campaignId: opts.campaignId,
      file: opts.file,
      rows: checked.validation.rows,
      sampled,
      ...(checked.reportPath ? { report: checked.reportPath } : {}),
      ...(rejects ? { rejects } : {}),
    };
  });
}

const endLine = (now: Date, stopped: ReportEnd['stopped'], complete: boolean): ReportEnd => ({
  type: 'end',
  endedAt: now.toISOString(),
  stopped,
  complete,
});

const isSync = (job: ImportJob): job is SyncJob => job.kind !== undefined && job.kind !== 'create';

/**
 * The plan of --update (and --trash-missing): shown (`onPlan`), then checked (rows the template refuses,
 * the trash bound), then asked about when it changes or trashes existing cards. Throws the refusals.
 */
async function planAndConfirm(checked: CheckedFile, opts: ImportOptions, deps: ImportDeps): Promise<PlannedSync> {
  const { planSync, planProblemsError, overTrashError } = await import('./sync.js');
  const sync = await planSync(checked, opts, deps);
  const plan: SyncPlan = sync.plan;
  if (plan.invalid.length && !opts.skipInvalid) {
    await deps.onPlan?.(plan);
    throw planProblemsError(plan.invalid);
  }
  await deps.onPlan?.(plan);
  if (opts.dryRun) return sync;
  if (plan.maxTrash !== undefined && plan.counts.trash > plan.maxTrash) throw overTrashError(plan);
  if (deps.signal.aborted) throw new InterruptedError('interrupted before any row was sent');
  if ((plan.counts.update || plan.counts.trash) && !(await (deps.confirm?.(plan) ?? Promise.resolve(false))))
    throw new CliError('cancelled: nothing was sent', EXIT.usage);
  return sync;
}

/**
 * The second pass: rows in file order, minus invalid and already-done ones, each with its derived key;
 * then (--trash-missing) the cards to trash. One generator over the records (the header skipped here),
 * not a chain of them: each layer cost every row a few promise turns.
 */
async function* jobs(
  { source, plan, validation, opened }: CheckedFile,
  opts: ImportOptions,
  sync?: PlannedSync,
): AsyncGenerator<ImportJob> {
  let index = -1; // the header is record 0
  for await (const rec of source()) {
    if (index++ < 0) continue;
    if (index > (opts.maxRows ?? Infinity)) break;
    if (validation.invalid.has(rec.line) || opened!.done.has(rec.line)) continue;
    if (sync) {
      if (sync.invalidLines.has(rec.line)) continue;
      const planned = sync.byLine.get(rec.line);
      if (planned) {
        yield planned;
        continue;
      }
    }
    const body = canonicalJson(buildBody(plan, rec.cells));
    const externalId = rowId(plan, rec.cells, rec.line);
    // A row refused before (a 4xx recorded) goes under its next generation; an unknown one keeps its key.
    const key = idempotencyKey({
      scheme: 'cqimp',
      nonce: opened!.nonce,
      scope: [opts.campaignId],
      subject: externalId ?? '',
      intent: [body],
      generation: opened!.refusals.get(rec.line),
    });
    yield { line: rec.line, externalId, body, key };
  }
  // --trash-missing: after every row of the file.
  if (sync) yield* sync.trash;
}
