// Compact structures that keep the import's memory flat on million-row files:
// LineSet (a growable bitset of line numbers) and IdIndex (53-bit fingerprints of identifiers in an
// open-addressing table, about 12 bytes per id instead of ~120 for a Set<string>).

export class LineSet {
  private bits = new Uint8Array(1 << 12);
  size = 0;

  add(line: number): void {
    const i = line >>> 3;
    if (i >= this.bits.length) {
      let n = this.bits.length;
      while (n <= i) n *= 2;
      const next = new Uint8Array(n);
      next.set(this.bits);
      this.bits = next;
    }
    const mask = 1 << (line & 7);
    if (!(this.bits[i] & mask)) {
      this.bits[i] |= mask;
      this.size++;
    }
  }

  has(line: number): boolean {
    const i = line >>> 3;
    return i < this.bits.length && (this.bits[i] & (1 << (line & 7))) !== 0;
  }

  /** How many lines ≤ `last` are in the set. */
  countUpTo(last: number): number {
    if (last === Infinity || last >= this.bits.length * 8) return this.size;
    let n = 0;
    const full = (last + 1) >>> 3;
    for (let i = 0; i < full; i++) n += POPCOUNT[this.bits[i]];
    for (let line = full * 8; line <= last; line++) if (this.has(line)) n++;
    return n;
  }
}

const POPCOUNT = Uint8Array.from({ length: 256 }, (_, b) => {
  let n = 0;
  for (let x = b; x; x >>= 1) n += x & 1;
  return n;
});

/** A small counter per line (saturating at 255): how often the report refused a row. */
export class LineCounter {
  private counts = new Uint8Array(1 << 10);

  increment(line: number): void {
    if (line >= this.counts.length) {
      let n = this.counts.length;
      while (n <= line) n *= 2;
      const next = new Uint8Array(n);
      next.set(this.counts);
      this.counts = next;
    }
    if (this.counts[line] < 255) this.counts[line]++;
  }

  get(line: number): number {
    return line < this.counts.length ? this.counts[line] : 0;
  }
}

/** cyrb53: a fast, well-mixed 53-bit string hash (exact in a double). */
export function hash53(str: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * Remembers identifiers by fingerprint (8 bytes each, at most half full). `add` tells whether an id
 * with the same fingerprint came before: almost always the same id, but fingerprints can collide, so
 * callers confirm the candidates exactly (validate.ts re-reads only those rows).
 */
export class IdIndex {
  private keys = new Float64Array(1 << 12);
  private count = 0;

  /** True when an id with this fingerprint was added before. */
  add(fp: number): boolean {
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const key = fp + 1; // 0 marks an empty slot
    const mask = this.keys.length - 1;
    for (let i = fp % this.keys.length; ; i = (i + 1) & mask) {
      const k = this.keys[i];
      if (k === key) return true;
      if (k === 0) {
        this.keys[i] = key;
        this.count++;
        return false;
      }
    }
  }

  get size(): number {
    return this.count;
  }

  private grow(): void {
    const old = this.keys;
    this.keys = new Float64Array(old.length * 2);
    this.count = 0;
    for (const k of old) if (k !== 0) this.add(k - 1);
  }
}
