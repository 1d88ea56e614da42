// `sort ... | head N` as one operator: the same order as sort (stable, the
// same null and key rules) but it keeps only the best N values seen so far,
// so it runs in memory proportional to N instead of the input.

import type { Value } from '../../zed/index.js';
import { makeSpec, sortIndices, type SortOptions } from './sort.js';
import type { SortSpec } from './compare.js';
import { checkAbort, type Batch, type OpContext, type SortKey, type Stream } from './types.js';

export async function* sortLimitOp(
  ctx: OpContext,
  parent: Stream,
  keys: readonly SortKey[],
  opts: SortOptions,
  limit: number,
): AsyncGenerator<Batch> {
  if (limit <= 0) return;
  // Trim when the buffer is several times the limit: each trim sorts it once.
  const high = Math.max(4 * limit, 4096);
  let spec: SortSpec | null = null;
  let buf: Value[] = [];
  const trim = (s: SortSpec): void => {
    const order = sortIndices(buf, s);
    const n = Math.min(limit, order.length);
    const kept = new Array<Value>(n);
    for (let i = 0; i < n; i++) kept[i] = buf[order[i]!]!;
    buf = kept;
  };
  for await (const batch of parent) {
    checkAbort(ctx);
    for (const v of batch) buf.push(v);
    if (spec === null && buf.length > 0) spec = makeSpec(ctx, keys, buf[0]!, opts);
    if (spec !== null && buf.length >= high) trim(spec);
  }
  if (spec === null) return;
  trim(spec);
  if (buf.length > 0) yield buf;
}
