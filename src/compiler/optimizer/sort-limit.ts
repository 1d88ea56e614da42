// `sort ... | head n` runs as one bounded operator that keeps the n best
// values instead of sorting everything (the runtime's sortLimitOp).

import type * as dag from '../dag/index.js';

export function fuseSortHead(seq: dag.Seq): dag.Seq {
  const out: dag.Op[] = [];
  for (let i = 0; i < seq.length; i++) {
    const op = seq[i]!;
    const next = seq[i + 1];
    if (op.kind === 'Sort' && next !== undefined && next.kind === 'Head') {
      out.push({ kind: 'SortLimit', args: op.args, nullsFirst: op.nullsFirst, reverse: op.reverse, limit: next.count });
      i++;
    } else {
      out.push(op);
    }
  }
  return out;
}
