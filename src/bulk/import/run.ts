// `campaigns import` as an engine (PRODUCT §6): the checks of check.ts, then one request per row, each
// outcome recorded in the report before the next, and a summary as data. It never prints and never
// decides an exit status.
//
// Thrown, before any row is sent: UsageError (the file, the flags, the report), InterruptedError
// (Ctrl-C while checking), the client's errors from the preflight. From the first row on, everything
// (failed rows, Ctrl-C, a stop such as a full plan, a rejects file that could not be written) is in
// the summary.
import { canonicalJson, idempotencyKey } from '../keys.js';
import { sendEach } from '../../jobs/rows/loop.js';
import { Tally } from '../summary.js';
import { rowId, buildBody } from '../validate.js';
import { InterruptedError } from '../../errors.js';
import { dataRows, withCheckedFile, type CheckedFile } from './check.js';
import { createSender } from './send.js';
import type { CheckOptions, ImportDeps, Job, ImportOptions, ImportSummary, ValidationSummary } from './types.js';

export async function runCampaignImport(opts: ImportOptions, deps: ImportDeps): Promise<ImportSummary> {
  const mode = opts.dryRun ? 'dry-run' : 'import';
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

    const done = opened!.done;
    const alreadyDone = done.countUpTo(v.rangeEnd);
    const total = v.inRange - alreadyDone - inRangeInvalid;
    const tally = new Tally();
    tally.outcomes.invalid = inRangeInvalid;
    await deps.onSending?.(total + tally.outcomes.invalid);
    deps.onProgress?.(tally);
    let paused = 0;
    const writer = opened!.writer;
    const fedKeys = plan.mode === 'native' ? new Set(plan.columns.map((c) => String(c.path[1]))) : undefined;
    const result = await sendEach(
      jobs(checked, opts),
      await createSender(checked.client, opts.campaignId, mode === 'dry-run', fedKeys),
      (row) => {
        writer.write(row);
        if (row.outcome === 'failed' || row.outcome === 'invalid')
          checked.rejects.add(row.line, row.errorCode, row.message);
        tally.add(row);
        if (row.paused) paused++;
        deps.onProgress?.(tally);
      },
      { concurrency: opts.concurrency, signal: deps.signal },
    ).finally(() => deps.onSent?.());
    writer.close();
    const rejects = await checked.saveRejects();
    return {
      campaignId: opts.campaignId,
      file: opts.file,
      mode,
      report,
      stopped: result.stopped,
      ...(result.fatal ? { fatal: result.fatal } : {}),
      tally,
      alreadyDone,
      paused,
      invalidInFile: inRangeInvalid,
      beyond: Math.max(0, v.rows - v.inRange),
      laterInvalid: v.invalid.size - inRangeInvalid,
      ...(rejects ? { rejects } : {}),
    };
  });
}

/** --validate-only: the file checked against the campaign schema; no row is sent. */
export async function validateCampaignImport(opts: CheckOptions, deps: ImportDeps): Promise<ValidationSummary> {
  return withCheckedFile(opts, 'validate', deps, async (checked) => {
    const rejects = await checked.saveRejects();
    return {
      campaignId: opts.campaignId,
      file: opts.file,
      rows: checked.validation.rows,
      ...(checked.reportPath ? { report: checked.reportPath } : {}),
      ...(rejects ? { rejects } : {}),
    };
  });
}

/** The second pass: rows in file order, minus invalid and already-done ones, each with its derived key. */
async function* jobs({ source, plan, validation, opened }: CheckedFile, opts: ImportOptions): AsyncGenerator<Job> {
  let index = 0;
  for await (const rec of dataRows(source())) {
    if (++index > (opts.maxRows ?? Infinity)) return;
    if (validation.invalid.has(rec.line) || opened!.done.has(rec.line)) continue;
    const body = canonicalJson(buildBody(plan, rec.cells));
    const externalId = rowId(plan, rec.cells, rec.line);
    const key = idempotencyKey(opts.campaignId, externalId ?? '', body, opened!.refusals.get(rec.line), opened!.nonce);
    yield { line: rec.line, externalId, body, key };
  }
}
