// The print PDF: codes drawn as vector paths from the API's svg, on label sheets or one per page with
// TrimBox, BleedBox and crop marks. Module rectangles are written straight into a compressed content
// stream per page (a few bytes per rectangle) instead of pdf-lib's operator objects, so a run of
// thousands of codes stays small in memory; other path shapes go through pdf-lib's drawSvgPath.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { CAPTION_MIN_H, MARK_GAP, MARK_LEN, pageSize, slotFor, type Box, type Layout, type Slot } from './layout.js';
import type { QrSvg, Rgb } from './svg.js';
import { PT_PER_MM } from './units.js';

export interface Caption {
  /** Text runs, each set in the font that covers it. */
  runs: Array<{ text: string; font: PDFFont }>;
}

const f = (n: number): string => (Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000));

export class PrintDocument {
  private page?: PDFPage;
  private pageNo = -1;
  private ops: string[] = [];
  private count = 0;

  private constructor(
    readonly doc: PDFDocument,
    readonly layout: Layout,
    readonly captionH: number,
  ) {}

  static async create(
    layout: Layout,
    opts: { captioned: boolean; title: string; creator: string },
  ): Promise<PrintDocument> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(opts.title);
    doc.setCreator(opts.creator);
    doc.setProducer(opts.creator);
    const captionH = opts.captioned ? captionHeight(layout) : 0;
    return new PrintDocument(doc, layout, captionH);
  }

  get pages(): number {
    return this.pageNo + 1;
  }

  /** The slot the next code goes to (for the module-size check before placing). */
  nextSlot(): Slot {
    return slotFor(this.layout, this.count, this.captionH > 0, this.captionH);
  }

  /** Places one code (and its caption) in the next slot; returns where it went. */
  place(svg: QrSvg, caption: Caption | undefined): Slot {
    const slot = this.nextSlot();
    if (slot.page !== this.pageNo) this.newPage(svg.shapes[0]);
    const page = this.page as PDFPage;
    const H = page.getHeight();
    // Fit the image (a framed one is taller than wide) into the code box, centred.
    const k = Math.min(slot.code.w / svg.width, slot.code.h / svg.height) * PT_PER_MM;
    const left = slot.code.x * PT_PER_MM + (slot.code.w * PT_PER_MM - svg.width * k) / 2;
    const top = H - slot.code.y * PT_PER_MM - (slot.code.h * PT_PER_MM - svg.height * k) / 2;
    const raw: string[] = [`q ${f(k)} 0 0 ${f(-k)} ${f(left)} ${f(top)} cm`];
    for (const shape of svg.shapes) {
      if (shape.rects) {
        raw.push(`${color(shape.color)} rg`);
        for (const [x, y, w, h] of shape.rects) raw.push(`${f(x)} ${f(y)} ${f(w)} ${f(h)} re`);
        raw.push('f');
      } else {
        this.flushOps();
        page.drawSvgPath(shape.d, {
          x: left,
          y: top,
          scale: k,
          color: rgb(...(shape.color.map((c) => c / 255) as Rgb)),
          borderWidth: 0,
        });
      }
    }
    raw.push('Q');
    this.ops.push(raw.join('\n'));
    if (caption && slot.caption) this.drawCaption(page, slot.caption, slot.captionAlign, caption);
    this.count++;
    return slot;
  }

  private drawCaption(page: PDFPage, box: Box, align: Slot['captionAlign'], caption: Caption): void {
    this.flushOps();
    const H = page.getHeight();
    const maxW = box.w * PT_PER_MM;
    let size = Math.min(9, (Math.min(box.h, 4.5) * PT_PER_MM) / 1.25);
    const width = (s: number) => caption.runs.reduce((sum, r) => sum + r.font.widthOfTextAtSize(r.text, s), 0);
    while (size > 4 && width(size) > maxW) size -= 0.25;
    // Still too wide at the smallest size: shorten with an ellipsis rather than overflow the label.
    const runs = fitRuns(caption.runs, size, maxW);
    const w = runs.reduce((sum, r) => sum + r.font.widthOfTextAtSize(r.text, size), 0);
    let x = box.x * PT_PER_MM + (align === 'center' ? (maxW - w) / 2 : 0);
    const y = H - (box.y + box.h / 2) * PT_PER_MM - size * 0.35;
    for (const r of runs) {
      page.drawText(r.text, { x, y, size, font: r.font, color: rgb(0, 0, 0) });
      x += r.font.widthOfTextAtSize(r.text, size);
    }
  }

  private newPage(background: QrSvg['shapes'][number]): void {
    this.flushOps();
    const size = pageSize(this.layout, this.captionH);
    const page = this.doc.addPage([size.w * PT_PER_MM, size.h * PT_PER_MM]);
    this.page = page;
    this.pageNo++;
    if (size.trim && size.bleed) {
      const H = size.h * PT_PER_MM;
      const box = (b: Box) => [b.x * PT_PER_MM, H - (b.y + b.h) * PT_PER_MM, b.w * PT_PER_MM, b.h * PT_PER_MM] as const;
      page.setTrimBox(...box(size.trim));
      page.setBleedBox(...box(size.bleed));
      // The code's background colour runs to the bleed edge, so a trim that drifts shows no white edge.
      const [bx, by, bw, bh] = box(size.bleed);
      const bg = background.rects?.length === 1 ? background.color : ([255, 255, 255] as Rgb);
      this.ops.push(`q ${color(bg)} rg ${f(bx)} ${f(by)} ${f(bw)} ${f(bh)} re f Q`);
      this.ops.push(
        cropMarks(box(size.trim), size.bleed.x === size.trim.x ? 0 : (size.trim.x - size.bleed.x) * PT_PER_MM),
      );
    }
  }

  private flushOps(): void {
    if (!this.page || !this.ops.length) return;
    const stream = this.doc.context.flateStream(this.ops.join('\n'));
    this.page.node.addContentStream(this.doc.context.register(stream));
    this.ops = [];
  }

  async save(): Promise<Uint8Array> {
    this.flushOps();
    return this.doc.save({ useObjectStreams: true, addDefaultPage: false });
  }
}

