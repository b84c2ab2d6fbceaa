// The URL of each request: the path under the base URL and the query. The last guard for every
// request: a path the URL would resolve elsewhere is never sent.
import { UsageError } from '../errors.js';
import { maskUrl } from '../redact.js';
import { hasDotSegment } from './ids.js';

/** A request's query: undefined members are left out. */
export type Query = Record<string, string | number | boolean | undefined>;

export class RequestUrls {
  /** The base URL, parsed once per client (a bulk run sends thousands of requests). */
  private readonly base: { url: URL; prefix: string; root: string };
  private last: { path: string; url: URL } | undefined;

  constructor(baseUrl: string) {
    const url = new URL(baseUrl);
    this.base = { url, prefix: baseUrl.replace(/\/+$/, ''), root: url.pathname.replace(/\/+$/, '') };
  }

  of(path: string, query?: Query): URL {
    // A bulk run sends the same path thousands of times: the checked URL is kept (it is never modified).
    const plain = query === undefined || Object.values(query).every((v) => v === undefined);
    if (plain && this.last?.path === path) return this.last.url;
    const url = this.build(path, query);
    if (plain) this.last = { path, url };
    return url;
  }

  private build(path: string, query?: Query): URL {
    const rel = path.startsWith('/') ? path : `/${path}`;
    const url = new URL(this.base.prefix + rel);
    const root = this.base.root;
    if (hasDotSegment(rel) || /[\\#?]/.test(rel) || (url.pathname !== root && !url.pathname.startsWith(`${root}/`)))
      throw new UsageError(
        `the path ${JSON.stringify(rel)} would leave the base URL ${maskUrl(this.base.url)}; nothing was sent`,
      );
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined) url.searchParams.set(k, String(v));
    }
    return url;
  }
}
