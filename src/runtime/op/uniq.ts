// uniq: drops values equal to the one before (runtime/sam/op/uniq). As in
// Zed, values compare by their bytes alone: the type is ignored and a null
// equals an empty body. With -c each run becomes {value:<v>,count:<n>(uint64)}.

import { bytesEqual } from '../../util/utf8.js';
import { Builder, TypeUint64, Value, encodeUint, type RecordType, type Type } from '../../zed/index.js';
import { checkAbort, type Batch, type OpContext, type Stream } from './types.js';

const EMPTY: Uint8Array = new Uint8Array(0);

export async function* uniqOp(ctx: OpContext, parent: Stream, count = false): AsyncGenerator<Batch> {
  const types = new Map<Type, RecordType>();
  const b = new Builder(64);
  const wrap = (v: Value, n: number): Value => {
    if (!count) return v;
    let t = types.get(v.type);
    if (t === undefined) {
      t = ctx.zctx.lookupRecord([
        { name: 'value', type: v.type },
        { name: 'count', type: TypeUint64 },
      ]);
      types.set(v.type, t);
    }
    b.reset();
    b.append(v.bytes);
    b.append(encodeUint(n));
    return new Value(t, b.bytes());
  };
  let last: Value | null = null;
  let lastBytes: Uint8Array = EMPTY;
  let n = 0;
  for await (const batch of parent) {
    checkAbort(ctx);
    const out: Value[] = [];
    for (let i = 0; i < batch.length; i++) {
      const v = batch[i]!;
      const bytes = v.bytes ?? EMPTY;
      if (last !== null && bytesEqual(bytes, lastBytes)) {
        n++;
        continue;
      }
      if (last !== null) out.push(wrap(last, n));
      last = v;
      lastBytes = bytes;
      n = 1;
    }
    if (out.length > 0) yield out;
  }
  if (last !== null) yield [wrap(last, n)];
}
