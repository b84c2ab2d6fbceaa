// Flags of `cardqr print` → a checked plan, before anything is sent (every problem is exit 2).
import { DONE_OUTCOMES } from '../../jobs/import/report.js';
import { reportEntries } from '../../jobs/rows/report-lines.js';
import { checkGivenIds } from '../../api/ids.js';
import { UsageError } from '../../errors.js';
import { refuseOverlaps } from '../../fs/own-files.js';
import { checkOutFile } from '../out-file.js';
import { sheetLayout, type Layout } from '../../jobs/print/layout.js';
import { SHEET_PRESETS } from '../../jobs/print/sheets.js';
import { parseLength, parseSize2 } from '../../jobs/print/units.js';
import { intIn } from '../flags.js';
import type { Input } from '../model/define.js';
import { choice, flag, repeatable, value, variadic } from '../model/fields.js';
const { statSync } = process.getBuiltinModule('node:fs');

/** The arguments and flags of `cardqr print`, as data (model/fields.ts). */
export const printArgs = {
  ids: variadic('[id...]', 'card or QR code ids; - reads ids from standard input, one per line'),
};

export const printFlags = {
  out: value('-O, --out <file.pdf>', 'the PDF to write (required; never overwritten without --force)'),
  sheet: choice(
    '--sheet <preset>',
    'label sheet preset',
    SHEET_PRESETS.map((p) => p.name),
  ),
  grid: value('--grid <CxR>', 'custom label sheet: columns x rows (with --cell)'),
  cell: value('--cell <WxH>', 'custom label size, such as 63.5x38.1mm'),
  margin: value('--margin <top[,left]>', 'custom sheet: top and left margin (default: 0mm)'),
  gap: value('--gap <x[,y]>', 'custom sheet: space between labels (default: 0mm)'),
  page: choice('--page <size>', 'custom sheet paper (default: a4)', ['a4', 'letter']),
  padding: value('--padding <length>', 'space kept clear inside each label (default: 1.5mm)'),
  size: value('--size <length>', 'one code per page at this width, quiet zone included (such as 30mm or 1.2in)'),
  bleed: value('--bleed <length>', 'one code per page: bleed around the trim (default: 3mm)'),
  caption: value('--caption <text>', "caption: name, url, shortCode, id, or a template such as '{name} · {shortCode}'"),
  font: repeatable(
    '--font <file>',
    'caption font (TrueType/OpenType), repeatable, in fallback order; built in: Helvetica (Latin-1)',
  ),
  dpi: value('--dpi <n>', 'printer resolution for the module-size floor (default: 300)', intIn(72, 4800)),
  includeInactive: flag(
    '--include-inactive',
    'place codes whose link will not open (paused or archived) instead of leaving them off (exit 7)',
  ),
  verify: flag(
    '--verify',
    'decode every placed code and compare it with the object url; mismatches are left out (exit 7)',
  ),
  verifyLinks: flag(
    '--verify-links',
    "ask each code's public link whether it opens (one HEAD request per code, redirects not followed; the service may count a check as a scan): a link answering 423, 404 or 410 is left out (exit 7). Off by default",
  ),
  fromReport: value(
    '--from-report <file>',
    'also print every created or existing card of a campaign import report, or every created or updated code of a qr apply report',
  ),
  force: flag('--force', 'replace the PDF if it exists'),
};

/** What `cardqr print` runs with: its ids and flags, parsed. */
export type PrintInput = Input<typeof printArgs, typeof printFlags>;
type PrintFlags = Omit<PrintInput, 'ids'>;

export interface PrintOptions {
  out: string;
  layout: Layout;
  caption?: string;
  fonts: string[];
  dpi: number;
  verify: boolean;
  /** --verify-links: one HEAD per code to its public link (jobs/print/links.ts). */
  verifyLinks: boolean;
  /** Place codes whose link will not open (paused, archived) instead of leaving them off (PRODUCT §13). */
  includeInactive: boolean;
  force: boolean;
  fromStdin: boolean;
  fromReport?: string;
}