function color([r, g, b]: Rgb): string {
  return `${f(r / 255)} ${f(g / 255)} ${f(b / 255)}`;
}

/** Marks on the trim lines, starting MARK_GAP outside the bleed, MARK_LEN long, 0.25 pt black. */
function cropMarks([x, y, w, h]: readonly [number, number, number, number], bleed: number): string {
  const gap = bleed + MARK_GAP * PT_PER_MM;
  const len = MARK_LEN * PT_PER_MM;
  const lines: string[] = ['q 0 0 0 RG 0.25 w'];
  const seg = (x1: number, y1: number, x2: number, y2: number) =>
    lines.push(`${f(x1)} ${f(y1)} m ${f(x2)} ${f(y2)} l S`);
  for (const cx of [x, x + w]) {
    seg(cx, y - gap, cx, y - gap - len);
    seg(cx, y + h + gap, cx, y + h + gap + len);
  }
  for (const cy of [y, y + h]) {
    seg(x - gap, cy, x - gap - len, cy);
    seg(x + w + gap, cy, x + w + gap + len, cy);
  }
  lines.push('Q');
  return lines.join('\n');
}

function captionHeight(l: Layout): number {
  if (l.kind === 'page') return Math.max(CAPTION_MIN_H * 2, l.size * 0.15);
  return Math.max(CAPTION_MIN_H, Math.min(4, l.cellH * 0.18));
}

function fitRuns(runs: Caption['runs'], size: number, maxW: number): Caption['runs'] {
  const total = () => runs.reduce((s, r) => s + r.font.widthOfTextAtSize(r.text, size), 0);
  if (total() <= maxW) return runs;
  const out = runs.map((r) => ({ ...r }));
  while (out.length) {
    const last = out[out.length - 1];
    const chars = [...last.text.replace(/…$/, '')];
    chars.pop();
    if (!chars.length) {
      out.pop();
      continue;
    }
    last.text = `${chars.join('')}…`;
    if (out.reduce((s, r) => s + r.font.widthOfTextAtSize(r.text, size), 0) <= maxW) return out;
  }
  return out;
}
