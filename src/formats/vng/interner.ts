// Shares Value objects between equal top-level values of a scan. A scan of a
// few low-cardinality columns yields the same handful of values over and
// over; handing out one immutable Value for each saves a view and an object
// per row. A small direct-mapped cache is checked first; when it misses on
// most of a batch (high-cardinality data) the scan stops using it.

import { Value, type Type } from '../../zed/index.js';

const SLOTS = 4096;
/** Longer bodies rarely repeat and cost more to hash than they save. */
const MAX_BODY = 64;

export class Interner {
  private readonly values: (Value | null)[] = new Array<Value | null>(SLOTS).fill(null);
  private readonly nulls = new Map<Type, Value>();
  active = true;
  private hits = 0;
  private misses = 0;

  /** A Value of `type` whose body is b[s:e] (a null when s < 0); b may be reused after. */
  get(type: Type, b: Uint8Array, s: number, e: number): Value {
    if (s < 0) {
      let v = this.nulls.get(type);
      if (v === undefined) {
        v = new Value(type, null);
        this.nulls.set(type, v);
      }
      return v;
    }
    const n = e - s;
    if (n > MAX_BODY) {
      this.misses++;
      return new Value(type, b.subarray(s, e));
    }
    let h = 0x811c9dc5 ^ type.id;
    for (let i = s; i < e; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
    const slot = (h ^ (h >>> 15)) & (SLOTS - 1);
    const hit = this.values[slot];
    if (hit !== null && hit !== undefined && hit.type === type) {
      const hb = hit.bytes!;
      if (hb.length === n) {
        let i = 0;
        while (i < n && hb[i] === b[s + i]) i++;
        if (i === n) {
          this.hits++;
          return hit;
        }
      }
    }
    this.misses++;
    const v = new Value(type, b.slice(s, e));
    this.values[slot] = v;
    return v;
  }

  /** Ends a batch: keeps the cache only while most lookups hit. */
  endBatch(): void {
    if (this.misses > this.hits) this.active = false;
    this.hits = 0;
    this.misses = 0;
  }
}
