// The run of `cardqr image`, loaded lazily: checks, then saves, writing paths into the stream it
// returns (one image to stdout: its bytes) and progress, per-image timings (--verbose) and the summary
// on stderr.
import { startLedgerRun } from '../ledger-run.js';
import { dirname } from 'node:path';
import type { Writable } from 'node:stream';
import { write } from '../../io.js';
import { whyWillNotOpen } from '../../api/rules.js';
import type { Context } from '../../context.js';
import { failureReason, InterruptedError, isFatal, NotSentError, PartialError } from '../../errors.js';
import { bytes, none, type Result, stream } from '../model/result.js';
import { parseImageOptions, type ImageInput, type ImageOptions } from './options.js';
import type { ApiClient } from '../../api/client.js';
import { readIds } from '../ids.js';
import { prepareDir, saveImages, type Outcome } from '../../jobs/images/save.js';
import { safeLine } from '../../output/sanitize.js';
import { refuseOwnPaths } from '../own-files.js';

export async function runImageCommand(rawIds: string[], flags: ImageInput, ctx: Context): Promise<Result> {
  const { io, msg } = ctx;
  const opts = parseImageOptions(rawIds, flags, {
    stdoutTTY: io.isStdoutTTY,
    apiKeyStdin: Boolean(ctx.globals.apiKeyStdin),
  });
  refuseOwnPaths(ctx, [
    { flag: '-O', path: opts.out },
    { flag: '-d', path: opts.out === undefined ? opts.dir : undefined },
  ]);
  const ids = await readIds(ctx, rawIds);
  if (opts.out === undefined) await prepareDir(opts.dir);
  if (opts.out !== '-') {
    // Files a killed earlier run (kill -9) left half-written under a temporary name.
    const { sweepTempFiles } = await import('../../fs/durable.js');
    const swept = await sweepTempFiles(opts.out === undefined ? opts.dir : dirname(opts.out));
    if (swept) msg.verbose(`removed ${swept} temporary file${swept === 1 ? '' : 's'} left by an interrupted run`);
  }
  const client = await ctx.api();
  if (opts.out === '-') {
    const [{ getQrImage }, { fetchInfo }] = await Promise.all([
      import('../../api/images.js'),
      import('../../jobs/print/fetch.js'),
    ]);
    const [image, info] = await Promise.all([getQrImage(client, ids[0], opts.query), fetchInfo(client, ids[0])]);
    warnClosed(ctx, ids[0], info);
    return bytes(image.bytes);
  }
  return stream(({ stream: out }) => saveAll(ctx, ids, opts, client, out));
}

/** Saves every image, each saved path written to `out` as it is saved. */
async function saveAll(
  ctx: Context,
  ids: string[],
  opts: ImageOptions,
  client: ApiClient,
  out: Writable,
): Promise<Result> {
  const { msg } = ctx;
  const verbose = Boolean(ctx.globals.verbose);
  const outcomes: Outcome[] = [];
  const signal = ctx.interruptible();
  const clock = ctx.clock;
  const progress = opts.batch ? await msg.progress({ now: clock }) : undefined;
  let index;
  if (opts.out === undefined) {
    const { ImageIndex, imageIndexPath } = await import('../../jobs/images/index-file.js');
    const { configDir } = await import('../../config/paths.js');
    index = new ImageIndex(imageIndexPath(configDir(ctx.env), opts.dir), ids);
  }
  try {
    await saveImages(ids, opts, { client, signal, clock, index }, async (o) => {
      outcomes.push(o);
      if (o.status === 'saved') {
        if (o.info) warnClosed(ctx, o.id, o.info);
        msg.verbose(`${o.id} → ${o.path}  ${o.bytes.toLocaleString('en-US')} bytes  ${o.ms} ms`);
        if (!msg.quiet) {
          progress?.clear();
          await write(out, `${o.path}\n`);
        }
      }
      progress?.update(progressLine(outcomes, ids.length));
    });
  } catch (err) {
    progress?.stop();
    if (err instanceof NotSentError && signal.aborted) {
      throw new InterruptedError(`interrupted: ${summary(outcomes, ids.length)}`, detailLines(outcomes, verbose));
    }
    if (!opts.batch || !isFatal(err)) throw err;
    msg.say(`stopped: ${safeLine(failureReason(err))}`);
    msg.say(summary(outcomes, ids.length));
    throw err;
  }
  progress?.stop();
  if (opts.ledger) await recordLedger(outcomes, opts, ctx);
  if (!opts.batch) {
    const one = outcomes[0];
    if (one?.status === 'skipped') msg.info(safeLine(`skipped ${one.id}: ${one.reason}`));
    return none;
  }

  const lines = detailLines(outcomes, verbose);
  if (signal.aborted && outcomes.length < ids.length) {
    throw new InterruptedError(`interrupted: ${summary(outcomes, ids.length)}`, lines);
  }
  if (outcomes.some((o) => o.status === 'failed')) throw new PartialError(summary(outcomes, ids.length), lines);
  if (!msg.quiet || lines.length)
    msg.say([summary(outcomes, ids.length), ...lines.map((l) => `  ${safeLine(l)}`)].join('\n'));
  return none;
}

