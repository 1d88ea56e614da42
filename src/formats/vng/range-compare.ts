// Compares primitive bodies given as ranges of a buffer, in Zed's value order
// for one type (as zed/order.ts compareValues), so the writer can keep a
// column's min and max without a view object per value.

import { compareBodies, compareFloats, ID, type PrimitiveType } from '../../zed/index.js';

/** Compares a[as:ae] with b[bs:be] (two bodies) for values of one type. */
export type RangeComparator = (a: Uint8Array, as: number, ae: number, b: Uint8Array, bs: number, be: number) => number;

/** Compares minimal little-endian unsigned bodies (trailing zero bytes ignored). */
function compareUint(a: Uint8Array, as: number, ae: number, b: Uint8Array, bs: number, be: number): number {
  while (ae > as && a[ae - 1] === 0) ae--;
  while (be > bs && b[be - 1] === 0) be--;
  const la = ae - as;
  if (la !== be - bs) return la < be - bs ? -1 : 1;
  for (let i = la - 1; i >= 0; i--) {
    const x = a[as + i]!;
    const y = b[bs + i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Signed bodies: sign in bit 0, magnitude above, both minimal little-endian. */
function compareInt(a: Uint8Array, as: number, ae: number, b: Uint8Array, bs: number, be: number): number {
  const na = ae > as && (a[as]! & 1) === 1;
  const nb = be > bs && (b[bs]! & 1) === 1;
  if (na !== nb) return na ? -1 : 1;
  const c = compareUint(a, as, ae, b, bs, be);
  return na ? -c : c;
}

function compareByteRange(a: Uint8Array, as: number, ae: number, b: Uint8Array, bs: number, be: number): number {
  const la = ae - as;
  const lb = be - bs;
  const n = la < lb ? la : lb;
  for (let i = 0; i < n; i++) {
    const x = a[as + i]!;
    const y = b[bs + i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return la === lb ? 0 : la < lb ? -1 : 1;
}

const f64 = new Float64Array(1);
const f64b = new Uint8Array(f64.buffer);
const f32 = new Float32Array(1);
const f32b = new Uint8Array(f32.buffer);

function readFloat(a: Uint8Array, s: number, e: number): number {
  if (e - s === 8) {
    for (let i = 0; i < 8; i++) f64b[i] = a[s + i]!;
    return f64[0]!;
  }
  for (let i = 0; i < 4; i++) f32b[i] = a[s + i] ?? 0;
  return f32[0]!;
}

/** A comparator for bodies of type `t`. */
export function rangeComparatorFor(t: PrimitiveType): RangeComparator {
  const id = t.id;
  if (id <= ID.uint64) return compareUint;
  if ((id >= ID.int8 && id <= ID.int64) || id === ID.duration || id === ID.time) return compareInt;
  if (id === ID.string || id === ID.bytes) return compareByteRange;
  if (id === ID.float32 || id === ID.float64) {
    return (a, as, ae, b, bs, be) => compareFloats(readFloat(a, as, ae), readFloat(b, bs, be));
  }
  return (a, as, ae, b, bs, be) => compareBodies(t, a.subarray(as, ae), t, b.subarray(bs, be), false);
}
