// The action of `cardqr print`, loaded lazily. Pass 1 fetches every object and svg image into a cache
// beside the output (resumable: a re-run asks for every object again, but not for a cached image); pass 2 places them in order into the PDF, checking each module size
// against the floor (and decoding each code with --verify); the PDF is written under a temporary name
// and renamed, then the run's manifest goes into the ledger.
import { startLedgerRun } from '../ledger-run.js';
import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import type { Context } from '../../context.js';
import { CliError, EXIT, failureReason, InterruptedError, PartialError, UsageError } from '../../errors.js';
import { PrintDocument } from '../../jobs/print/compose.js';
import { cacheDirFor, fetchAll, ImageCache, type CodeInfo } from '../../jobs/print/fetch.js';
import { captionText, loadCaptionFonts } from '../../jobs/print/fonts.js';
import { whyWillNotOpen } from '../../api/rules.js';
import { findSymbol, parseQrSvg, type QrSvg, type Symbol } from '../../jobs/print/svg.js';
import { fmtMm, MIN_DOTS_PER_MODULE, MIN_MODULE_MM, moduleFloorMm, WARN_FACTOR } from '../../jobs/print/units.js';
import { readIds } from '../ids.js';
import { refuseOwnPaths } from '../own-files.js';
import { line, thenFail, type Outcome } from '../model/result.js';
import { idsFromReport, parsePrintOptions, type PrintInput, type PrintOptions } from './options.js';
const { existsSync } = process.getBuiltinModule('node:fs');

const CONCURRENCY = 4;

