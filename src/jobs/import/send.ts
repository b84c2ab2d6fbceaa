// One row → one request → one report line. Maps every answer to an outcome: 201 created, 409
// duplicate_external_id exists, anything else failed; marks the answers no later row can get past
// (fatal: the import stops and prints how to resume).
import type { ApiClient } from '../../api/client.js';
import { openString } from '../../api/schemas/open.js';
import { ApiError, formatDetail, isFatal, NotSentError, OutcomeUnknownError, UnavailableError } from '../../errors.js';
import { reportRow } from './report.js';
import type { Job, RowSent as Sent } from './types.js';
import { ImportStop } from './stop.js';

/** Codes after which every later row would fail the same way. */
const FATAL_CODES = new Set([
  'invalid_api_key',
  'forbidden',
  'upgrade_required_api',
  'key_scoped_to_campaign',
  'campaign_api_disabled',
  'api_not_configured',
  'limit_exhausted_cards',
  'resource_not_found',
]);
/** Server errors in a row (each already retried by the client) before the import stops. */
const MAX_SERVER_ERRORS_IN_A_ROW = 3;

/**
 * `fedKeys`: the card field keys some column of the file feeds (native mode). A 422 saying a required
 * field is missing for a key no column feeds fails every row alike: the first one stops the import.
 */
export async function createSender(
  client: ApiClient,
  campaignId: string,
  dryRun: boolean,
  fedKeys?: ReadonlySet<string>,
): Promise<(job: Job) => Promise<Sent>> {
  const [{ createCampaignCard, testCampaignCard }, { problemText }] = await Promise.all([
    import('../../api/campaigns.js'),
    import('../../api/schemas/campaigns.js'),
  ]);
  let serverErrors = 0;
  // What this run created: a card id is reported `created` once, and an identifier created by an
  // earlier row of the file makes a later 409 duplicate_external_id a failure, not `exists`.
  const createdCards = new Map<string, number>();
  const createdIds = new Map<string, number>();
  // PRODUCT §6.4: the first rows sent, each a refusal's (code, fields) or null; all alike stops the run.
  const firstSent: Array<string | null> = [];
  const refusalOf = new WeakMap<object, string>();
  const send = async (job: Job): Promise<Sent> => {
    try {
      if (dryRun) {
        const r = await testCampaignCard(client, campaignId, job.body);
        serverErrors = 0;
        if (r.ok)
          return {
            row: reportRow(job.line, job.externalId, 'skipped', {
              shortCode: r.shortCode,
              message: 'dry run: the card would be created',
            }),
          };
        const first = r.errors[0];
        const code =
          openString(first && typeof first === 'object' ? (first as { code?: unknown }).code : undefined) || 'rejected';
        const message = r.errors.slice(0, 5).map(problemText).join('; ');
        return {
          row: reportRow(job.line, job.externalId, code === 'duplicate_external_id' ? 'exists' : 'failed', {
            errorCode: code,
            message,
          }),
        };
      }
      const { card, requestId } = await createCampaignCard(client, campaignId, job.body, { idempotencyKey: job.key });
      serverErrors = 0;
      const externalId = card.externalId ?? job.externalId; // the identifier the API resolved
      const earlier = createdCards.get(card.id);
      if (earlier !== undefined) {
        return {
          row: reportRow(job.line, externalId, 'failed', {
            cardId: card.id,
            errorCode: 'duplicate_in_file',
            requestId,
            status: 201,
            message: `the API answered with card ${card.id}, already created for line ${earlier} of this file: this row created nothing`,
          }),
        };
      }
      createdCards.set(card.id, job.line);
      if (externalId !== null) createdIds.set(externalId, job.line);
      const row = reportRow(job.line, externalId, 'created', {
        cardId: card.id,
        url: card.url,
        shortCode: card.shortCode,
        paused: card.paused,
        requestId,
        status: 201,
      });
      if (job.externalId !== null && card.externalId !== null && card.externalId !== job.externalId) {
        // --id-column named the wrong column: the file's uniqueness check proved nothing; stop here.
        return {
          row,
          fatal: new ImportStop(
            'id-column-mismatch',
            `line ${job.line}: the API resolved identifier "${card.externalId}", but --id-column gave "${job.externalId}": stopping (the card was created)`,
            [
              'name the column the campaign reads its identifier from (`cardqr campaigns test` shows it as externalId), or leave --id-column out, then resume',
            ],
          ),
        };
      }
      return { row };
    } catch (e) {
      if (e instanceof NotSentError) throw e; // a stop came first: the row stays for --resume
      return failed(job, e);
    }
  };
  return async (job) => {
    const sent = await send(job);
    if (dryRun || firstSent.length >= SAME_FAILURE_ROWS) return sent;
    firstSent.push(refusalOf.get(sent.row) ?? null);
    if (sent.fatal || firstSent.length < SAME_FAILURE_ROWS) return sent;
    const [sig] = firstSent;
    if (sig === null || !firstSent.every((s) => s === sig)) return sent;
    return { row: sent.row, fatal: sameFailureStop(sig, sent.row.message, campaignId) };
  };

  function failed(job: Job, e: unknown): Sent {
    if (e instanceof ApiError) {
      const code = e.code ?? `http_${e.status}`;
      const mine = job.externalId !== null ? createdIds.get(job.externalId) : undefined;
      if (code === 'duplicate_external_id' && mine !== undefined) {
        serverErrors = 0;
        return {
          row: reportRow(job.line, job.externalId, 'failed', {
            errorCode: 'duplicate_in_file',
            requestId: e.requestId,
            status: e.status,
            message: `identifier "${job.externalId}" was created by line ${mine} of this file; this row was not imported`,
          }),
        };
      }
      if (code === 'duplicate_external_id') {
        serverErrors = 0;
        return {
          row: reportRow(job.line, job.externalId, 'exists', {
            errorCode: code,
            message: e.message,
            requestId: e.requestId,
            status: e.status,
          }),
        };
      }
      const row = reportRow(job.line, job.externalId, 'failed', {
        errorCode: code,
        message: withDetails(e),
        requestId: e.requestId,
        status: e.status,
      });
      if (e.status >= 400 && e.status < 500) refusalOf.set(row, refusalKey(code, e.details));
      serverErrors = e.status >= 500 ? serverErrors + 1 : 0;
      if (FATAL_CODES.has(code)) return { row, fatal: e };
      const unfed =
        fedKeys && code === 'validation_failed'
          ? e.details.find(
              (d) =>
                (d as { reason?: unknown }).reason === 'required' && !fedKeys.has(String((d as { key?: unknown }).key)),
            )
          : undefined;
      if (unfed) {
        const key = String((unfed as { key?: unknown }).key);
        return {
          row,
          fatal: new ImportStop(
            'unfed-required-field',
            `the campaign requires "${key}" and no column of the file holds it: every row would be refused`,
            [
              `add a ${key} column (\`cardqr campaigns schema ${campaignId}\`), then run the import again (a changed file starts a new run)`,
            ],
          ),
        };
      }
      if (serverErrors >= MAX_SERVER_ERRORS_IN_A_ROW) {
        return {
          row,
          fatal: new ImportStop(
            'server-errors',
            `the service failed ${serverErrors} rows in a row (HTTP ${e.status}); stopping`,
          ),
        };
      }
      return { row };
    }
    if (e instanceof OutcomeUnknownError) {
      serverErrors = 0;
      const row = reportRow(job.line, job.externalId, 'unknown', { errorCode: 'outcome_unknown', message: e.message });
      return { row, ...(isFatal(e) ? { fatal: e } : {}) };
    }
    if (e instanceof UnavailableError) {
      return {
        row: reportRow(job.line, job.externalId, 'failed', { errorCode: 'unavailable', message: e.message }),
        fatal: e,
      };
    }
    const message = (e as Error)?.message ?? String(e);
    return { row: reportRow(job.line, job.externalId, 'failed', { errorCode: 'unexpected', message }) };
  }
}

