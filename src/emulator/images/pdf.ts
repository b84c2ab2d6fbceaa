// PDF with pdf-lib (pure JS): one page sized for 300 dpi (the image's pixels become points at
// 72/300), modules drawn as vector paths so print stays sharp at any scale.
import { PDFDocument, rgb } from 'pdf-lib';
import { pathData } from './svg.js';
import type { QrLayout, Rgb } from './layout.js';

const DPI = 300;

export async function renderPdf(layout: QrLayout): Promise<Buffer> {
  const k = 72 / DPI;
  const doc = await PDFDocument.create();
  doc.setTitle(layout.text);
  doc.setProducer('cardqr emulator');
  doc.setCreator('cardqr emulator');
  const page = doc.addPage([layout.width * k, layout.height * k]);
  const color = ([r, g, b]: Rgb) => rgb(r / 255, g / 255, b / 255);
  page.drawRectangle({
    x: 0,
    y: 0,
    width: layout.width * k,
    height: layout.height * k,
    color: color(layout.background),
  });
  // drawSvgPath puts the path's origin at (x, y) and flips the y axis, like an SVG in the page.
  const at = { x: 0, y: layout.height * k, scale: k, borderWidth: 0 };
  page.drawSvgPath(pathData(layout.dark), { ...at, color: color(layout.foreground) });
  if (layout.light.length) page.drawSvgPath(pathData(layout.light), { ...at, color: color(layout.background) });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
