// sample: one value of each type (Zed compiles it to
// `sample:=any(<e>) by shape:=typeof(<e>) | yield sample`, with <e> `this`
// by default); built the same way on the group table.

import { TypeType, Value, readElement } from '../../zed/index.js';
import { lookupAggregate } from '../agg/index.js';
import { summarizeOp } from './summarize.js';
import type { Batch, Evaluator, OpContext, Stream } from './types.js';

export async function* sampleOp(ctx: OpContext, parent: Stream, expr: Evaluator | null = null): AsyncGenerator<Batch> {
  const { zctx } = ctx;
  const e: Evaluator = expr ?? ((v) => v);
  const typeOf: Evaluator = (v) => new Value(TypeType, zctx.encodeTypeValue(e(v).type));
  const grouped = summarizeOp(ctx, parent, {
    keys: [{ path: ['shape'], expr: typeOf }],
    aggs: [{ path: ['sample'], def: lookupAggregate('any')!, arg: e, where: null }],
  });
  for await (const batch of grouped) {
    const out = new Array<Value>(batch.length);
    for (let i = 0; i < batch.length; i++) {
      const r = batch[i]!;
      // {shape:<type>,sample:<value>}: the value is the record's second field.
      const t = r.type.kind === 'record' ? r.type.fields[1]!.type : r.type;
      out[i] = new Value(t, secondElement(r.bytes!));
    }
    yield out;
  }
}

const el = { start: 0, end: 0 };

function secondElement(body: Uint8Array): Uint8Array | null {
  let off = readElement(body, 0, body.length, el);
  off = readElement(body, off, body.length, el);
  return el.start < 0 ? null : body.subarray(el.start, el.end);
}
