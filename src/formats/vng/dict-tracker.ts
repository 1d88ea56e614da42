// Counts the distinct bodies written to a primitive column, up to Zed's
// dictionary limit (vng.MaxDictSize = 256 entries, so a selector fits in a
// byte), with a small open-addressing hash table over the bodies' bytes.

import { ByteWriter } from '../../util/byte-writer.js';

export const MAX_DICT_SIZE = 256;
const TABLE_SIZE = 1024; // a power of two, > 2 * (MAX_DICT_SIZE + 1)

export class DictTracker {
  /** Entry bodies, back to back, in first-seen order. */
  readonly arena = new ByteWriter(256);
  readonly starts: number[] = [];
  readonly ends: number[] = [];
  readonly counts = new Uint32Array(MAX_DICT_SIZE + 1);
  private readonly table = new Int16Array(TABLE_SIZE).fill(-1);

  get size(): number {
    return this.starts.length;
  }

  /**
   * Counts the body b[s:e] and returns its entry number, or -1 when it is a
   * new body that makes the dictionary exceed MAX_DICT_SIZE entries.
   */
  add(b: Uint8Array, s: number, e: number): number {
    let h = 0x811c9dc5;
    for (let i = s; i < e; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
    h = (h ^ (e - s)) & (TABLE_SIZE - 1);
    const arena = this.arena;
    for (;;) {
      const k = this.table[h]!;
      if (k < 0) break;
      const as = this.starts[k]!;
      const ae = this.ends[k]!;
      if (ae - as === e - s) {
        let i = 0;
        const ab = arena.buf;
        while (i < e - s && ab[as + i] === b[s + i]) i++;
        if (i === e - s) {
          this.counts[k]!++;
          return k;
        }
      }
      h = (h + 1) & (TABLE_SIZE - 1);
    }
    const k = this.starts.length;
    if (k >= MAX_DICT_SIZE) return -1;
    this.table[h] = k;
    const start = arena.len;
    arena.reserve(e - s);
    arena.buf.set(b.subarray(s, e), start);
    arena.len = start + (e - s);
    this.starts.push(start);
    this.ends.push(arena.len);
    this.counts[k] = 1;
    return k;
  }

  /** A copy of entry `k`'s body. */
  body(k: number): Uint8Array {
    return this.arena.buf.slice(this.starts[k]!, this.ends[k]!);
  }
}