const PAGES: Record<string, { w: number; h: number }> = { a4: { w: 210, h: 297 }, letter: { w: 215.9, h: 279.4 } };

export function presetNames(): string {
  return SHEET_PRESETS.map((p) => p.name).join(', ');
}

export function parsePrintOptions(ids: string[], f: PrintFlags): PrintOptions {
  if (!f.out) throw new UsageError('-O/--out <file.pdf> is required');
  if (!/\.pdf$/i.test(f.out)) throw new UsageError(`-O ${f.out}: print writes PDF; name the file .pdf`);
  if (!ids.length && !f.fromReport)
    throw new UsageError('give ids, - to read them from standard input, or --from-report <file>');
  const modes = [f.sheet !== undefined, f.grid !== undefined, f.size !== undefined].filter(Boolean).length;
  if (modes !== 1)
    throw new UsageError(
      'choose one layout: --sheet <preset>, --grid <CxR> --cell <WxH>, or --size <length> (one code per page)',
    );

  let layout: Layout;
  const padding = f.padding === undefined ? 1.5 : parseLength(f.padding, '--padding', { allowZero: true });
  if (f.sheet !== undefined) {
    const preset = SHEET_PRESETS.find(
      (p) => p.name.toLowerCase() === f.sheet?.toLowerCase().replace(/^avery[\s-]*/, ''),
    );
    if (!preset)
      throw new UsageError(
        `unknown --sheet ${f.sheet}; presets: ${presetNames()} (or --grid/--cell for another sheet)`,
      );
    for (const [flag, v] of [
      ['--cell', f.cell],
      ['--margin', f.margin],
      ['--gap', f.gap],
      ['--page', f.page],
    ] as const) {
      if (v !== undefined) throw new UsageError(`${flag} goes with --grid, not --sheet`);
    }
    layout = sheetLayout(preset, padding);
  } else if (f.grid !== undefined) {
    const g = /^\s*(\d+)\s*[x×]\s*(\d+)\s*$/i.exec(f.grid);
    if (!g || Number(g[1]) < 1 || Number(g[2]) < 1 || Number(g[1]) * Number(g[2]) > 1000) {
      throw new UsageError(`--grid ${f.grid}: expected COLUMNSxROWS, such as 3x8`);
    }
    if (!f.cell) throw new UsageError('--grid needs --cell <WxH>, such as --cell 63.5x38.1mm');
    const [cellW, cellH] = parseSize2(f.cell, '--cell');
    const page = PAGES[(f.page ?? 'a4').toLowerCase()];
    if (!page) throw new UsageError(`--page ${f.page}: expected a4 or letter`);
    const [top, left] = pair(f.margin ?? '0mm', '--margin');
    const [gapX, gapY] = pair(f.gap ?? '0mm', '--gap');
    const [across, down] = [Number(g[1]), Number(g[2])];
    const usedW = left + across * cellW + (across - 1) * gapX;
    const usedH = top + down * cellH + (down - 1) * gapY;
    if (usedW > page.w + 0.01 || usedH > page.h + 0.01) {
      throw new UsageError(
        `--grid ${f.grid} of ${f.cell} cells does not fit on the page (needs ${usedW.toFixed(1)} × ${usedH.toFixed(1)} mm, page ${page.w} × ${page.h} mm)`,
      );
    }
    layout = {
      kind: 'sheet',
      name: `${across}x${down} grid`,
      pageW: page.w,
      pageH: page.h,
      across,
      down,
      cellW,
      cellH,
      left,
      top,
      pitchX: cellW + gapX,
      pitchY: cellH + gapY,
      padding,
    };
  } else {
    for (const [flag, v] of [
      ['--cell', f.cell],
      ['--margin', f.margin],
      ['--gap', f.gap],
      ['--page', f.page],
      ['--padding', f.padding],
    ] as const) {
      if (v !== undefined) throw new UsageError(`${flag} goes with a label sheet, not --size (one code per page)`);
    }
    layout = {
      kind: 'page',
      size: parseLength(f.size as string, '--size'),
      bleed: f.bleed === undefined ? 3 : parseLength(f.bleed, '--bleed', { allowZero: true }),
    };
  }
  if (f.bleed !== undefined && layout.kind === 'sheet')
    throw new UsageError('--bleed goes with --size (one code per page); a label sheet has no bleed');
  if (layout.kind === 'sheet' && (layout.cellW <= 2 * layout.padding || layout.cellH <= 2 * layout.padding)) {
    throw new UsageError(`--padding ${f.padding} leaves no room in a ${layout.cellW} × ${layout.cellH} mm label`);
  }
  if (f.font?.length && f.caption === undefined) throw new UsageError('--font goes with --caption');
  checkOutFile(f.out, {
    replace: Boolean(f.force),
    specialHint: 'name a file (the PDF is written whole, then moved into place)',
  });
  refuseOverlaps([
    { flag: '-O', path: f.out, temp: true },
    f.fromReport ? { flag: '--from-report', path: f.fromReport } : undefined,
  ]);
  return {
    out: f.out,
    layout,
    caption: f.caption,
    fonts: f.font ?? [],
    dpi: f.dpi ?? 300,
    verify: Boolean(f.verify),
    verifyLinks: Boolean(f.verifyLinks),
    includeInactive: Boolean(f.includeInactive),
    force: Boolean(f.force),
    fromStdin: ids.includes('-'),
    fromReport: f.fromReport,
  };
}

