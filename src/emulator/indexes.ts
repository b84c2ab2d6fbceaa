// Lookup indexes over the store's append-mostly collections, so hot lookups (short codes taken,
// campaign identifiers, idempotency keys) stay O(1) on accounts with 100,000 cards. An index follows
// its array: extended as items are pushed, rebuilt when the array is replaced (filter, load) or shrinks
// or its last item changed (pop then push). Keys must not change while an item is in its array (short
// codes, identifiers and idempotency keys never do).

export class GrowingIndex<T, K> {
  private source: T[] | undefined;
  private seen = 0;
  private last: T | undefined;
  private readonly map = new Map<K, T>();

  constructor(private readonly keyOf: (item: T) => K | undefined) {}

  /** The first item with this key (as `items.find` would answer). */
  get(items: T[], key: K): T | undefined {
    this.sync(items);
    return this.map.get(key);
  }

  has(items: T[], key: K): boolean {
    this.sync(items);
    return this.map.has(key);
  }

  private sync(items: T[]): void {
    if (items !== this.source || items.length < this.seen || (this.seen > 0 && items[this.seen - 1] !== this.last)) {
      this.map.clear();
      this.source = items;
      this.seen = 0;
    }
    for (; this.seen < items.length; this.seen++) {
      const k = this.keyOf(items[this.seen]);
      if (k !== undefined && !this.map.has(k)) this.map.set(k, items[this.seen]);
    }
    this.last = items[this.seen - 1];
  }
}
