// JPEG with sharp (libvips + mozjpeg, native): no usable pure-JS encoder is as fast; high quality
// and no chroma subsampling keep module edges clean for scanners.
import { rasterize, type QrLayout } from './layout.js';

export async function renderJpeg(layout: QrLayout): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const { data, channels } = rasterize(layout, false);
  return sharp(data, { raw: { width: layout.width, height: layout.height, channels } })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .withMetadata({ density: 300 })
    .toBuffer();
}
