// The work of `cardqr image`: fetch each image, write it atomically (temporary file in the same
// directory, then a no-clobber link or a rename), and report one outcome per id. Returns data only;
// the command prints.
import { createHash } from 'node:crypto';
import { access, link, mkdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { getQrImage, IMAGE_EXT, safeFileName, type ImageQuery } from '../../api/images.js';
import { CliError, EXIT, failureReason, isFatal, UsageError } from '../../errors.js';
import { createTemp, refuseNonRegular, writeAll } from '../../fs/durable.js';
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
  | { id: string; status: 'skipped'; path?: string; reason: string; existing?: boolean }
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
  const seen = new Set<string>();
  let writing = Promise.resolve();
  await sendEach(
    ids,
    async (id): Promise<Sent<Outcome>> => {
      await writing; // the previous outcome's line is out before the next request starts
      if (seen.has(id)) return { row: { id, status: 'skipped', reason: 'listed more than once' } };
      seen.add(id);
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
  if (known !== undefined && (await exists(join(opts.dir, known)))) {
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
  try {
    const written = await writeAtomic(path, image.bytes, opts.force);
    if (!written) {
      const reason = `${path} exists (use --force to replace it)`;
      if (!opts.batch) throw new UsageError(`refusing to overwrite ${path}: it exists (use --force to replace it)`);
      return { id, status: 'skipped', path, reason };
    }
  } catch (err) {
    if (!opts.batch)
      throw err instanceof CliError ? err : new CliError(`cannot write ${path}: ${failureReason(err)}`, EXIT.failed);
    return { id, status: 'failed', reason: `cannot write ${path}: ${failureReason(err)}`, error: err };
  }
  if (opts.out === undefined) ctx.index?.add(id, opts.query, path);
  const sha256 = opts.ledger ? createHash('sha256').update(image.bytes).digest('hex') : undefined;
  return { id, status: 'saved', path, bytes: image.bytes.length, ms: ctx.clock() - started, info, sha256 };
}

/**
 * Writes `bytes` to a temporary file next to `path`, then moves it into place: with `force` by
 * rename (replaces atomically), otherwise by a hard link that fails if `path` exists (no clobbering
 * even when another process creates it meanwhile). The temporary file never survives: it is removed
 * on success and on failure. Returns false (nothing written) when `path` exists and `force` is off.
 */
export async function writeAtomic(path: string, bytes: Uint8Array, force: boolean): Promise<boolean> {
  if (!force && (await exists(path))) return false;
  // O_EXCL, unpredictable name with the `.cardqr-` marker and pid: a run killed mid-write leaves a
  // file the next run removes; every byte checked and flushed before it is moved into place.
  const { path: tmp, fh } = await createTemp(path, 0o644);
  try {
    try {
      await writeAll(fh, bytes);
      await fh.sync();
    } finally {
      await fh.close();
    }
    if (force) {
      await refuseNonRegular(path, path);
      await rename(tmp, path);
      return true;
    }
    try {
      await link(tmp, path);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      // File systems without hard links: check, then rename (a small race instead of none).
      if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK'].includes(code ?? '')) throw e;
      if (await exists(path)) return false;
      await rename(tmp, path);
    }
    return true;
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
