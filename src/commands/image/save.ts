// The work of `cardqr image`: fetch each image, write it atomically (temporary file in the same
// directory, then a no-clobber link or a rename), and report one outcome per id. Returns data only;
// the command prints.
import { access, link, mkdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { getQrImage, IMAGE_EXT, safeFileName } from '../../api/images.js';
import { ApiError, CliError, EXIT, UsageError } from '../../errors.js';
import { createTemp, writeAll } from '../../fs/durable.js';
import type { ImageOptions } from './options.js';

export type Outcome =
  | { id: string; status: 'saved'; path: string; bytes: number; ms: number }
  | { id: string; status: 'skipped'; path?: string; reason: string }
  | { id: string; status: 'failed'; reason: string; error: unknown };

export interface SaveContext {
  client: ApiClient;
  /** Aborted by Ctrl-C: stop before the next image (the one in flight is finished). */
  signal: AbortSignal;
  clock: () => number;
}

/** Errors that would repeat for every remaining id (bad key, scope, plan, network): stop the batch. */
export function isFatal(err: unknown): boolean {
  return err instanceof CliError && (err.exit === EXIT.auth || err.exit === EXIT.unavailable);
}

export async function prepareDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (e) {
    throw new UsageError(`-d ${dir}: cannot create the directory (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** Saves every id in order; yields one outcome per id; stops early when the signal is aborted. */
export async function* saveImages(ids: string[], opts: ImageOptions, ctx: SaveContext): AsyncGenerator<Outcome> {
  const seen = new Set<string>();
  for (const id of ids) {
    if (ctx.signal.aborted) return;
    if (seen.has(id)) {
      yield { id, status: 'skipped', reason: 'listed more than once' };
      continue;
    }
    seen.add(id);
    yield await saveOne(id, opts, ctx);
  }
}

async function saveOne(id: string, opts: ImageOptions, ctx: SaveContext): Promise<Outcome> {
  const started = ctx.clock();
  let image;
  try {
    image = await getQrImage(ctx.client, id, opts.query);
  } catch (err) {
    if (isFatal(err) || !opts.batch) throw err;
    return { id, status: 'failed', reason: describe(err), error: err };
  }
  const name = image.filename ?? `${safeFileName(id.replace(/[^A-Za-z0-9._-]/g, '_')) ?? 'image'}.${IMAGE_EXT[opts.query.format]}`;
  const path = opts.out ?? join(opts.dir, name);
  try {
    const written = await writeAtomic(path, image.bytes, opts.force);
    if (!written) {
      const reason = `${path} exists (use --force to replace it)`;
      if (!opts.batch) throw new UsageError(`refusing to overwrite ${path}: it exists (use --force to replace it)`);
      return { id, status: 'skipped', path, reason };
    }
  } catch (err) {
    if (!opts.batch) throw err instanceof CliError ? err : new CliError(`cannot write ${path}: ${describe(err)}`, EXIT.failed);
    return { id, status: 'failed', reason: `cannot write ${path}: ${describe(err)}`, error: err };
  }
  return { id, status: 'saved', path, bytes: image.bytes.length, ms: ctx.clock() - started };
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

export function describe(err: unknown): string {
  if (err instanceof ApiError) return `${err.code ?? 'http_error'} (${err.status}): ${err.message}`;
  const e = err as NodeJS.ErrnoException;
  return e?.code ? `${e.code}` : (e?.message ?? String(err));
}
