// The order of group keys in spilled runs: Zed's value order (compareValues,
// nulls last), then type ID and bytes, so that keys Zed's order calls equal
// but grouping keeps apart (1(int32) and 1(int64), nulls of two types) stay
// distinct when runs merge. Zed's spill merge would fold them together.

import { compareBytes } from '../../util/utf8.js';
import { compareValues, type Value } from '../../zed/index.js';

export function compareKeys(a: readonly Value[], b: readonly Value[]): number {
  for (let i = 0; i < a.length; i++) {
    const c = compareValues(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.type !== y.type) return x.type.id < y.type.id ? -1 : 1;
    const xb = x.bytes;
    const yb = y.bytes;
    if (xb === yb) continue;
    if (xb === null) return -1;
    if (yb === null) return 1;
    const c = compareBytes(xb, yb);
    if (c !== 0) return c < 0 ? -1 : 1;
  }
  return 0;
}
