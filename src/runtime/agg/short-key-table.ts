// A hash table from short byte strings (at most 6 bytes, such as the zcode
// elements of IPv4 addresses, ports, small integers) to ids, each string
// packed into one number: a probe compares numbers, not bytes in an arena.
// Column grouping keeps one per key type in front of its ByteTable, which
// gives the ids (see column-key-values.ts).

const EMPTY = -1;

/** b[s:e] (at most 6 bytes) as one number, its length in the top bits so that "" and "\0" differ. */
export function packShort(b: Uint8Array, s: number, e: number): number {
  let k = 0;
  for (let i = e - 1; i >= s; i--) k = k * 256 + b[i]!;
  return k + (e - s) * 281474976710656; // 2^48
}

export const SHORT_MAX = 6;

function hashNumber(k: number): number {
  let h = (k | 0) ^ Math.imul((k / 4294967296) | 0, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

export class ShortKeyTable {
  private keys = new Float64Array(16).fill(EMPTY);
  private ids = new Int32Array(16);
  private mask = 15;
  private n = 0;

  get size(): number {
    return this.n;
  }

  /** The id of packed key `k`, or -1. */
  get(k: number): number {
    const keys = this.keys;
    const mask = this.mask;
    for (let p = hashNumber(k) & mask; ; p = (p + 1) & mask) {
      const x = keys[p]!;
      if (x === k) return this.ids[p]!;
      if (x === EMPTY) return -1;
    }
  }

  /** Records that packed key `k` (absent) has id `id`. */
  set(k: number, id: number): void {
    if (2 * (this.n + 1) > this.mask + 1) this.grow();
    const keys = this.keys;
    const mask = this.mask;
    let p = hashNumber(k) & mask;
    while (keys[p] !== EMPTY) p = (p + 1) & mask;
    keys[p] = k;
    this.ids[p] = id;
    this.n++;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldIds = this.ids;
    const cap = 2 * (this.mask + 1);
    this.keys = new Float64Array(cap).fill(EMPTY);
    this.ids = new Int32Array(cap);
    this.mask = cap - 1;
    for (let p = 0; p < oldKeys.length; p++) {
      const k = oldKeys[p]!;
      if (k === EMPTY) continue;
      let q = hashNumber(k) & this.mask;
      while (this.keys[q] !== EMPTY) q = (q + 1) & this.mask;
      this.keys[q] = k;
      this.ids[q] = oldIds[p]!;
    }
  }
}
