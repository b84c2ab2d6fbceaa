// GET /qr-codes/:id/image → the QR image of a QR code or a card, encoding exactly the record's `url`
// (custom domain included) and drawn with its saved design. The image libraries load lazily here,
// on the first image request, so the emulator starts fast.
import { bytes, notFound, type ErrorDetail } from '../http.js';
import { FORMAT_INFO, IMAGE_FORMATS, TRANSPARENT_FORMATS } from '../images/formats.js';
import { parseBoolParam, parseEnumParam, parseIntParam, queryProblem, throwIfProblems } from '../query.js';
import type { RouteContext, RouteDef } from '../routing.js';
import { cardUrls, qrUrl } from '../serialize.js';

export const MIN_SIZE = 128;
export const MAX_SIZE = 4096;
export const DEFAULT_SIZE = 512;

async function image(ctx: RouteContext) {
  const problems: ErrorDetail[] = [];
  const format = parseEnumParam(ctx.query, 'format', IMAGE_FORMATS, problems) ?? 'png';
  const size = parseIntParam(ctx.query, 'size', DEFAULT_SIZE, MIN_SIZE, MAX_SIZE, problems);
  const transparent = parseBoolParam(ctx.query, 'transparent', false, problems);
  const download = parseBoolParam(ctx.query, 'download', false, problems);
  if (transparent && !TRANSPARENT_FORMATS.includes(format)) {
    problems.push(
      queryProblem(
        ['transparent'],
        `transparent is only available for ${TRANSPARENT_FORMATS.join(', ')}, not ${format}`,
        'custom',
      ),
    );
  }
  throwIfProblems(problems);

  const id = ctx.params.id;
  const qr = ctx.store.qrCode(ctx.account.id, id);
  const card = qr ? undefined : ctx.store.card(ctx.account.id, id);
  const target = qr
    ? { text: qrUrl(ctx.store, qr), design: qr.design, shortCode: qr.shortCode }
    : card
      ? { text: cardUrls(ctx.store, card).url, design: card.design, shortCode: card.shortCode }
      : undefined;
  if (!target) throw notFound('QR code or card');

  const { renderQrImage } = await import('../images/render.js');
  const body = await renderQrImage({ text: target.text, design: target.design, format, size, transparent });
  const { contentType, ext } = FORMAT_INFO[format];
  return bytes(body, contentType, {
    'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${target.shortCode}.${ext}"`,
    'Cache-Control': 'private, max-age=3600',
  });
}

export const routes: RouteDef[] = [
  { method: 'GET', path: '/qr-codes/:id/image', scopes: ['qr:read', 'cards:read'], handler: image },
];
