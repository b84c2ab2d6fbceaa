// Entry point of the image renderers. The route imports this module lazily, and each format
// loads its own library only when asked (sharp only for jpeg/webp, pdf-lib only for pdf).
import type { QrDesign } from '../model.js';
import type { ImageFormat } from './formats.js';
import { layoutQr } from './layout.js';

export interface RenderRequest {
  text: string;
  design: QrDesign;
  format: ImageFormat;
  size: number;
  transparent: boolean;
}

export async function renderQrImage(req: RenderRequest): Promise<Buffer> {
  const layout = layoutQr(req.text, req.design, req.size);
  switch (req.format) {
    case 'png':
      return (await import('./png.js')).renderPng(layout, req.transparent);
    case 'svg':
      return (await import('./svg.js')).renderSvg(layout, req.transparent);
    case 'pdf':
      return (await import('./pdf.js')).renderPdf(layout);
    case 'jpeg':
      return (await import('./jpeg.js')).renderJpeg(layout);
    case 'webp':
      return (await import('./webp.js')).renderWebp(layout, req.transparent);
  }
}
