// The output side of the JSON reader: zcode is written into one arena per
// batch, values are cut from it as views (no copy per value), and the few
// zcode rewrites JSON needs (duplicate keys, union-typed array elements)
// happen in place.

import { growBytes } from '../../util/byte-writer.js';
import { putUvarint, uvarintSize } from '../../util/uvarint.js';
import { TypeNull, Value, encodeInt, type Type, type UnionType } from '../../zed/index.js';

const f64 = new Float64Array(1);
const f64b = new Uint8Array(f64.buffer);
const EMPTY = new Uint8Array(0);

export class ZcodeArena {
  /** The zcode written so far is out[0:len]. */
  out: Uint8Array;
  len = 0;
  /** Where the body of the value being built starts (-1 for a null). */
  bodyStart = 0;

  private arenaUsed = false;
  private readonly batchTypes: Type[] = [];
  private readonly batchStarts: number[] = [];
  private readonly batchEnds: number[] = [];
  private copy = new Uint8Array(256);

  constructor(capacity: number) {
    this.out = new Uint8Array(capacity);
  }

  /**
   * Starts a batch. Values cut from an arena keep referring to it, so a used
   * arena is left to them and a new one of about `estimate` bytes begins.
   */
  begin(estimate: number): void {
    if (this.arenaUsed || this.out.length < estimate >> 2) {
      this.out = new Uint8Array(Math.max(estimate + (estimate >> 3), 256));
      this.arenaUsed = false;
    }
    this.len = 0;
  }

  /** Adds the value just built (bodyStart to len) to the batch. */
  commit(t: Type): void {
    const n = this.batchTypes.length;
    this.batchTypes[n] = t;
    this.batchStarts[n] = this.bodyStart;
    this.batchEnds[n] = this.len;
  }

  /** How many values the batch holds. */
  get batchSize(): number {
    return this.batchTypes.length;
  }

  /** The values of the batch, as views of the arena. */
  take(): Value[] {
    const types = this.batchTypes;
    const n = types.length;
    if (n === 0) return [];
    const out = this.out;
    const vals: Value[] = new Array<Value>(n);
    for (let i = 0; i < n; i++) {
      const s = this.batchStarts[i]!;
      vals[i] = new Value(types[i]!, s < 0 ? null : out.subarray(s, this.batchEnds[i]!));
    }
    types.length = 0;
    this.batchStarts.length = 0;
    this.batchEnds.length = 0;
    this.arenaUsed = true;
    return vals;
  }

  /** Makes room for `n` more bytes. */
  ensure(n: number): void {
    if (this.len + n > this.out.length) this.out = growBytes(this.out, this.len, this.len + n);
  }

  /** Where the body of the element at `at` starts (-1 for a null). */
  bodyOf(at: number): number {
    const out = this.out;
    let tag = 0;
    let mul = 1;
    let i = at;
    for (;;) {
      const b = out[i++]!;
      tag += (b & 0x7f) * mul;
      if (b < 0x80) break;
      mul *= 128;
    }
    return tag === 0 ? -1 : i;
  }

  /** Writes an int64 element from its folded (sign-magnitude) value, below 2^53. */
  writeFoldedInt(u: number): void {
    this.ensure(9);
    const out = this.out;
    let o = this.len;
    if (u < 0x80000000) {
      const n = u === 0 ? 0 : u < 0x100 ? 1 : u < 0x10000 ? 2 : u < 0x1000000 ? 3 : 4;
      out[o++] = n + 1;
      while (u !== 0) {
        out[o++] = u & 0xff;
        u >>>= 8;
      }
    } else {
      const n = u < 2 ** 32 ? 4 : u < 2 ** 40 ? 5 : u < 2 ** 48 ? 6 : 7;
      out[o++] = n + 1;
      for (let k = 0; k < n; k++) {
        out[o++] = u % 256;
        u = Math.floor(u / 256);
      }
    }
    this.len = o;
  }

  /** Writes a float64 element. */
  writeFloat(x: number): void {
    this.ensure(9);
    const out = this.out;
    let o = this.len;
    f64[0] = x;
    out[o++] = 9;
    for (let k = 0; k < 8; k++) out[o++] = f64b[k]!;
    this.len = o;
  }

  /** Writes an element with body `b`. */
  writeElement(b: Uint8Array): void {
    this.ensure(b.length + 10);
    this.len = putUvarint(this.out, this.len, b.length + 1);
    this.out.set(b, this.len);
    this.len += b.length;
  }

  /** Closes a container whose one-byte tag placeholder is at `start`. */
  closeTag(start: number): void {
    const tag = this.len - start;
    if (tag < 0x80) {
      this.out[start] = tag;
      return;
    }
    const size = uvarintSize(tag);
    this.ensure(size - 1);
    this.out.copyWithin(start + size, start + 1, this.len);
    this.len += size - 1;
    putUvarint(this.out, start, tag);
  }

  /** Copies out[bodyStart:len] aside (valid until the next call). */
  private stash(bodyStart: number): Uint8Array {
    const n = this.len - bodyStart;
    if (this.copy.length < n) this.copy = new Uint8Array(Math.max(n, this.copy.length * 2));
    this.copy.set(this.out.subarray(bodyStart, this.len));
    return this.copy;
  }

  /**
   * Rewrites the body at `bodyStart`, whose elements begin at offsets[base:top],
   * keeping the elements `keep` (indexes relative to `base`) in that order.
   */
  keepElements(bodyStart: number, offsets: readonly number[], base: number, top: number, keep: readonly number[]): void {
    const n = this.len - bodyStart;
    const body = this.stash(bodyStart);
    this.len = bodyStart;
    for (const k of keep) {
      const a = offsets[base + k]! - bodyStart;
      const b = base + k + 1 < top ? offsets[base + k + 1]! - bodyStart : n;
      this.out.set(body.subarray(a, b), this.len);
      this.len += b - a;
    }
  }

  /**
   * Rewrites the array body at `bodyStart`, whose elements begin at
   * offsets[base:top] and have types[base:top], so that each non-null
   * element becomes a value of union `u` (zed.BuildUnion: tag, then value).
   */
  wrapUnion(u: UnionType, bodyStart: number, offsets: readonly number[], types: readonly Type[], base: number, top: number): void {
    const n = this.len - bodyStart;
    const body = this.stash(bodyStart);
    this.len = bodyStart;
    for (let i = base; i < top; i++) {
      const t = types[i]!;
      if (t === TypeNull) {
        this.ensure(1);
        this.out[this.len++] = 0;
        continue;
      }
      const a = offsets[i]! - bodyStart;
      const b = i + 1 < top ? offsets[i + 1]! - bodyStart : n;
      const sel = u.selectorOf(t);
      // The tag is an int element: folded 2*sel, no body bytes for 0.
      const selBody = sel === 0 ? EMPTY : sel < 128 ? null : encodeInt(sel);
      const selLen = selBody === null ? 2 : selBody.length + 1;
      const inner = b - a + selLen;
      this.ensure(inner + 10);
      const out = this.out;
      this.len = putUvarint(out, this.len, inner + 1);
      if (selBody === null) {
        out[this.len++] = 2;
        out[this.len++] = sel * 2;
      } else {
        out[this.len++] = selBody.length + 1;
        out.set(selBody, this.len);
        this.len += selBody.length;
      }
      out.set(body.subarray(a, b), this.len);
      this.len += b - a;
    }
  }
}
