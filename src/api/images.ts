// GET /qr-codes/:id/image: the image bytes of a QR code or a card, and the filename the API suggests.
// Few runtime imports: the command reads the format constants at start-up.
import type { ApiClient } from './client.js';
import { idPath } from './ids.js';
import { checkImage } from './image-check.js';

export const IMAGE_FORMATS = ['png', 'svg', 'pdf', 'jpeg', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
/** The API accepts `transparent` only for these. */
export const TRANSPARENT_FORMATS: readonly ImageFormat[] = ['png', 'webp', 'svg'];
export const IMAGE_SIZE = { min: 128, max: 4096, default: 512 } as const;
/** File extension per format (the API suggests `.jpg` for jpeg). */
export const IMAGE_EXT: Record<ImageFormat, string> = { png: 'png', svg: 'svg', pdf: 'pdf', jpeg: 'jpg', webp: 'webp' };

export interface ImageQuery {
  format: ImageFormat;
  size: number;
  transparent: boolean;
}

export interface QrImage {
  bytes: Buffer;
  contentType?: string;
  /** A safe base name from Content-Disposition, when the API suggested one. */
  filename?: string;
}

export async function getQrImage(client: ApiClient, id: string, q: ImageQuery, signal?: AbortSignal): Promise<QrImage> {
  const res = await client.requestBytes(
    idPath('/qr-codes', id, '/image'),
    {
      format: q.format,
      size: q.size,
      transparent: q.transparent ? true : undefined,
    },
    signal,
  );
  const type = header(res.headers['content-type']);
  checkImage(q.format, type, res.body);
  return {
    bytes: res.body,
    contentType: type,
    filename: filenameFromDisposition(header(res.headers['content-disposition'])),
  };
}

function header(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The `filename` of a Content-Disposition header (RFC 6266: `filename*=UTF-8''...` wins over
 * `filename="..."`), reduced to a safe base name: no directories, no leading dots, no control
 * characters. Undefined when absent or unusable.
 */
export function filenameFromDisposition(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let name: string | undefined;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(value);
  if (star) {
    try {
      name = decodeURIComponent(star[2].trim());
    } catch {
      name = undefined;
    }
  }
  if (name === undefined) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(value);
    name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]) : undefined;
  }
  return name === undefined ? undefined : safeFileName(name);
}

/** A base name that cannot leave the target directory; undefined when nothing usable is left. */
export function safeFileName(name: string): string | undefined {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control characters (C0, DEL, C1) and the bidirectional controls that would show `exe.png` as `gnp.exe`.
  const clean = base
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^\.+/, '')
    .trim();
  return clean && clean.length <= 255 ? clean : undefined;
}
