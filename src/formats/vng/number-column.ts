// Columns of numbers decoded once into a Float64Array, so that a query
// summing or comparing one again reads numbers instead of decoding each
// element: kept in the lake's column cache beside the segments. Only
// columns whose every number is exact as a float64 are decoded so (an
// integer past 2^53 needs its element); the others are read as elements.

import { decodeFloat, decodeUintNumber, underlying, type Type } from '../../zed/index.js';
import { readThrough, type ColumnReader } from './column-reader.js';

/** How a column's elements read as numbers. */
export type NumberKind = 'uint' | 'int' | 'float';

/** The kind of numbers a column of type `t` holds; null for other values. */
export function numberKindOf(t: Type): NumberKind | null {
  const u = underlying(t);
  if (u.kind !== 'primitive') return null;
  const id = u.id;
  // uint8..uint64; int8..int64, duration and time; float16..float64.
  if (id <= 3) return 'uint';
  if ((id >= 6 && id <= 9) || id === 12 || id === 13) return 'int';
  if (id >= 14 && id <= 16) return 'float';
  return null;
}

/** One object's column of numbers: row i's in values[i], or a null where nulls[i] is 1. */
export class NumberColumn {
  /** The largest magnitude of its numbers (NaN counts as none), 0 when it has none. */
  readonly maxAbs: number;
  /** Whether it holds no null. */
  readonly nullFree: boolean;

  constructor(
    /** Row i's number; 0 for a null. */
    readonly values: Float64Array,
    readonly nulls: Uint8Array,
  ) {
    let max = 0;
    for (let i = 0; i < values.length; i++) {
      const a = Math.abs(values[i]!);
      if (a > max) max = a;
    }
    this.maxAbs = max;
    this.nullFree = !nulls.includes(1);
  }

  get byteLength(): number {
    return this.values.byteLength + this.nulls.byteLength;
  }
}

/**
 * Reads the rest of `reader` (all of it, when fresh: `length` values of
 * `kind`) as numbers; null when one is not exact as a float64 (or not a
 * number of that kind), the reader then read up to it.
 */
export function numberColumn(reader: ColumnReader, length: number, kind: NumberKind): NumberColumn | null {
  const values = new Float64Array(length);
  const nulls = new Uint8Array(length);
  const ok = readThrough(reader, length, (b, starts, sizes, n, at) => {
    for (let i = 0; i < n; i++) {
      const s = starts[i]!;
      const tag = b[s]!;
      if (tag === 0) {
        nulls[at + i] = 1;
        continue;
      }
      // A number's body is at most 8 bytes: its tag is one byte.
      const len = tag - 1;
      if (len < 0 || len > 8 || sizes[i] !== tag) return false;
      if (kind === 'float') {
        if (len !== 8 && len !== 4 && len !== 2) return false;
        values[at + i] = decodeFloat(b, s + 1, s + tag);
        continue;
      }
      // Past six bytes an integer may not be exact; and 1 is int64's minimum.
      if (len > 6) return false;
      const u = decodeUintNumber(b, s + 1, s + tag);
      if (kind === 'uint') values[at + i] = u;
      else if (u % 2 === 0) values[at + i] = u / 2;
      else if (u === 1) return false;
      else values[at + i] = -(u - 1) / 2;
    }
    return true;
  });
  return ok ? new NumberColumn(values, nulls) : null;
}
