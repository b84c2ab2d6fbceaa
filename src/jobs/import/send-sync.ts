// --update and --trash-missing: one planned change → at most one request → one report line. An update is
// one PATCH of the card's complete fields under its own Idempotency-Key (keys.ts changeKey), counted
// `updated` only when the answer shows every changed field (else failed, change_not_shown); an
// unchanged row sends nothing and is recorded `unchanged`; a trash is one DELETE (`trashed`; a card
// already gone, 404, is recorded trashed too: the account is as planned).
import type { ApiClient } from '../../api/client.js';
import {
  ApiError,
  ChangeNotShownError,
  formatDetail,
  isFatal,
  NotSentError,
  OutcomeUnknownError,
  UnavailableError,
} from '../../errors.js';
import { reportRow, trashReportRow, type ReportRow } from './report.js';
import { unshownChanges } from './fields.js';
import { ImportStop } from './stop.js';
import type { CampaignCard, ChangeSent as Sent, SyncJob } from './types.js';

/** Server errors in a row (each already retried by the client) before the run stops. */
const MAX_SERVER_ERRORS_IN_A_ROW = 3;

export async function createSyncSender(client: ApiClient): Promise<(job: SyncJob) => Promise<Sent>> {
  const { deleteCard, updateCard } = await import('../../api/cards.js');
  let serverErrors = 0;
  const cardFields = (card: Pick<CampaignCard, 'id' | 'url' | 'shortCode' | 'paused'>): Partial<ReportRow> => ({
    cardId: card.id,
    url: card.url,
    shortCode: card.shortCode,
    paused: card.paused,
  });
  return async (job) => {
    if (job.kind === 'unchanged')
      return { row: reportRow(job.line, job.externalId, 'unchanged', cardFields(job.card)) };
    try {
      if (job.kind === 'update') {
        const card = await updateCard(client, job.card.id, { fields: job.fields }, { idempotencyKey: job.key });
        serverErrors = 0;
        const unshown = unshownChanges(card.fields as Record<string, unknown>, job.changes);
        if (unshown.length)
          throw new ChangeNotShownError(`the API answered card ${card.id} without ${unshown.join(', ')}`);
        return {
          row: reportRow(job.line, job.externalId, 'updated', {
            ...cardFields(card),
            message: `changed ${job.changes.map((c) => c.field).join(', ')}`,
            status: 200,
          }),
        };
      }
      await deleteCard(client, job.card.id, { idempotencyKey: job.key });
      serverErrors = 0;
      return { row: trashReportRow(job.externalId, 'trashed', { ...cardFields(job.card), status: 204 }) };
    } catch (e) {
      if (e instanceof NotSentError) throw e; // a stop came first: the change stays for a re-run
      return failed(job, e);
    }
  };

  function failed(job: Exclude<SyncJob, { kind: 'unchanged' }>, e: unknown): Sent {
    const row = (outcome: 'failed' | 'unknown', rest: Partial<ReportRow>) =>
      job.kind === 'trash'
        ? trashReportRow(job.externalId, outcome, rest)
        : reportRow(job.line, job.externalId, outcome, rest);
    if (e instanceof ApiError) {
      if (job.kind === 'trash' && e.status === 404) {
        serverErrors = 0;
        return {
          row: trashReportRow(job.externalId, 'trashed', {
            ...cardFields(job.card),
            errorCode: e.code ?? 'http_404',
            message: 'the card was already gone (in Trash or deleted)',
            status: 404,
          }),
        };
      }
      const code = e.code ?? `http_${e.status}`;
      const details = e.details.length ? ` (${e.details.slice(0, 5).map(formatDetail).join('; ')})` : '';
      const failure = row('failed', {
        cardId: job.card.id,
        errorCode: code,
        message: `${job.kind === 'trash' ? 'trash' : 'update'}: ${e.message}${details}`,
        requestId: e.requestId,
        status: e.status,
      });
      serverErrors = e.status >= 500 ? serverErrors + 1 : 0;
      if (isFatal(e)) return { row: failure, fatal: e };
      if (serverErrors >= MAX_SERVER_ERRORS_IN_A_ROW)
        return {
          row: failure,
          fatal: new ImportStop(
            'server-errors',
            `the service failed ${serverErrors} changes in a row (HTTP ${e.status}); stopping`,
          ),
        };
      return { row: failure };
    }
    if (e instanceof OutcomeUnknownError) {
      serverErrors = 0;
      const lost = row('unknown', { cardId: job.card.id, errorCode: 'outcome_unknown', message: e.message });
      return { row: lost, ...(isFatal(e) ? { fatal: e } : {}) };
    }
    if (e instanceof UnavailableError)
      return {
        row: row('failed', { cardId: job.card.id, errorCode: 'unavailable', message: e.message }),
        fatal: e,
      };
    const message = (e as Error)?.message ?? String(e);
    return { row: row('failed', { cardId: job.card.id, errorCode: 'unexpected', message }) };
  }
}
