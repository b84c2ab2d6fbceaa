// Lookup indexes over the store's append-mostly collections, so hot lookups (short codes taken,
// campaign identifiers, idempotency keys, cards per account) stay O(1) on accounts with 100,000 cards. An index follows
// its array: extended as items are pushed, rebuilt when the array is replaced (filter, load) or shrinks
// or its last item changed (pop then push). Keys must not change while an item is in its array (short
// codes, identifiers and idempotency keys never do).

/** Follows an array: `add` for each new item, `clear` when the array is replaced, shrinks or changed. */
abstract class Follower<T> {
  private source: T[] | undefined;
  private seen = 0;
  private last: T | undefined;

  protected abstract clear(): void;
  protected abstract add(item: T): void;

  protected sync(items: T[]): void {
    if (items !== this.source || items.length < this.seen || (this.seen > 0 && items[this.seen - 1] !== this.last)) {
      this.clear();
      this.source = items;
      this.seen = 0;
    }
    for (; this.seen < items.length; this.seen++) this.add(items[this.seen]);
    this.last = items[this.seen - 1];
  }
}

export class GrowingIndex<T, K> extends Follower<T> {
  private readonly map = new Map<K, T>();

  constructor(private readonly keyOf: (item: T) => K | undefined) {
    super();
  }

  /** The first item with this key (as `items.find` would answer). */
  get(items: T[], key: K): T | undefined {
    this.sync(items);
    return this.map.get(key);
  }

  has(items: T[], key: K): boolean {
    this.sync(items);
    return this.map.has(key);
  }

  protected clear(): void {
    this.map.clear();
  }

  protected add(item: T): void {
    const k = this.keyOf(item);
    if (k !== undefined && !this.map.has(k)) this.map.set(k, item);
  }
}

/** How many items have each key (an item with no key is not counted). */
export class GrowingTally<T> extends Follower<T> {
  private readonly counts = new Map<string, number>();

  constructor(private readonly keyOf: (item: T) => string | undefined) {
    super();
  }

  count(items: T[], key: string): number {
    this.sync(items);
    return this.counts.get(key) ?? 0;
  }

  protected clear(): void {
    this.counts.clear();
  }

  protected add(item: T): void {
    const k = this.keyOf(item);
    if (k !== undefined) this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
  }
}
