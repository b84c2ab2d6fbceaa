// Offset pagination over the list envelope. With `all`, follows pagination.hasMore and yields
// items as each page arrives (so ndjson/csv print before the last page is fetched).
import type { ApiClient, Query } from './client.js';
import { ApiError } from '../errors.js';

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

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    // Offsets shift when items are added or removed while paging; ids already yielded are skipped.
    const seen = this.opts.all ? new Set<string>() : undefined;
    let offset = this.opts.offset ?? 0;
    const limit = this.opts.all ? 100 : this.opts.limit;
    for (;;) {
      const page = await this.client.get<ListEnvelope<unknown>>(this.path, { ...this.query, limit, offset }, this.opts.signal);
      if (!page || page.object !== 'list' || !Array.isArray(page.data) || !page.pagination) {
        throw new ApiError(200, 'unexpected_response', `unexpected response for GET ${this.path}: not a list`);
      }
      this.total = page.pagination.total;
      this.hasMore = page.pagination.hasMore;
      for (const raw of page.data) {
        const id = (raw as { id?: unknown }).id;
        if (seen && typeof id === 'string') {
          if (seen.has(id)) continue;
          seen.add(id);
        }
        this.shown++;
        yield this.parseItem(raw);
      }
      if (!this.opts.all || !page.pagination.hasMore || page.data.length === 0) return;
      offset += page.data.length;
    }
  }

  /** The stderr hint under a table of one page. */
  hint(): string | undefined {
    if (this.opts.all || !this.hasMore || this.total === undefined) return undefined;
    return `${this.shown} of ${this.total} shown; --all for every page`;
  }
}
