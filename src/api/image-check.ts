// The bytes of GET /qr-codes/:id/image against what they claim to be. api-spec.md §QR images: "image bytes
// with a matching Content-Type" in one of the formats the endpoint lists (png, svg, pdf, jpeg, webp). An
// answer whose Content-Type names another type than the format asked for, or whose bytes do not start as
// that type's files do (an HTML error page, JSON, a truncated body), is an unexpected response (exit 1):
// nothing is saved.
import { ApiError } from '../errors.js';

type Format = 'png' | 'svg' | 'pdf' | 'jpeg' | 'webp';

export const IMAGE_MEDIA_TYPES: Record<Format, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

const startsWith = (bytes: Buffer, magic: number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const MAGIC: Record<Format, (bytes: Buffer) => boolean> = {
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  pdf: (b) => startsWith(b, ascii('%PDF-')),
  webp: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  // Text: an optional BOM, XML declaration, comments and doctype, then the <svg> root element.
  svg: (b) =>
    /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(
      b.subarray(0, 4096).toString('utf8'),
    ),
};

/** Why these bytes are not the image asked for, or undefined. */
export function imageProblem(format: Format, contentType: string | undefined, bytes: Buffer): string | undefined {
  const expected = IMAGE_MEDIA_TYPES[format];
  const type = contentType?.split(';')[0].trim().toLowerCase();
  if (type && type !== expected)
    return `Content-Type ${JSON.stringify(type.slice(0, 60))} for format ${format} (expected ${expected})`;
  if (!bytes.length) return `an empty body for format ${format}`;
  if (!MAGIC[format](bytes))
    return `the bytes are not ${format === 'svg' ? 'an SVG document' : `a ${format.toUpperCase()} file`}`;
  return undefined;
}

export function checkImage(format: Format, contentType: string | undefined, bytes: Buffer): void {
  const problem = imageProblem(format, contentType, bytes);
  if (problem)
    throw new ApiError(
      200,
      'unexpected_response',
      `unexpected response for GET /qr-codes/:id/image: ${problem}; nothing was saved`,
    );
}
