// --validate-only's second step (PRODUCT §6): after the local checks, up to 5 rows of distinct shape (a
// distinct set of non-empty columns) go to the campaign's dry run (POST /campaigns/:id/cards/test, creates
// nothing), so a rule the schema does not state is found before an import sends every row into it.
// `--offline` skips it; a key without cards:write gets the local checks and a note.
import { ApiError, UsageError } from '../../errors.js';
import { sendEach, type Sent } from '../rows/loop.js';
import { buildBody, rowId } from './validate.js';
import type { CheckedFile } from './check.js';
import { dataRows } from './check.js';
import type { CsvRecord } from '../../csv/read-records.js';
import type { CheckOptions } from './types.js';

export const SAMPLE_ROWS = 5;

export type Sampled = { sent: number } | { skipped: 'offline' | 'no-scope' };

/** The first rows of distinct shape, at most `max` (the file is read until that many are found). */
export async function* distinctShapes(records: AsyncIterable<CsvRecord>, max = SAMPLE_ROWS): AsyncGenerator<CsvRecord> {
  const seen = new Set<string>();
  for await (const rec of records) {
    const shape = rec.cells.map((c) => (c === '' ? '0' : '1')).join('');
    if (seen.has(shape)) continue;
    seen.add(shape);
    yield rec;
    if (seen.size >= max) return;
  }
}

type Refused = { line: number; text: string } | { noScope: true } | undefined;

/** Sends the sample; throws a UsageError listing every row the dry run refuses (exit 2, nothing created). */
export async function sampleDryRun(checked: CheckedFile, opts: CheckOptions, signal: AbortSignal): Promise<Sampled> {
  if (opts.offline) return { skipped: 'offline' };
  const [{ testCampaignCard }, { problemText }] = await Promise.all([
    import('../../api/campaigns.js'),
    import('../../api/schemas/campaigns.js'),
  ]);
  const { plan } = checked;
  const refused: Array<{ line: number; text: string }> = [];
  let sent = 0;
  let noScope = false;
  await sendEach(
    distinctShapes(dataRows(checked.source(), signal)),
    async (rec): Promise<Sent<Refused>> => {
      try {
        const r = await testCampaignCard(checked.client, opts.campaignId, buildBody(plan, rec.cells), signal);
        const errors = r.errors.filter((e) => (e as { code?: unknown })?.code !== 'duplicate_external_id');
        if (r.ok || !errors.length) return { row: undefined };
        const id = rowId(plan, rec.cells, rec.line);
        return {
          row: { line: rec.line, text: `${id ? `${id}: ` : ''}${errors.slice(0, 5).map(problemText).join('; ')}` },
        };
      } catch (e) {
        // The key may not write cards (the dry run needs cards:write): the local checks stand alone.
        if (e instanceof ApiError && e.status === 403 && e.code === 'forbidden')
          return { row: { noScope: true }, fatal: e };
        throw e;
      }
    },
    (row) => {
      if (row && 'noScope' in row) noScope = true;
      else {
        sent++;
        if (row) refused.push(row);
      }
    },
    { concurrency: 1, signal },
  );
  if (noScope) return { skipped: 'no-scope' };
  if (refused.length) {
    const n = refused.length;
    throw new UsageError(
      `the campaign's dry run refuses ${n} of ${sent} sample row${sent === 1 ? '' : 's'} (rows of distinct shape); nothing was created`,
      [
        ...refused.map((r) => `line ${r.line}: ${r.text}`),
        'rows of the same shape would be refused the same way: fix the file (or --set a constant), then check again',
      ],
    );
  }
  return { sent };
}