/** PRODUCT §13: the image is saved (it may be for an archive), with a word that its link will not open. */
function warnClosed(ctx: Context, id: string, info: { status: unknown; paused: unknown }): void {
  const why = whyWillNotOpen(info);
  if (why) ctx.msg.warn(`${id} will not open (${why}); saved anyway`);
}

function count(outcomes: Outcome[], status: Outcome['status']): number {
  return outcomes.filter((o) => o.status === status).length;
}

export function summary(outcomes: Outcome[], total: number): string {
  const left = total - outcomes.length;
  const existing = outcomes.filter((o) => o.status === 'skipped' && o.existing && !o.kept).length;
  const kept = outcomes.filter((o) => o.status === 'skipped' && o.kept).length;
  return (
    `${count(outcomes, 'saved')} saved, ${count(outcomes, 'skipped')} skipped, ${count(outcomes, 'failed')} failed` +
    (left > 0 ? `, ${left} not attempted` : '') +
    ` (${total} id${total === 1 ? '' : 's'})` +
    (existing ? `; ${existing} already saved by an earlier run, not downloaded again (--force replaces them)` : '') +
    (kept ? `; ${kept} already in the directory as whole images of their codes, kept (--force replaces them)` : '')
  );
}

/** One line per failure and per unusual skip; skips of files an earlier run saved are only counted (listed with --verbose). */
function detailLines(outcomes: Outcome[], verbose = false): string[] {
  return outcomes.flatMap((o) =>
    o.status === 'skipped'
      ? o.existing && !verbose
        ? []
        : [`skipped ${o.id}: ${o.reason}`]
      : o.status === 'failed'
        ? [`failed  ${o.id}: ${o.reason}`]
        : [],
  );
}

/** image --ledger: a manifest of the saved files in the print ledger (never the key). */
async function recordLedger(
  outcomes: Outcome[],
  opts: ReturnType<typeof parseImageOptions>,
  ctx: Context,
): Promise<void> {
  const saved = outcomes.filter(
    (o): o is Extract<Outcome, { status: 'saved' }> => o.status === 'saved' && o.info !== undefined,
  );
  if (!saved.length) return;
  const { resolve } = await import('node:path');
  const q = opts.query;
  const { run, ledger } = await startLedgerRun(
    ctx,
    'image',
    `${q.format} ${q.size} px${q.transparent ? ' transparent' : ''}`,
  );
  try {
    for (const o of saved) {
      const i = o.info!;
      await ledger.add({
        type: 'code',
        id: i.id,
        kind: i.kind,
        name: i.name,
        url: i.url,
        shortCode: i.shortCode,
        destinationUrl: i.destinationUrl,
        status: i.status,
        format: q.format,
        file: resolve(o.path),
        sha256: o.sha256 ?? '',
      });
    }
    await ledger.commit();
  } catch (e) {
    await ledger.discard();
    throw e;
  }
  ctx.msg.info(`run ${run} recorded in ${ledger.path}`);
}

/** The progress text after each image: `[3/10] path` (or what happened to the id), failures counted. */
function progressLine(outcomes: Outcome[], total: number): string {
  const last = outcomes[outcomes.length - 1];
  const what = last.status === 'saved' ? last.path : `${last.status} ${last.id}`;
  const failed = count(outcomes, 'failed');
  return `[${outcomes.length}/${total}] ${what}${failed ? ` (${failed} failed)` : ''}`;
}
