// QR codes (every non-card code): POST/GET /qr-codes, GET/PATCH/DELETE /qr-codes/:id. Account-wide keys only.
import { z } from 'zod';
import { checkShortCode, shortCodeDetail, shortCodeError } from '../card-factory.js';
import { created, EmuError, noContent, notFound, ok, validationFailed, type ErrorDetail } from '../http.js';
import { QR_TYPES, STATUSES, type QrRecord } from '../model.js';
import { bodyDetails, paginate, parseEnumParam, parsePage, throwIfProblems } from '../query.js';
import type { RouteContext, RouteDef } from '../routing.js';
import { serializeQrCode } from '../serialize.js';
import { newestFirst } from './cards.js';

/** api-spec: "full http or https URL" — a scheme and a host, no spaces (no length cap: none is documented). */
export function isFullHttpUrl(s: string): boolean {
  if (/\s/.test(s) || !/^https?:\/\//i.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

const name = z.string().min(1).max(200);
const destinationUrl = z.string().refine(isFullHttpUrl, {
  message: 'Invalid url: expected a full http or https URL',
  params: { code: 'invalid_string' },
});

const CreateBody = z.strictObject({
  name,
  destinationUrl,
  shortCode: z.string().optional(),
  status: z.enum(['draft', 'published']).optional(),
});
const PatchBody = z.strictObject({
  name: name.optional(),
  destinationUrl: destinationUrl.optional(),
  status: z.enum(STATUSES).optional(),
});

/** The plan parks what it does not cover: the Business card plan covers cards, not dynamic QR codes. */
export function planCoversQrCodes(plan: string): boolean {
  return plan !== 'business_card';
}

function details(error: z.ZodError): ErrorDetail[] {
  // zod reports refine() failures as `custom`; the API calls a malformed URL `invalid_string`.
  return bodyDetails(error).map((d) => (d.code === 'custom' ? { ...d, code: 'invalid_string' } : d));
}

function qrOr404(ctx: RouteContext): QrRecord {
  const qr = ctx.store.qrCode(ctx.account.id, ctx.params.id);
  if (!qr) throw notFound('QR code');
  return qr;
}

function createQr(ctx: RouteContext) {
  const parsed = CreateBody.safeParse(ctx.body === undefined ? {} : ctx.body);
  const problems: ErrorDetail[] = parsed.success ? [] : details(parsed.error);
  const shortCode = (ctx.body as { shortCode?: unknown } | undefined)?.shortCode;
  if (typeof shortCode === 'string' && checkShortCode(ctx.store, shortCode) === 'invalid')
    problems.push(shortCodeDetail());
  if (!parsed.success || problems.length) throw validationFailed(problems, 'The request body is invalid.');
  const body = parsed.data;
  if (body.shortCode !== undefined) {
    const p = checkShortCode(ctx.store, body.shortCode);
    if (p && p !== 'invalid') throw shortCodeError(p, body.shortCode);
  }
  if (!ctx.store.canCreateQrCode(ctx.account.id)) {
    throw new EmuError(
      403,
      'permission_error',
      'limit_exhausted_products',
      "Your plan's QR code limit is reached. Nothing was created.",
    );
  }
  const now = ctx.nowIso();
  const status = body.status ?? 'published';
  const qr: QrRecord = {
    object: 'qr_code',
    id: ctx.store.newId('qr'),
    accountId: ctx.account.id,
    name: body.name,
    type: 'url',
    status,
    shortCode: body.shortCode ?? ctx.store.randomShortCode(),
    destinationUrl: body.destinationUrl,
    paused: !planCoversQrCodes(ctx.account.plan),
    everPublished: status === 'published',
    design: { foreground: '#000000', background: '#FFFFFF', frame: null },
    createdAt: now,
    updatedAt: now,
  };
  ctx.store.qrCodes.push(qr);
  return created(serializeQrCode(ctx.store, qr));
}

function listQr(ctx: RouteContext) {
  const problems: ErrorDetail[] = [];
  const page = parsePage(ctx.query, 25, problems);
  const status = parseEnumParam(ctx.query, 'status', STATUSES, problems);
  const type = parseEnumParam(ctx.query, 'type', QR_TYPES, problems);
  throwIfProblems(problems);
  const needle = ctx.query.search?.toLowerCase();
  const items = ctx.store
    .qrCodesOf(ctx.account.id)
    .filter(
      (q) =>
        (status ? q.status === status : q.status !== 'archived') &&
        (!type || q.type === type) &&
        (!needle || [q.name, q.shortCode, q.destinationUrl].some((s) => s.toLowerCase().includes(needle))),
    );
  return ok(paginate(newestFirst(items), page, (q) => serializeQrCode(ctx.store, q)));
}

function patchQr(ctx: RouteContext) {
  const qr = qrOr404(ctx);
  const parsed = PatchBody.safeParse(ctx.body === undefined ? {} : ctx.body);
  if (!parsed.success) throw validationFailed(details(parsed.error), 'The request body is invalid.');
  const body = parsed.data;
  const problems: ErrorDetail[] = [];
  if (body.name === undefined && body.destinationUrl === undefined && body.status === undefined) {
    problems.push({
      field: '',
      message: 'At least one of name, destinationUrl, status must be sent',
      code: 'too_small',
    });
  }
  if (body.destinationUrl !== undefined && qr.type !== 'url') {
    problems.push({
      field: 'destinationUrl',
      message: `The destination of a ${qr.type} code cannot be changed through the API`,
      code: 'invalid_type',
    });
  }
  if (problems.length) throw validationFailed(problems, 'The request body is invalid.');
  if (body.name !== undefined) qr.name = body.name;
  if (body.destinationUrl !== undefined) qr.destinationUrl = body.destinationUrl;
  if (body.status !== undefined) {
    qr.status = body.status;
    if (body.status === 'published') qr.everPublished = true;
  }
  qr.updatedAt = ctx.nowIso();
  return ok(serializeQrCode(ctx.store, qr));
}

function deleteQr(ctx: RouteContext) {
  ctx.store.trashQrCode(qrOr404(ctx));
  return noContent();
}

export const routes: RouteDef[] = [
  { method: 'POST', path: '/qr-codes', scopes: ['qr:write'], malformedJson: 'odd500', handler: createQr },
  { method: 'GET', path: '/qr-codes', scopes: ['qr:read'], handler: listQr },
  {
    method: 'GET',
    path: '/qr-codes/:id',
    scopes: ['qr:read'],
    handler: (ctx) => ok(serializeQrCode(ctx.store, qrOr404(ctx))),
  },
  { method: 'PATCH', path: '/qr-codes/:id', scopes: ['qr:write'], handler: patchQr },
  { method: 'DELETE', path: '/qr-codes/:id', scopes: ['qr:write'], handler: deleteQr },
];
