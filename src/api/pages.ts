// Offset pagination over the list envelope. With `all`, follows pagination.hasMore and yields
// items as each page arrives (so ndjson/csv print before the last page is fetched).
import type { ApiClient, Query } from './client.js';
import { ApiError, CliError, EXIT } from '../errors.js';

/** Pages in a row that bring nothing new before a walk is stopped (README, Reliability). */
export const STALE_PAGES = 3;

/** Pages a walk may take when the first page gave no usable `total` (off-contract): 100,000 items. */
export const MAX_PAGES_WITHOUT_TOTAL = 1000;

/** New items a walk may bring past the first page's `total` before it is stopped. */
export const overTotalBudget = (total: number): number => Math.max(2 * total, total + 1000);

/**
 * Ends a walk that makes no progress: a server that answers `hasMore: true` with pages already seen
 * (the same page whatever the offset, or only repeats) would otherwise be asked forever. Items added
 * while paging push older ones to later offsets, so one page of repeats can be honest; the very same
 * page at a new offset, or STALE_PAGES pages in a row with no new id, cannot. Nor can a walk that keeps
 * bringing new ids: past overTotalBudget(total) new items (the first page's total; items added during
 * the walk fit in the margin), or MAX_PAGES_WITHOUT_TOTAL pages when no total was given, it stops.
 */
export class PageProgress {
  private previous: { ids: string; offset: number } | undefined;
  private stale = 0;
  private total: number | null | undefined;
  private fresh = 0;
  private pages = 0;

  constructor(private readonly what: string) {}

  check(ids: string[], fresh: number, offset: number, repeatsExpected = false, total?: unknown): void {
    const joined = ids.join('\n');
    const same =
      ids.length > 0 && this.previous !== undefined && this.previous.ids === joined && this.previous.offset !== offset;
    this.previous = { ids: joined, offset };
    this.stale = fresh > 0 || repeatsExpected ? 0 : this.stale + 1;
    if (same || this.stale >= STALE_PAGES) {
      throw new CliError(
        `${this.what}: the server keeps answering hasMore: true with ${same ? 'the same page at a new offset' : `${STALE_PAGES} pages of items already seen`} (offset ${offset}); stopped instead of asking forever`,
        EXIT.failed,
      );
    }
    this.total ??= typeof total === 'number' && Number.isSafeInteger(total) && total >= 0 ? total : null;
    this.fresh += fresh;
    this.pages++;
    if (this.total !== null && this.fresh > overTotalBudget(this.total)) {
      throw new CliError(
        `${this.what}: the server keeps answering hasMore: true with new items, ${this.fresh} so far where its first page announced ${this.total} (offset ${offset}); stopped instead of asking forever`,
        EXIT.failed,
      );
    }
    if (this.total === null && this.pages >= MAX_PAGES_WITHOUT_TOTAL) {
      throw new CliError(
        `${this.what}: the server keeps answering hasMore: true after ${this.pages} pages and gave no total (offset ${offset}); stopped instead of asking forever`,
        EXIT.failed,
      );
    }
  }

  /** A deliberate re-read (the same window again) is not a stale page (the count of new items stays). */
  reset(): void {
    this.stale = 0;
    this.previous = undefined;
  }
}

export interface ListEnvelope<T> {
  object: 'list';
  data: T[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
}

export interface PageOptions {
  limit?: number;
  offset?: number;
  all?: boolean;
  signal?: AbortSignal;
}

export class PagedList<T> implements AsyncIterable<T> {
  total: number | undefined;
  shown = 0;
  hasMore = false;

  constructor(
    private readonly client: ApiClient,
    private readonly path: string,
    private readonly query: Query,
    private readonly opts: PageOptions,
    private readonly parseItem: (raw: unknown) => T = (raw) => raw as T,
  ) {}

  /** The first page's request, sent by start() before the list is read. */
  private first: Promise<ListEnvelope<unknown>> | undefined;

  /**
   * Sends the request of the first page now (the walk reads its answer first): a command can load
   * what prints the list while the answer travels.
   */
  start(): this {
    this.first ??= this.page(this.opts.offset ?? 0);
    this.first.catch(() => undefined); // read by the walk: a failure before it starts is not unhandled
    return this;
  }

  private page(offset: number): Promise<ListEnvelope<unknown>> {
    const limit = this.opts.all ? 100 : this.opts.limit;
    return this.client.get<ListEnvelope<unknown>>(this.path, { ...this.query, limit, offset }, this.opts.signal);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    // Offsets shift when items are added or removed while paging; ids already yielded are skipped.
    const seen = this.opts.all ? new Set<string>() : undefined;
    let offset = this.opts.offset ?? 0;
    const progress = new PageProgress(`GET ${this.path}`);
    for (let pages = 0; ; pages++) {
      // Every walk of more than one page is paced, whatever the key's origin (README, How requests are made).
      if (pages === 1) await this.client.ensurePaced(this.opts.signal);
      const first = pages === 0 ? this.first : undefined;
      this.first = undefined;
      const page = await (first ?? this.page(offset));
      if (!page || page.object !== 'list' || !Array.isArray(page.data) || !page.pagination) {
        throw new ApiError(200, 'unexpected_response', `unexpected response for GET ${this.path}: not a list`);
      }
      this.total = page.pagination.total;
      this.hasMore = page.pagination.hasMore;
      const ids: string[] = [];
      let fresh = 0;
      for (const raw of page.data) {
        const id = (raw as { id?: unknown }).id;
        if (seen && typeof id === 'string') {
          ids.push(id);
          if (seen.has(id)) continue;
          seen.add(id);
        }
        fresh++;
        this.shown++;
        yield this.parseItem(raw);
      }
      if (!this.opts.all || !page.pagination.hasMore || page.data.length === 0) return;
      progress.check(ids, fresh, offset, false, page.pagination.total);
      offset += page.data.length;
    }
  }

  /** The stderr hint under a table of one page. */
  hint(): string | undefined {
    if (this.opts.all || !this.hasMore || this.total === undefined) return undefined;
    return `${this.shown} of ${this.total} shown; --all for every page`;
  }
}
