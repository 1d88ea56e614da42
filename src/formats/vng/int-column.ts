// The int64 columns that carry a column's structure (null runs, array
// lengths, union and variant tags): zcode elements of int64 bodies, written
// and read in bulk. Values here are small non-negative counts and tags.

import { FormatError } from '../../errors/index.js';
import { ByteWriter } from '../../util/byte-writer.js';

/** Collects int64 values as zcode elements. */
export class IntColumnWriter {
  readonly bytes = new ByteWriter(256);
  count = 0;

  /** Appends `n`, a non-negative safe integer. */
  append(n: number): void {
    const w = this.bytes;
    w.reserve(10);
    const buf = w.buf;
    let p = w.len;
    const tagAt = p++;
    // Signed bodies keep the sign in bit 0: 2n for n >= 0.
    let u = n * 2;
    if (u < 0x80000000) {
      while (u !== 0) {
        buf[p++] = u & 0xff;
        u >>>= 8;
      }
    } else {
      while (u !== 0) {
        buf[p++] = u % 256;
        u = Math.floor(u / 256);
      }
    }
    buf[tagAt] = p - tagAt; // body length + 1
    w.len = p;
    this.count++;
  }
}

/**
 * Decodes a column of int64 elements: exactly `count` of them, or any number
 * when `count` is null. Values must lie in [0, max]. `what` and `at` (the
 * segment's offset in the file) describe the column in errors.
 */
export function decodeIntColumn(bytes: Uint8Array, count: number | null, max: number, what: string, at: number): Int32Array {
  const end = bytes.length;
  // Every element takes at least one byte.
  const out = new Int32Array(count ?? end);
  const n = out.length;
  let p = 0;
  let i = 0;
  while (p < end) {
    if (i >= n) throw new FormatError(`VNG ${what} column at offset ${at} has more than the ${n} values expected`);
    const tag = bytes[p++]!;
    // Most values are small: 0 (tag 1, empty body) or one byte (tag 2).
    if (tag === 1) {
      out[i++] = 0;
      continue;
    }
    if (tag === 2 && p < end) {
      const v = bytes[p++]!;
      if ((v & 1) !== 0 || v >>> 1 > max) throw new FormatError(`VNG ${what} column at offset ${at}: value out of range`);
      out[i++] = v >>> 1;
      continue;
    }
    if (tag === 0 || tag > 9) throw new FormatError(`VNG ${what} column at offset ${at}: bad int64 element`);
    const len = tag - 1;
    if (p + len > end) throw new FormatError(`VNG ${what} column at offset ${at}: element overruns the column`);
    let u = 0;
    let mul = 1;
    for (let k = 0; k < len; k++) {
      u += bytes[p + k]! * mul;
      mul *= 256;
    }
    p += len;
    if (u % 2 !== 0 || u / 2 > max) {
      throw new FormatError(`VNG ${what} column at offset ${at}: value ${u % 2 !== 0 ? 'below zero' : u / 2} out of range`);
    }
    out[i++] = u / 2;
  }
  if (count === null) return out.subarray(0, i);
  if (i !== n) throw new FormatError(`VNG ${what} column at offset ${at} has ${i} values, expected ${n}`);
  return out;
}
