// WebP with sharp (libwebp, native), lossless: exact pixels, alpha kept when transparent.
import { rasterize, type QrLayout } from './layout.js';

export async function renderWebp(layout: QrLayout, transparent: boolean): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const { data, channels } = rasterize(layout, transparent);
  return sharp(data, { raw: { width: layout.width, height: layout.height, channels } })
    .webp({ lossless: true })
    .toBuffer();
}
