// Pass 1 of a print run: for every id, the object (QR code or card: url, short code, destination)
// and its svg image, fetched a few at a time and kept on disk in the run's cache directory, never
// all in memory. A re-run finds them there and fetches nothing again (resume after Ctrl-C).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { ApiClient } from '../api/client.js';
import type { PrintedCode } from './ledger.js';
import { createTemp, writeAll } from '../fs/durable.js';
import { getCard } from '../api/cards.js';
import { getQrImage } from '../api/images.js';
import { getQrCode } from '../api/qr.js';
import { ApiError, CliError, EXIT } from '../errors.js';

export interface CodeInfo extends PrintedCode {
  paused: boolean;
  /** sha256 of the cached svg bytes. */
  svgSha256: string;
}

/** The vector image print asks for; its pixel size only sets the drawing's units. */
export const SVG_QUERY = { format: 'svg', size: 1024, transparent: false } as const;

/** `<dir>/.<name>.cardqr-print/`: beside the output, so a re-run of the same command finds it. */
export function cacheDirFor(output: string): string {
  return join(dirname(resolve(output)), `.${basename(output)}.cardqr-print`);
}

const fileKey = (id: string) => createHash('sha256').update(id).digest('hex').slice(0, 32);

export class ImageCache {
  constructor(readonly dir: string) {}

  async prepare(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
  }

  // Small files, one per code (the record and its svg together), written and read synchronously:
  // thousands of them, and the promise API costs more than the I/O.
  async read(id: string): Promise<{ info: CodeInfo; svg: Buffer } | undefined> {
    try {
      const entry = JSON.parse(readFileSync(join(this.dir, `${fileKey(id)}.json`), 'utf8')) as {
        info: CodeInfo;
        svg: string;
      };
      const svg = Buffer.from(entry.svg, 'utf8');
      if (entry.info.id !== id || createHash('sha256').update(svg).digest('hex') !== entry.info.svgSha256)
        return undefined;
      return { info: entry.info, svg };
    } catch {
      return undefined;
    }
  }

  async has(id: string): Promise<boolean> {
    return existsSync(join(this.dir, `${fileKey(id)}.json`)) && (await this.read(id)) !== undefined;
  }

  /**
   * An exclusive, unpredictable temporary name (never through a planted symlink), every byte checked,
   * then rename: a kill or a full disk never leaves a half entry under the real name. No fsync: an
   * entry is re-checked against its sha256 when read, and a bad one is fetched again.
   */
  async write(info: CodeInfo, svg: Buffer): Promise<void> {
    const path = join(this.dir, `${fileKey(info.id)}.json`);
    const { path: tmp, fh } = await createTemp(path);
    try {
      await writeAll(fh, JSON.stringify({ info, svg: svg.toString('utf8') }));
    } catch (e) {
      await fh.close();
      await rm(tmp, { force: true });
      throw e;
    }
    await fh.close();
    renameSync(tmp, path);
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** The object behind an id: a QR code, else a card (the API answers 404 for the other kind). */
export async function fetchInfo(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<Omit<CodeInfo, 'svgSha256'>> {
  try {
    const qr = await getQrCode(client, id, signal);
    return {
      id,
      kind: 'qr',
      name: qr.name,
      url: qr.url,
      shortCode: qr.shortCode,
      destinationUrl: qr.type === 'url' ? (qr.destinationUrl ?? null) : null,
      status: qr.status,
      paused: qr.paused,
    };
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
  const card = await getCard(client, id, signal);
  return {
    id,
    kind: 'card',
    name: card.name,
    url: card.url,
    shortCode: card.shortCode,
    destinationUrl: null,
    status: card.status,
    paused: card.paused,
  };
}

export type FetchOutcome = { id: string; ok: true; cached: boolean } | { id: string; ok: false; error: unknown };

/** Errors that would repeat for every remaining id (bad key, scope, network): stop the run. */
export function isFatal(err: unknown): boolean {
  return err instanceof CliError && (err.exit === EXIT.auth || err.exit === EXIT.unavailable);
}

/**
 * Fetches what the cache lacks, `concurrency` ids at a time, calling `onOutcome` as each finishes.
 * Stops starting new ids once `signal` is aborted; fatal errors stop the run.
 */
export async function fetchAll(
  ids: string[],
  cache: ImageCache,
  client: ApiClient,
  opts: { concurrency: number; signal: AbortSignal; onOutcome: (o: FetchOutcome) => void },
): Promise<void> {
  const unique = [...new Set(ids)];
  let next = 0;
  let fatal: unknown;
  const worker = async () => {
    while (next < unique.length && !opts.signal.aborted && fatal === undefined) {
      const id = unique[next++];
      if (await cache.has(id)) {
        opts.onOutcome({ id, ok: true, cached: true });
        continue;
      }
      try {
        const [image, info] = await Promise.all([getQrImage(client, id, SVG_QUERY), fetchInfo(client, id)]);
        await cache.write({ ...info, svgSha256: createHash('sha256').update(image.bytes).digest('hex') }, image.bytes);
        opts.onOutcome({ id, ok: true, cached: false });
      } catch (err) {
        if (isFatal(err)) fatal ??= err;
        else opts.onOutcome({ id, ok: false, error: err });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, unique.length) }, worker));
  if (fatal !== undefined) throw fatal instanceof Error ? fatal : new Error(String(fatal));
}
