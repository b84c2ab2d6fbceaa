// `qr apply` as a row job (jobs/rows/): the file read and planned against every QR code of the account
// (archived ones too: GET /qr-codes, then GET /qr-codes?status=archived, every page), and each step sent
// as one POST or PATCH. A create carries the short code, so it can never make a second code: a short
// code held by anything else is answered 400 invalid_request, which fails that row only.
import type { ApiClient } from '../../api/client.js';
import { ApiError, ChangeNotShownError, InterruptedError } from '../../errors.js';
import type { QrCode } from '../../api/schemas/qr.js';
import type { RowJob, Step, StepContext, StepDone } from '../rows/types.js';
import { planApply, type ApplyPlan, type ExistingCode } from './plan.js';
import { readApplyFile, type ApplyInput } from './read.js';

export function qrApplyJob(file: string, map?: ReadonlyMap<string, string>): RowJob<ApplyInput, ApplyPlan> {
  return {
    kind: 'qr-apply',
    subjectField: 'shortCode',
    reportFields: ['qrCodeId', 'url'],
    read: () => readApplyFile(file, map),
    plan: async (input, client, signal) => planApply(file, input, await accountCodes(client, signal)),
    send,
    // A write of an earlier run whose answer was lost: the account now matches the row, so it was done.
    settle: (subject, action, plan) => {
      const row = plan.rows.find((r) => r.shortCode.toLowerCase() === subject.toLowerCase());
      if (row?.action !== 'unchanged' || !row.qrCodeId) return undefined;
      return {
        outcome: action === 'create' ? 'created' : 'updated',
        fields: { qrCodeId: row.qrCodeId, url: row.url ?? null },
      };
    },
  };
}

/** Every QR code of the account, archived ones included (the default list leaves them out). */
export async function accountCodes(client: ApiClient, signal: AbortSignal): Promise<ExistingCode[]> {
  const { listQrCodes } = await import('../../api/qr.js');
  const byId = new Map<string, ExistingCode>();
  const read = async (status: string | undefined) => {
    for await (const q of listQrCodes(client, { status }, { all: true, signal })) {
      byId.set(q.id, {
        id: q.id,
        shortCode: q.shortCode,
        name: q.name,
        destinationUrl: q.destinationUrl,
        status: q.status,
        url: q.url,
        updatedAt: q.updatedAt,
        paused: q.paused,
      });
    }
    if (signal.aborted) throw new InterruptedError('interrupted before anything was sent');
  };
  await read(undefined); // one list, every page …
  await read('archived'); // … then the archived ones, which it leaves out
  return [...byId.values()];
}

/** The endpoints, loaded once: an import() per step cost each row ~10 us before its request. */
let qrApi: Promise<typeof import('../../api/qr.js')> | undefined;

async function send(step: Step, { client, key, earlier }: StepContext): Promise<StepDone> {
  const { createQrCode, updateQrCode, unshownChanges } = await (qrApi ??= import('../../api/qr.js'));
  if (step.action === 'create') {
    const body = step.intent as {
      shortCode: string;
      name: string;
      destinationUrl: string;
      status: 'draft' | 'published';
    };
    const qr = await createQrCode(client, body, { idempotencyKey: key }).catch(async (e: unknown) => {
      const mine = await takenByThisRow(client, e, body);
      if (mine) return mine;
      throw e;
    });
    const unshown = unshownChanges(qr, body);
    if (qr.shortCode.toLowerCase() !== body.shortCode.toLowerCase())
      unshown.push(`short code ${qr.shortCode} (asked ${body.shortCode})`);
    if (unshown.length) throw new ChangeNotShownError(`the API answered with ${qr.id} showing ${unshown.join(', ')}`);
    return { outcome: 'created', fields: { qrCodeId: qr.id, url: qr.url } };
  }
  // The update that follows a create in the same row moves the code it created.
  const { id, body } = step.intent as { id?: string; body: Record<string, string> };
  const target = id ?? earlier[earlier.length - 1]?.fields.qrCodeId;
  if (!target) throw new Error('no code to update: the create before it did not succeed');
  const qr = await updateQrCode(client, target, body, { idempotencyKey: key });
  return { outcome: 'updated', fields: { qrCodeId: qr.id, url: qr.url } };
}

/**
 * A create answered "short code already taken" (400 invalid_request) whose code is this account's and
 * holds the row's values: an earlier run's create whose answer was lost landed after that run read the
 * account. It is done, not failed (PRODUCT §16). Anything else: undefined, and the row fails as answered.
 */
async function takenByThisRow(
  client: ApiClient,
  e: unknown,
  body: { shortCode: string; name: string; destinationUrl: string; status: string },
): Promise<QrCode | undefined> {
  if (!(e instanceof ApiError) || e.status !== 400 || e.code !== 'invalid_request' || !e.request?.sentShortCode)
    return undefined;
  const { listQrCodes, sameUrl } = await (qrApi ??= import('../../api/qr.js'));
  const wanted = body.shortCode.toLowerCase();
  // One list (its pages): a create asks for draft or published, which the default list holds.
  let holder: QrCode | undefined;
  for await (const q of listQrCodes(client, { search: body.shortCode }, { all: true }))
    if (q.shortCode.toLowerCase() === wanted) holder ??= q;
  return holder &&
    holder.name === body.name &&
    sameUrl(holder.destinationUrl, body.destinationUrl) &&
    holder.status === body.status
    ? holder
    : undefined;
}