/** Rows sent (the first ones of a run) that, all refused with one (code, fields), stop it: PRODUCT §6.4. */
export const SAME_FAILURE_ROWS = 5;

/** A refusal's code and the fields its details name (`validation_failed fields.emails.0.label`). */
function refusalKey(code: string, details: readonly unknown[]): string {
  const fields = details.map((d) => {
    const o = (d ?? {}) as { field?: unknown; key?: unknown; path?: unknown };
    return String(o.field ?? o.key ?? (Array.isArray(o.path) ? o.path.join('.') : ''));
  });
  return [code, ...[...new Set(fields)].sort()].join(' ');
}

function sameFailureStop(sig: string, message: string | null, campaignId: string): ImportStop {
  const [code, ...fields] = sig.split(' ');
  const what = fields.filter(Boolean).length ? `${code}, ${fields.join(', ')}` : code;
  return new ImportStop(
    'same-failure',
    `the first ${SAME_FAILURE_ROWS} rows sent were all refused the same way (${what}): stopping; no other row was sent`,
    [
      ...(message ? [`the API said: ${message}`] : []),
      `fix the file (or give every row a value with --set path=value), check it with \`cardqr campaigns import ${campaignId} <file> --validate-only\`, then run the import again (a changed file starts a new run)`,
    ],
  );
}

function withDetails(e: ApiError): string {
  if (!e.details.length) return e.message;
  const more = e.details.length > 5 ? `; ${e.details.length - 5} more` : '';
  return `${e.message} (${e.details.slice(0, 5).map(formatDetail).join('; ')}${more})`;
}
