// where and search: keep the values for which a Boolean expression is true
// (expr.FilterApplier run by op.Applier). False and null drop the value, as
// do error("missing") and error("quiet"); any other error is passed on in
// place of the value, and a non-Boolean result becomes
// error({message:"not type bool",on:<result>}).

import type { Value } from '../../zed/index.js';
import { underlying, TypeBool } from '../../zed/index.js';
import type { Batch, Evaluator, OpContext, Stream } from './types.js';
import { ErrorValues, isMissing, isQuiet } from './values.js';

export async function* filterOp(ctx: OpContext, parent: Stream, pred: Evaluator): AsyncGenerator<Batch> {
  const errs = new ErrorValues(ctx.zctx);
  for await (const batch of parent) {
    let out: Value[] | null = null;
    let kept = 0;
    for (let i = 0; i < batch.length; i++) {
      const v = batch[i]!;
      const r = pred(v);
      let keep: Value | null;
      if (underlying(r.type) === TypeBool) {
        keep = r.bytes !== null && r.bytes.length > 0 && r.bytes[0] !== 0 ? v : null;
      } else if (r.type.kind === 'error') {
        keep = isMissing(r) || isQuiet(r) ? null : r;
      } else {
        keep = errs.wrap('not type bool', r);
      }
      // Copy-on-first-change: a batch that passes whole is handed on as is.
      if (keep === v && out === null) {
        kept++;
        continue;
      }
      if (out === null) out = batch.slice(0, kept);
      if (keep !== null) out.push(keep);
    }
    if (out === null) {
      if (kept > 0) yield batch;
    } else if (out.length > 0) yield out;
  }
}
