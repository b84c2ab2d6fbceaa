// The short cache in front of the API (PRODUCT §19): one answer per source and arguments for `ttlMs`,
// one request in flight for all who ask meanwhile, so a page reloaded in a loop costs the key nothing
// more. A failure is kept for a shorter while (a page retrying an error does not hammer the API either).
export const CACHE_TTL_MS = 60_000;
export const FAILURE_TTL_MS = 10_000;

interface Entry {
  at: number;
  value: Promise<unknown>;
  failed: boolean;
}

export class ShortCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly clock: () => number,
    private readonly ttlMs = CACHE_TTL_MS,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < (hit.failed ? Math.min(FAILURE_TTL_MS, this.ttlMs) : this.ttlMs))
      return hit.value as Promise<T>;
    const entry: Entry = { at: now, value: load(), failed: false };
    entry.value.catch(() => {
      entry.failed = true;
      entry.at = this.clock();
    });
    this.entries.set(key, entry);
    return entry.value as Promise<T>;
  }

  clear(): void {
    this.entries.clear();
  }
}
