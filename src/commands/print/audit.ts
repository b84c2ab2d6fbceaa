// `cardqr print audit <run>`: read a run's manifest from the ledger and check every code it put on
// paper, a few at a time. `print retarget` (retarget.ts) moves them, over the same ledger.
import { getCard } from '../../api/cards.js';
import { checkGivenIds } from '../../api/ids.js';
import { getQrCode } from '../../api/qr.js';
import { openText } from '../../api/schemas/open.js';
import { configDir } from '../../config/paths.js';
import { isGone } from '../../jobs/by-id/job.js';
import { sendEach, type Sent } from '../../jobs/rows/loop.js';
import type { Context } from '../../context.js';
import { isFatal, PartialError, UsageError } from '../../errors.js';
import type { View } from '../../output/render.js';
import { readLedger, type CodeLine, type Ledger } from '../../jobs/print/ledger.js';
import { defineCommand } from '../model/define.js';
import { argument } from '../model/fields.js';
import { list, thenFail, type Outcome } from '../model/result.js';

const CONCURRENCY = 4;

export interface Finding {
  id: string;
  kind: 'qr' | 'card';
  state: 'deleted' | 'paused' | 'unpublished' | 'elsewhere' | 'url-changed' | 'error';
  detail: string;
  printed: string;
}

const findingView: View<Finding> = {
  columns: [
    { header: 'ID', value: 'id' },
    { header: 'KIND', value: 'kind' },
    { header: 'STATE', value: 'state', style: 'status' },
    { header: 'DETAIL', value: 'detail' },
  ],
};

/** The <run> of `print audit` and `print retarget`. */
export const runArgument = argument('<run>', 'run id, last, or the path of a ledger file');

export const printAudit = defineCommand({
  name: 'audit',
  summary: 'Re-read every code of a print run and list those now paused, deleted or pointing elsewhere',
  args: { run: runArgument },
  examples: ['cardqr print audit last'],
  view: async () => findingView as View,
  run: (ctx, { run }) => runAudit(run, ctx),
});

/** The ledger of a print run, refused when it was printed against another API or names an id that cannot be one. */
export async function loadRun(ref: string, ctx: Context): Promise<Ledger> {
  const ledger = await readLedger(configDir(ctx.env), ref);
  const settings = await ctx.settings();
  if (settings.baseUrl.replace(/\/+$/, '') !== ledger.run.baseUrl.replace(/\/+$/, '')) {
    throw new UsageError(
      `run ${ledger.run.run} was printed against ${ledger.run.baseUrl}, but this command would ask ${settings.baseUrl}; choose that profile or --base-url`,
    );
  }
  // A ledger's ids came from the service's answers: opaque (api-spec.md §Resources rule 2), refused only
  // when not one path segment, all checked before the first request.
  checkGivenIds(
    ledger.codes.map((c) => c.id),
    `id (ledger of run ${ledger.run.run})`,
  );
  return ledger;
}

export function uniqueCodes(codes: CodeLine[]): CodeLine[] {
  const seen = new Map<string, CodeLine>();
  for (const c of codes) if (!seen.has(c.id)) seen.set(c.id, c);
  return [...seen.values()];
}

/** Runs `fn` over items, a few at a time (the one request loop), keeping results in input order. */
async function pool<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  await sendEach(
    items.keys(),
    async (i): Promise<Sent<[number, R]>> => ({ row: [i, await fn(items[i])] }),
    ([i, r]) => (out[i] = r),
    { concurrency: CONCURRENCY },
  );
  return out;
}

export async function runAudit(ref: string, ctx: Context): Promise<Outcome> {
  const ledger = await loadRun(ref, ctx);
  const client = await ctx.api();
  const codes = uniqueCodes(ledger.codes);
  const results = await pool(codes, async (c): Promise<Finding[]> => {
    const base = { id: c.id, kind: c.kind, printed: c.url };
    let now: { url: string; status: string; paused: boolean; destinationUrl?: unknown };
    try {
      now = c.kind === 'qr' ? await getQrCode(client, c.id) : await getCard(client, c.id);
    } catch (e) {
      if (isGone(e)) return [{ ...base, state: 'deleted', detail: 'no longer exists (404)' }];
      if (isFatal(e)) throw e;
      return [{ ...base, state: 'error', detail: e instanceof Error ? e.message : String(e) }];
    }
    const found: Finding[] = [];
    if (now.paused)
      found.push({ ...base, state: 'paused', detail: 'paused: the plan no longer covers it, its link does not open' });
    else if (now.status === 'paused') found.push({ ...base, state: 'paused', detail: 'status paused' });
    else if (now.status !== 'published') found.push({ ...base, state: 'unpublished', detail: `status ${now.status}` });
    if (now.url !== c.url)
      found.push({
        ...base,
        state: 'url-changed',
        detail: `its link is now ${now.url}; the printed code still opens ${c.url}`,
      });
    if (c.kind === 'qr' && c.destinationUrl !== null && (now.destinationUrl ?? null) !== c.destinationUrl) {
      found.push({
        ...base,
        state: 'elsewhere',
        detail: `now points to ${openText(now.destinationUrl) || '(none)'} (printed: ${c.destinationUrl})`,
      });
    }
    return found;
  });
  const findings = results.flat();
  const count = (s: Finding['state']) => new Set(findings.filter((f) => f.state === s).map((f) => f.id)).size;
  const flagged = new Set(findings.map((f) => f.id)).size;
  const summary =
    `checked ${codes.length} code${codes.length === 1 ? '' : 's'} of ${ledger.run.run}: ${codes.length - flagged} as printed, ` +
    `${count('paused')} paused, ${count('unpublished')} unpublished, ${count('deleted')} deleted, ${count('elsewhere')} pointing elsewhere, ${count('url-changed')} with a changed link` +
    (count('error') ? `, ${count('error')} could not be read` : '');
  if (count('error')) return thenFail(list(findings), new PartialError(summary));
  ctx.msg.info(summary);
  return list(findings);
}
