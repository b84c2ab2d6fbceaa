// Pass 1 of a print run: for every id, the object (QR code or card: url, short code, destination)
// and its svg image, fetched a few at a time and kept on disk in the run's cache directory, never
// all in memory. A re-run fetches every object again (its status and url as they are now) but takes
// the images the cache holds (resume after Ctrl-C).
import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import type { PrintedCode } from './ledger.js';
import { createTemp, writeAll } from '../../fs/durable.js';
import { getCard } from '../../api/cards.js';
import { getQrImage } from '../../api/images.js';
import { getQrCode } from '../../api/qr.js';
import { openString } from '../../api/schemas/open.js';
import { ApiError, CliError, EXIT, isFatal } from '../../errors.js';
import { sendEach, type Sent } from '../rows/loop.js';
const { readFileSync, renameSync } = process.getBuiltinModule('node:fs');

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

/** Where a cache's images came from: entries made under another base URL or profile are dropped. */
export interface CacheOrigin {
  baseUrl: string;
  profile: string | null;
}

const ORIGIN_FILE = 'origin.json';

export class ImageCache {
  constructor(readonly dir: string) {}

  /**
   * Creates the directory (0700) or checks the one found: a real directory of ours that nobody else
   * can write into, never a symlink or a directory someone planted in a shared folder. Empties it
   * when it was filled for another base URL or profile.
   */
  async prepare(origin: CacheOrigin): Promise<void> {
    let st = await lstat(this.dir).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return undefined;
      throw e;
    });
    if (!st) {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      st = await lstat(this.dir);
    }
    const uid = process.getuid?.();
    const why = st.isSymbolicLink()
      ? 'it is a symbolic link'
      : !st.isDirectory()
        ? 'it is not a directory'
        : uid !== undefined && st.uid !== uid
          ? `it belongs to another user (uid ${st.uid})`
          : st.mode & 0o077
            ? `others may write into it (mode ${(st.mode & 0o777).toString(8)}, not 700)`
            : undefined;
    if (why) throw new CliError(`refusing to use the image cache ${this.dir}: ${why}`, EXIT.failed);
    if (this.origin() !== JSON.stringify(origin)) {
      for (const name of await readdir(this.dir)) await rm(join(this.dir, name), { recursive: true, force: true });
      await this.writeFile(ORIGIN_FILE, JSON.stringify(origin));
    }
  }

  private origin(): string | undefined {
    try {
      const o = JSON.parse(readFileSync(join(this.dir, ORIGIN_FILE), 'utf8')) as CacheOrigin;
      return JSON.stringify({ baseUrl: o.baseUrl, profile: o.profile });
    } catch {
      return undefined;
    }
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

  /** Drops an entry (its object is gone or unreadable now): a later run fetches it again. */
  async forget(id: string): Promise<void> {
    await rm(join(this.dir, `${fileKey(id)}.json`), { force: true });
  }

  /**
   * An exclusive, unpredictable temporary name (never through a planted symlink), every byte checked,
   * then rename: a kill or a full disk never leaves a half entry under the real name. No fsync: an
   * entry is re-checked against its sha256 when read, and a bad one is fetched again.
   */
  async write(info: CodeInfo, svg: Buffer): Promise<void> {
    await this.writeFile(`${fileKey(info.id)}.json`, JSON.stringify({ info, svg: svg.toString('utf8') }));
  }

  private async writeFile(name: string, data: string): Promise<void> {
    const path = join(this.dir, name);
    const { path: tmp, fh } = await createTemp(path);
    try {
      await writeAll(fh, data);
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
  const info = (
    kind: 'qr' | 'card',
    o: { name: string; url: string; shortCode: string; status: string; paused: boolean },
    destinationUrl: string | null,
  ): Omit<CodeInfo, 'svgSha256'> => ({
    id,
    kind,
    name: o.name,
    url: o.url,
    shortCode: o.shortCode,
    destinationUrl,
    status: o.status,
    paused: o.paused,
  });
  try {
    const qr = await getQrCode(client, id, signal);
    return info('qr', qr, qr.type === 'url' ? (openString(qr.destinationUrl) ?? null) : null);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
  return info('card', await getCard(client, id, signal), null);
}

export type FetchOutcome = { id: string; ok: true; cached: boolean } | { id: string; ok: false; error: unknown };

/**
 * Fetches every object and the images the cache lacks, `concurrency` ids at a time, calling
 * `onOutcome` as each finishes. The object is always asked for again: a cached image is used only
 * for an object the API still has (a deleted one fails like any unknown id), with its status, url
 * and name as they are now. Stops starting new ids once `signal` is aborted; fatal errors stop the run.
 */
export async function fetchAll(
  ids: string[],
  cache: ImageCache,
  client: ApiClient,
  opts: { concurrency: number; signal: AbortSignal; onOutcome: (o: FetchOutcome) => void },
): Promise<void> {
  const fetchOne = async (id: string): Promise<Sent<FetchOutcome>> => {
    let hit = await cache.read(id);
    try {
      const [info, fetched] = await Promise.all([
        fetchInfo(client, id),
        hit ? undefined : getQrImage(client, id, SVG_QUERY),
      ]);
      let image = fetched;
      // The cached image encodes the URL it was made for: a code whose URL changed since is drawn anew.
      if (hit && hit.info.url !== info.url) {
        hit = undefined;
        image = await getQrImage(client, id, SVG_QUERY);
      }
      if (hit) {
        const now: CodeInfo = { ...info, svgSha256: hit.info.svgSha256 };
        if (JSON.stringify(now) !== JSON.stringify(hit.info)) await cache.write(now, hit.svg);
      } else if (image) {
        await cache.write({ ...info, svgSha256: createHash('sha256').update(image.bytes).digest('hex') }, image.bytes);
      }
      return { row: { id, ok: true, cached: hit !== undefined } };
    } catch (err) {
      if (isFatal(err)) throw err; // after the ids in flight; refused after a stop: not reported
      if (hit) await cache.forget(id);
      return { row: { id, ok: false, error: err } };
    }
  };
  // Refused after a stop, the loop ends quietly: the caller reports the interruption (what was fetched stays cached).
  await sendEach(new Set(ids), fetchOne, opts.onOutcome, { concurrency: opts.concurrency, signal: opts.signal });
}
