// Identity equality of Zed values: the same interned type and the same bytes.
// This is what grouping, distinct and set membership use; it is not the
// `==` operator, which coerces numbers (1 == 1.0) and ignores type names.

import { bytesEqual } from '../util/utf8.js';
import type { Value } from './value.js';

/**
 * True when `a` and `b` have the identical type (the same interned object,
 * so both must come from one type context) and equal bodies; two nulls are
 * equal only when their types are. 1(int32) and 1(int64) are not equal, nor
 * are "a" and "a"(=name).
 */
export function equalValues(a: Value, b: Value): boolean {
  if (a.type !== b.type) return false;
  const x = a.bytes;
  const y = b.bytes;
  if (x === null || y === null) return x === y;
  return x === y || bytesEqual(x, y);
}

/** equalValues over two tuples of the same length (grouping keys). */
export function equalTuples(a: readonly Value[], b: readonly Value[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!equalValues(a[i]!, b[i]!)) return false;
  return true;
}