function pair(raw: string, flag: string): [number, number] {
  const parts = raw.split(',');
  if (parts.length > 2) throw new UsageError(`${flag} ${raw}: expected one length or two separated by a comma`);
  const unit = /(mm|cm|in|pt)\s*$/i.exec(raw)?.[1] ?? '';
  const vals = parts.map((p) =>
    parseLength(/(mm|cm|in|pt)\s*$/i.test(p) ? p : `${p}${unit}`, flag, { allowZero: true }),
  );
  return [vals[0], vals[1] ?? vals[0]];
}

/**
 * Ids of a report's codes, in report order, each once: an import report's created, exists, updated and
 * unchanged cards (--update) less the ones it moved to Trash (--trash-missing), or a `qr apply` report's
 * created and updated QR codes (every run the report holds).
 */
export async function idsFromReport(path: string): Promise<string[]> {
  try {
    if (!statSync(path).isFile()) throw new UsageError(`--from-report ${path}: not a regular file`);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`--from-report ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const ids = new Set<string>();
  const trashed = new Set<string>();
  let first = true;
  let apply = false;
  for await (const e of reportEntries(path, `--from-report ${path}`)) {
    if (first) {
      if (e.type !== 'header') throw new UsageError(`--from-report ${path} is not a cardqr import or qr apply report`);
      apply = e.job === 'qr-apply';
      first = false;
      continue;
    }
    if (e.type !== 'row') continue; // a later run's header, its end, a line cut short
    const { outcome, fields } = e.row;
    if (!apply && outcome === 'trashed' && typeof fields.cardId === 'string') trashed.add(fields.cardId);
    // An import's done rows (DONE_OUTCOMES: created, exists, updated, unchanged); qr apply's writes.
    const id = apply
      ? (outcome === 'created' || outcome === 'updated') && fields.qrCodeId
      : DONE_OUTCOMES.has(outcome) && fields.cardId;
    if (typeof id === 'string' && id) ids.add(id);
  }
  for (const id of trashed) ids.delete(id);
  if (first) throw new UsageError(`--from-report ${path} is empty`);
  const what = apply ? 'QR codes' : 'cards';
  if (!ids.size)
    throw new UsageError(
      `--from-report ${path} holds no ${apply ? 'created or updated' : 'created or existing'} ${what}`,
    );
  // The report's ids came from the service's answers: opaque, refused only when not one path segment.
  checkGivenIds([...ids], `${apply ? 'QR code' : 'card'} id (--from-report ${path})`);
  return [...ids];
}