export async function runPrintCommand(ctx: Context, { ids: rawIds, ...flags }: PrintInput): Promise<Outcome> {
  const opts = parsePrintOptions(rawIds, flags);
  refuseOwnPaths(ctx, [{ flag: '-O', path: opts.out }]);
  const ids = [
    ...(rawIds.length ? await readIds(ctx, rawIds) : []),
    ...(opts.fromReport ? await idsFromReport(opts.fromReport) : []),
  ];
  const floor = moduleFloorMm(opts.dpi);
  precheckFloor(opts, floor);
  const captionOf = opts.caption !== undefined ? captionText(opts.caption) : undefined;

  // Font files are read before anything is sent.
  const doc = await PrintDocument.create(opts.layout, {
    captioned: captionOf !== undefined,
    title: `cardqr print ${opts.out}`,
    creator: `cardqr ${ctx.version}`,
  });
  const fonts = captionOf ? await loadCaptionFonts(doc.doc, opts.fonts) : undefined;
  const { sweepTempFiles } = await import('../../fs/durable.js');
  await sweepTempFiles(dirname(resolve(opts.out)), [opts.out]);
  const settings = await ctx.settings();
  const client = await ctx.api();
  const cache = new ImageCache(cacheDirFor(opts.out));
  await cache.prepare({ baseUrl: settings.baseUrl, profile: settings.profile?.name ?? null }).catch((e) => {
    if (e instanceof CliError) throw e;
    throw new CliError(`cannot create the image cache ${cache.dir}: ${cacheErrno(e)}`, EXIT.failed);
  });

  // Pass 1: fetch (or find in the cache) every object and image.
  const signal = ctx.interruptible();
  const unique = new Set(ids).size;
  const failed = new Map<string, string>();
  let done = 0;
  let cached = 0;
  const progress = await ctx.msg.progress({ now: ctx.clock });
  await fetchAll(ids, cache, client, {
    concurrency: CONCURRENCY,
    signal,
    onOutcome: (o) => {
      done++;
      if (o.ok && o.cached) cached++;
      if (!o.ok) failed.set(o.id, failureReason(o.error));
      progress.update(`[${done}/${unique}] fetching images${failed.size ? ` (${failed.size} failed)` : ''}`);
    },
  }).finally(() => progress.stop());
  if (signal.aborted && done < unique) {
    throw new InterruptedError(
      `interrupted: ${done} of ${unique} codes fetched, no PDF written; run the same command again to go on (fetched images are kept in ${cache.dir})`,
    );
  }

  // The captions of every code fetched, so each --font is embedded cut down to what they set.
  // The entries read here are the ones placed below (each cache entry is read and checked once).
  const read = new Map<string, Awaited<ReturnType<ImageCache['read']>>>();
  if (captionOf && fonts) {
    for (const id of new Set(ids)) if (!failed.has(id)) read.set(id, await cache.read(id));
    await fonts.prepare([...read.values()].flatMap((e) => (e ? [captionOf(e.info)] : [])));
  }
  // --verify-links: the links of the codes that would be placed, asked whether they open now.
  const linkClosed = opts.verifyLinks ? await verifyLinks(ids, failed, read, cache, ctx, signal) : undefined;

  // Pass 2: place in order; nothing is written until every code passed the checks.
  const { run, ledger } = await startLedgerRun(ctx, 'print', describeLayout(opts), { dpi: opts.dpi });
  try {
    const tooSmall: string[] = [];
    const unset = new Set<string>();
    let unsetExample: string | undefined;
    const near: string[] = [];
    const inactive: string[] = [];
    /** Short code and name of each code read from the cache, for the lines of those left out. */
    const labels = new Map<string, string>();
    let closedLeftOut = 0;
    let smallest = Infinity;
    let placed = 0;
    for (const id of ids) {
      if (signal.aborted)
        throw new InterruptedError(
          `interrupted while laying out (${placed} of ${ids.length} placed), no PDF written; run the same command again (images are cached)`,
        );
      if (failed.has(id)) continue;
      const entry = read.has(id) ? read.get(id) : await cache.read(id);
      if (!entry) {
        failed.set(id, 'image missing from the cache');
        continue;
      }
      // A code that will not open is left off the sheet, like a scan mismatch (PRODUCT §13).
      labels.set(id, `${entry.info.shortCode}, ${JSON.stringify(entry.info.name)}`);
      const closed = whyWillNotOpen(entry.info) ?? linkClosed?.get(id);
      if (closed && !opts.includeInactive) {
        failed.set(id, `will not open (${closed}); left off the sheet (--include-inactive places it)`);
        closedLeftOut++;
        continue;
      }
      if (closed) inactive.push(`${id} (${closed})`);
      let svg: QrSvg;
      let sym: Symbol;
      try {
        svg = parseQrSvg(entry.svg.toString('utf8'));
        sym = findSymbol(svg) ?? (await symbolByDecoding(svg, entry.svg));
      } catch (err) {
        failed.set(id, failureReason(err));
        continue;
      }
      const slot = doc.nextSlot();
      const moduleMm = Math.min(slot.code.w / svg.width, slot.code.h / svg.height) * sym.module;
      smallest = Math.min(smallest, moduleMm);
      if (moduleMm < floor - 1e-9) {
        tooSmall.push(`${id}: version ${sym.version} (${sym.modules} modules), module ${fmtMm(moduleMm)}`);
        continue;
      }
      if (moduleMm < floor * WARN_FACTOR) near.push(id);
      if (sym.quietModules < 4 - 1e-6) {
        failed.set(id, `the image leaves only ${sym.quietModules.toFixed(1)} modules of quiet zone (4 needed)`);
        continue;
      }
      if (opts.verify) {
        const { decodeQrSvg } = await import('../../jobs/print/decode.js');
        const decoded = await decodeQrSvg(svg, entry.svg, 4 / sym.module);
        if (decoded?.text !== entry.info.url) {
          failed.set(
            id,
            decoded
              ? `scan check: the code reads ${JSON.stringify(decoded.text)}, not ${entry.info.url}`
              : 'scan check: the code does not decode',
          );
          continue;
        }
      }
      let caption;
      if (captionOf && fonts) {
        const text = captionOf(entry.info);
        const set = fonts.set(text);
        for (const c of set.missing) unset.add(c);
        if (set.missing.length) unsetExample ??= text;
        caption = set.caption;
      }
      const at = doc.place(svg, caption);
      placed++;
      await ledger.add(
        codeLine(entry.info, entry.svg, {
          widthMm: Math.min(slot.code.w / svg.width, slot.code.h / svg.height) * svg.width,
          moduleMm,
          version: sym.version,
          page: at.page + 1,
        }),
      );
    }
    if (tooSmall.length) {
      throw new UsageError(
        `${tooSmall.length} code${tooSmall.length === 1 ? '' : 's'} would print below the floor of ${fmtMm(floor)} a module ` +
          `(${MIN_DOTS_PER_MODULE} dots at ${opts.dpi} dpi, never under ${MIN_MODULE_MM} mm); no PDF written. Use a larger --size or label, or a higher --dpi`,
        tooSmall.slice(0, 10).concat(tooSmall.length > 10 ? [`… and ${tooSmall.length - 10} more`] : []),
      );
    }
    if (unset.size && fonts) throw fonts.refusal(unset, unsetExample ?? '');
    // Only codes that will not open (PRODUCT §13): 7, as when some are left off; anything else failing: 1.
    if (!placed)
      throw new CliError(
        `no code could be placed; no PDF written`,
        closedLeftOut === failed.size ? EXIT.partial : EXIT.failed,
        failureLines(failed, labels),
      );
    const bytes = Buffer.from(await doc.save());
    if (!opts.force && existsSync(opts.out))
      throw new UsageError(`refusing to overwrite ${opts.out}: it appeared meanwhile (use --force to replace it)`);
    // Temporary file beside it, every byte checked, fsync, rename: never a half PDF under the final name.
    const { replaceFile } = await import('../../fs/durable.js');
    await replaceFile(opts.out, bytes, { mode: 0o644, what: opts.out });
    await ledger.add({
      type: 'file',
      path: resolve(opts.out),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: bytes.length,
      pages: doc.pages,
    });
    await ledger.commit();
    if (!failed.size) await cache.remove();

    const result = line({ run, file: opts.out, pages: doc.pages, codes: placed, ledger: ledger.path }, opts.out);
    const lines = [
      `placed ${placed} code${placed === 1 ? '' : 's'} on ${doc.pages} page${doc.pages === 1 ? '' : 's'} (${describeLayout(opts)})` +
        `${cached ? `, ${cached} image${cached === 1 ? '' : 's'} from an earlier run` : ''}${opts.verify ? ', every code decoded to its url' : ''}`,
      `smallest module ${fmtMm(smallest)} (floor ${fmtMm(floor)} at ${opts.dpi} dpi); run ${run} recorded in ${ledger.path}`,
    ];
    if (inactive.length) {
      lines.push(
        `warning: ${inactive.length} placed code${inactive.length === 1 ? '' : 's'} will not open (--include-inactive): ${inactive.slice(0, 5).join(', ')}${inactive.length > 5 ? ', …' : ''}`,
      );
    }
    if (near.length) {
      lines.push(
        `warning: ${near.length} code${near.length === 1 ? '' : 's'} within ${Math.round((WARN_FACTOR - 1) * 100)}% of the module floor (first: ${near[0]}); test-scan a proof before printing many`,
      );
    }
    if (failed.size) {
      // One headline, then what was placed and what failed (an error message is one line: cli.ts
      // escapes a newline inside it).
      return thenFail(
        result,
        new PartialError(`${failed.size} code${failed.size === 1 ? '' : 's'} left out`, [
          ...lines,
          ...failureLines(failed, labels),
        ]),
      );
    }
    if (!ctx.msg.quiet || near.length || inactive.length) ctx.msg.say(lines.join('\n'));
    return result;
  } catch (err) {
    await ledger.discard();
    // A refusal (exit 2: below the floor, a character no font has, the output appeared) leaves no cache
    // folder beside the PDF; a partial or interrupted run keeps it for the next one.
    if (err instanceof UsageError) await cache.remove();
    throw err;
  }
}

