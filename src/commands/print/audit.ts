// `cardqr print audit <run>` and `cardqr print retarget <run> --url <fallback>`: read a run's
// manifest from the ledger and check (or move) every code it put on paper.
import { idempotencyKey as rowKey, newNonce } from '../../jobs/rows/keys.js';
import { getCard } from '../../api/cards.js';
import { checkGivenIds } from '../../api/ids.js';
import { getQrCode, updateQrCode } from '../../api/qr.js';
import { openText } from '../../api/schemas/open.js';
import { configDir } from '../../config/paths.js';
import { sendEach, type Sent } from '../../jobs/rows/loop.js';
import type { Context } from '../../context.js';
import { ApiError, CliError, EXIT, isFatal, PartialError, UsageError } from '../../errors.js';
import { renderList, type View } from '../../output/render.js';
import { readLedger, type CodeLine, type Ledger } from '../../jobs/print/ledger.js';
import { confirm } from '../confirm.js';

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

async function loadRun(ref: string, ctx: Context): Promise<Ledger> {
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

function uniqueCodes(codes: CodeLine[]): CodeLine[] {
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

/** 404 resource_not_found: the object is gone (another 404, such as a wrong base URL, is a failure). */
const isGone = (e: unknown) => e instanceof ApiError && e.status === 404 && e.code === 'resource_not_found';

export async function runAudit(ref: string, ctx: Context): Promise<void> {
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
  await renderList(findings, findingView, ctx.output(), ctx.io);
  const count = (s: Finding['state']) => new Set(findings.filter((f) => f.state === s).map((f) => f.id)).size;
  const flagged = new Set(findings.map((f) => f.id)).size;
  const summary =
    `checked ${codes.length} code${codes.length === 1 ? '' : 's'} of ${ledger.run.run}: ${codes.length - flagged} as printed, ` +
    `${count('paused')} paused, ${count('unpublished')} unpublished, ${count('deleted')} deleted, ${count('elsewhere')} pointing elsewhere, ${count('url-changed')} with a changed link` +
    (count('error') ? `, ${count('error')} could not be read` : '');
  if (count('error')) throw new PartialError(summary);
  ctx.msg.info(summary);
}

interface Moved {
  id: string;
  result: 'moved' | 'deleted' | 'failed';
  detail: string;
}

const movedView: View<Moved> = {
  columns: [
    { header: 'ID', value: 'id' },
    { header: 'RESULT', value: 'result', style: 'status' },
    { header: 'DETAIL', value: 'detail' },
  ],
};

export async function runRetarget(ref: string, url: string, ctx: Context): Promise<void> {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || !parsed.hostname)
    throw new UsageError(`--url ${url}: expected a full http or https URL`);
  const ledger = await loadRun(ref, ctx);
  const all = uniqueCodes(ledger.codes);
  const targets = all.filter((c) => c.kind === 'qr');
  const cards = all.length - targets.length;
  if (!targets.length)
    throw new UsageError(
      `run ${ledger.run.run} holds no QR codes (${cards} card${cards === 1 ? '' : 's'}: cards have no destination to move)`,
    );
  const question =
    `Point ${targets.length} QR code${targets.length === 1 ? '' : 's'} of run ${ledger.run.run} at ${url}?` +
    (cards
      ? ` (${cards === 1 ? '1 card in the run stays as it is' : `${cards} cards in the run stay as they are`})`
      : '');
  if (!(await confirm(ctx, question))) throw new CliError('cancelled: nothing was changed', EXIT.usage);

  const client = await ctx.api();
  // One key per code for this invocation: its retries are exactly-once, and a later retarget (A → B → A)
  // never repeats an earlier key, whose stored answer the API would replay without changing anything.
  const nonce = newNonce();
  const results = await pool(targets, async (c): Promise<Moved> => {
    const idempotencyKey = rowKey({
      scheme: 'cqrow',
      nonce,
      scope: [ledger.run.run, 'print-retarget'],
      subject: c.id,
      intent: ['retarget', url],
    });
    try {
      // updateQrCode refuses an answer that does not show the new destination (ChangeNotShownError).
      await updateQrCode(client, c.id, { destinationUrl: url }, { idempotencyKey });
      return { id: c.id, result: 'moved', detail: `was ${c.destinationUrl ?? '(none)'} when printed` };
    } catch (e) {
      if (isGone(e)) return { id: c.id, result: 'deleted', detail: 'no longer exists (404); nothing to move' };
      if (isFatal(e)) throw e;
      return {
        id: c.id,
        result: 'failed',
        detail: e instanceof ApiError ? `${e.code ?? e.status}: ${e.message}` : String(e),
      };
    }
  });
  await renderList(results, movedView, ctx.output(), ctx.io);
  const n = (r: Moved['result']) => results.filter((m) => m.result === r).length;
  const summary =
    `${n('moved')} QR code${n('moved') === 1 ? '' : 's'} now point to ${url}; ${n('deleted')} deleted, ${n('failed')} failed` +
    (cards ? `; ${cards} card${cards === 1 ? '' : 's'} left unchanged (cards have no destination)` : '');
  if (n('failed')) throw new PartialError(summary);
  ctx.msg.info(summary);
}
