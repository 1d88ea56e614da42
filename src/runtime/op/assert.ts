// assert: passes values for which the condition is true and replaces the
// others by error({message:"assertion failed",expr:"<text>",on:<value>}).
// Zed compiles it to `yield cond ? this : error({...})`, so a condition that
// is not a bool (errors included) gives the conditional's own error,
// error({message:"?-operator: bool predicate required",on:<cond>}).

import { encodeUtf8 } from '../../util/utf8.js';
import { Builder, ID, TypeString, Value, underlying, type ErrorType, type Type } from '../../zed/index.js';
import type { Batch, Evaluator, OpContext, Stream } from './types.js';
import { ErrorValues } from './values.js';

export async function* assertOp(ctx: OpContext, parent: Stream, cond: Evaluator, text: string): AsyncGenerator<Batch> {
  const { zctx } = ctx;
  const errs = new ErrorValues(zctx);
  const textBytes = encodeUtf8(text);
  const message = encodeUtf8('assertion failed');
  const types = new Map<Type, ErrorType>();
  const b = new Builder(128);
  for await (const batch of parent) {
    const out: Value[] = new Array<Value>(batch.length);
    for (let i = 0; i < batch.length; i++) {
      const v = batch[i]!;
      const c = cond(v);
      // Zed's Conditional checks the type ID, so a bool under a name passes.
      if (underlying(c.type).id !== ID.bool) {
        out[i] = errs.wrap('?-operator: bool predicate required', c);
        continue;
      }
      if (c.bytes !== null && c.bytes.length > 0 && c.bytes[0] !== 0) {
        out[i] = v;
        continue;
      }
      let t = types.get(v.type);
      if (t === undefined) {
        const rec = zctx.lookupRecord([
          { name: 'message', type: TypeString },
          { name: 'expr', type: TypeString },
          { name: 'on', type: v.type },
        ]);
        t = zctx.lookupError(rec);
        types.set(v.type, t);
      }
      b.reset();
      b.append(message);
      b.append(textBytes);
      b.append(v.bytes);
      out[i] = new Value(t, b.bytes());
    }
    if (out.length > 0) yield out;
  }
}