function codeLine(
  info: CodeInfo,
  svg: Buffer,
  extra: { widthMm: number; moduleMm: number; version: number; page: number },
) {
  return {
    type: 'code' as const,
    id: info.id,
    kind: info.kind,
    name: info.name,
    url: info.url,
    shortCode: info.shortCode,
    destinationUrl: info.destinationUrl,
    status: info.status,
    format: 'pdf (vector, from svg)',
    widthMm: round(extra.widthMm),
    moduleMm: round(extra.moduleMm),
    version: extra.version,
    page: extra.page,
    sha256: createHash('sha256').update(svg).digest('hex'),
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Before anything is sent: even the smallest symbol (version 1: 21 + 8 modules) must clear the floor. */
function precheckFloor(opts: PrintOptions, floor: number): void {
  const l = opts.layout;
  const codeMm = l.kind === 'page' ? l.size : Math.min(l.cellW, l.cellH) - 2 * l.padding;
  const best = codeMm / 29;
  if (best < floor) {
    throw new UsageError(
      `a ${fmtMm(codeMm)} code gives at most ${fmtMm(best)} a module, below the floor of ${fmtMm(floor)} ` +
        `(${MIN_DOTS_PER_MODULE} dots at ${opts.dpi} dpi, never under ${MIN_MODULE_MM} mm); nothing sent. Use at least ${fmtMm(floor * 29)}`,
    );
  }
}

async function symbolByDecoding(svg: QrSvg, bytes: Buffer): Promise<Symbol> {
  const { decodeQrSvg } = await import('../../jobs/print/decode.js');
  const d = await decodeQrSvg(svg, bytes, 600 / Math.max(svg.width, svg.height));
  if (!d) throw new CliError('cannot find the QR symbol in the image (it does not decode)', EXIT.failed);
  const modules = 17 + 4 * d.version;
  const module = Math.hypot(d.topRight.x - d.topLeft.x, d.topRight.y - d.topLeft.y) / modules;
  const quiet = Math.min(d.topLeft.x, d.topLeft.y, svg.width - d.topRight.x) / module;
  return {
    version: d.version,
    modules,
    module,
    x: d.topLeft.x,
    y: d.topLeft.y,
    quietModules: Math.max(0, Math.round(quiet * 10) / 10),
  };
}

function describeLayout(opts: PrintOptions): string {
  const l = opts.layout;
  return l.kind === 'sheet' ? `sheet ${l.name}` : `one per page, ${fmtMm(l.size)} with ${fmtMm(l.bleed)} bleed`;
}

/** One line per code left out: the id, and the short code and name when the object was read. */
function failureLines(failed: Map<string, string>, labels: ReadonlyMap<string, string>): string[] {
  return [...failed].map(([id, why]) => `failed  ${id}${labels.has(id) ? ` (${labels.get(id)})` : ''}: ${why}`);
}

/**
 * One HEAD per code about to be placed (not failed, not closed by its status) to its public link,
 * redirects not followed; returns the ids whose link does not open, with why.
 */
async function verifyLinks(
  ids: string[],
  failed: ReadonlyMap<string, string>,
  read: Map<string, Awaited<ReturnType<ImageCache['read']>>>,
  cache: ImageCache,
  ctx: Context,
  signal: AbortSignal,
): Promise<Map<string, string>> {
  const { checkLinks } = await import('../../jobs/print/links.js');
  const targets: Array<{ id: string; url: string }> = [];
  for (const id of new Set(ids)) {
    if (failed.has(id)) continue;
    const entry = read.has(id) ? read.get(id) : await cache.read(id);
    if (entry && !whyWillNotOpen(entry.info)) targets.push({ id, url: entry.info.url });
  }
  let done = 0;
  const progress = await ctx.msg.progress({ now: ctx.clock });
  const closed = await checkLinks(targets, {
    network: await ctx.network(),
    concurrency: CONCURRENCY,
    signal,
    onOutcome: () => progress.update(`[${++done}/${targets.length}] checking links`),
  }).finally(() => progress.stop());
  if (signal.aborted && done < targets.length)
    throw new InterruptedError(
      `interrupted: ${done} of ${targets.length} links checked, no PDF written; run the same command again (images are cached)`,
    );
  return closed;
}

/** A recursive mkdir says EEXIST when a file stands where a directory is needed: that is ENOTDIR. */
function cacheErrno(e: unknown): string {
  const c = (e as NodeJS.ErrnoException).code;
  return c === 'EEXIST' || c === 'ENOTDIR' ? 'ENOTDIR: a file is in the way' : (c ?? (e as Error).message);
}
