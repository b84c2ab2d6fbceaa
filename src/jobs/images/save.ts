// The work of `cardqr image`: fetch each image, write it atomically (temporary file in the same
// directory, then a no-clobber link or a rename), and report one outcome per id. Returns data only;
// the command prints.
import { createHash } from 'node:crypto';
import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { getQrImage, IMAGE_EXT, safeFileName, type ImageQuery } from '../../api/images.js';
import { CliError, EXIT, failureReason, isFatal, UsageError } from '../../errors.js';
import { replaceFile } from '../../fs/durable.js';
import type { CodeInfo } from '../print/fetch.js';
import type { ImageIndex } from './index-file.js';
import { sendEach, type Sent } from '../rows/loop.js';

/** What `cardqr image` was asked for, checked (commands/image/options.ts builds it from the flags). */
export interface ImageOptions {
  query: ImageQuery;
  /** `-O file` or `-O -` (stdout); only with one id. */
  out?: string;
  /** Target directory for suggested filenames (default: the current directory). */
  dir: string;
  force: boolean;
  /** Several ids or `-`: keep going past failures, summary, exit 7 when any failed. */
  batch: boolean;
  /** Read ids from standard input (`-` among the ids). */
  fromStdin: boolean;
  /** Decode each image before saving it and compare it with the object's url. */
  verify: boolean;
  /** Record the batch in the print ledger. */
  ledger: boolean;
}

export type Outcome =
  | {
      id: string;
      status: 'saved';
      path: string;
      bytes: number;
      ms: number;
      info?: Omit<CodeInfo, 'svgSha256'>;
      sha256?: string;
    }
  | {
      id: string;
      status: 'skipped';
      path?: string;
      reason: string;
      /** The file an earlier run saved is there: not replaced (`kept`: found by its content, after the download). */
      existing?: boolean;
      kept?: boolean;
    }
  | { id: string; status: 'failed'; reason: string; error: unknown };

export interface SaveContext {
  client: ApiClient;
  /** Aborted by Ctrl-C: stop before the next image (the one in flight is finished). */
  signal: AbortSignal;
  clock: () => number;
  /** -d: the names earlier runs saved, so an existing file is skipped without downloading it. */
  index?: ImageIndex;
}

/** Errors that would repeat for every remaining id (bad key, scope, plan, network): stop the batch. */
export async function prepareDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (e) {
    // A recursive mkdir says EEXIST when a file stands at the path itself: the problem is ENOTDIR.
    const c = (e as NodeJS.ErrnoException).code;
    const why = c === 'EEXIST' || c === 'ENOTDIR' ? 'ENOTDIR: a file is in the way' : (c ?? (e as Error).message);
    throw new UsageError(`-d ${dir}: cannot create the directory (${why})`);
  }
}

/**
 * Saves every id in order through the one request loop (jobs/rows/loop.ts), calling `onOutcome` for
 * each before the next starts; stops starting new ids once the signal is aborted. An error no later id
 * could get past (the key, the network) is thrown once the image in flight is recorded.
 */
export async function saveImages(
  ids: string[],
  opts: ImageOptions,
  ctx: SaveContext,
  onOutcome: (o: Outcome) => Promise<void> | void,
): Promise<void> {
  let writing = Promise.resolve();
  await sendEach(
    ids,
    async (id): Promise<Sent<Outcome>> => {
      await writing; // the previous outcome's line is out before the next request starts
      return { row: await saveOne(id, opts, ctx) };
    },
    (o) => {
      writing = writing.then(() => onOutcome(o));
    },
    { concurrency: 1, signal: ctx.signal },
  );
  await writing;
}

async function saveOne(id: string, opts: ImageOptions, ctx: SaveContext): Promise<Outcome> {
  const started = ctx.clock();
  const known = opts.out === undefined && !opts.force ? ctx.index?.get(id, opts.query) : undefined;
  if (
    known !== undefined &&
    (await access(join(opts.dir, known)).then(
      () => true,
      () => false,
    ))
  ) {
    return {
      id,
      status: 'skipped',
      path: join(opts.dir, known),
      reason: `${join(opts.dir, known)} exists (use --force to replace it)`,
      existing: true,
    };
  }
  let image;
  let info: Omit<CodeInfo, 'svgSha256'>;
  try {
    // The object is read with every image (PRODUCT §13): a code whose link will not open is saved with a warning.
    const { fetchInfo } = await import('../print/fetch.js');
    [image, info] = await Promise.all([getQrImage(ctx.client, id, opts.query), fetchInfo(ctx.client, id)]);
  } catch (err) {
    if (isFatal(err) || !opts.batch) throw err;
    return { id, status: 'failed', reason: failureReason(err), error: err };
  }
  if (opts.verify && info) {
    const { decodeImageBytes } = await import('../print/decode.js');
    let text: string | undefined;
    try {
      text = await decodeImageBytes(opts.query.format as 'png', image.bytes);
    } catch {
      text = undefined;
    }
    if (text !== info.url) {
      const reason =
        text === undefined
          ? 'scan check: the image does not decode; not saved'
          : `scan check: the image reads ${JSON.stringify(text)}, not ${info.url}; not saved`;
      if (!opts.batch) throw new CliError(reason, EXIT.failed);
      return { id, status: 'failed', reason, error: new Error(reason) };
    }
  }
  const name =
    image.filename ?? `${safeFileName(id.replace(/[^A-Za-z0-9._-]/g, '_')) ?? 'image'}.${IMAGE_EXT[opts.query.format]}`;
  const path = opts.out ?? join(opts.dir, name);
  // -d, and no index entry for it: a file already there that is a whole image of this code is kept.
  if (opts.out === undefined && !opts.force) {
    const { keptImage } = await import('./existing.js');
    const why = await keptImage(path, image.bytes, opts.query.format, info.url);
    if (why) {
      ctx.index?.add(id, opts.query, path);
      return {
        id,
        status: 'skipped',
        path,
        reason: `${path} exists: ${why} (use --force to replace it)`,
        existing: true,
        kept: true,
      };
    }
  }
  try {
    const written = await replaceFile(path, image.bytes, { mode: 0o644, noClobber: !opts.force });
    if (!written) {
      const reason = `${path} exists (use --force to replace it)`;
      if (!opts.batch) throw new UsageError(`refusing to overwrite ${path}: it exists (use --force to replace it)`);
      return { id, status: 'skipped', path, reason };
    }
  } catch (err) {
    if (!opts.batch) throw err;
    return { id, status: 'failed', reason: err instanceof CliError ? err.message : failureReason(err), error: err };
  }
  if (opts.out === undefined) ctx.index?.add(id, opts.query, path);
  const sha256 = opts.ledger ? createHash('sha256').update(image.bytes).digest('hex') : undefined;
  return { id, status: 'saved', path, bytes: image.bytes.length, ms: ctx.clock() - started, info, sha256 };
}
