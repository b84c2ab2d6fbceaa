// SVG written by hand: one <path> per colour, in pixel units, crisp edges. Tiny and exact.
import { hexColor, type QrLayout, type Rect } from './layout.js';

export function renderSvg(layout: QrLayout, transparent: boolean): Buffer {
  const { width: w, height: h } = layout;
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" shape-rendering="crispEdges">`,
    `<title>${escapeXml(layout.text)}</title>`,
  ];
  if (!transparent) parts.push(`<rect width="${w}" height="${h}" fill="${hexColor(layout.background)}"/>`);
  parts.push(`<path fill="${hexColor(layout.foreground)}" d="${pathData(layout.dark)}"/>`);
  if (layout.light.length) parts.push(`<path fill="${hexColor(layout.background)}" d="${pathData(layout.light)}"/>`);
  parts.push('</svg>', '');
  return Buffer.from(parts.join('\n'), 'utf8');
}

export function pathData(rects: Rect[]): string {
  return rects.map(([x, y, rw, rh]) => `M${x} ${y}h${rw}v${rh}h${-rw}z`).join('');
}

function escapeXml(s: string): string {
  return s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}
