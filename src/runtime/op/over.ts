// over: the values inside each value (runtime/sam/op/traverse/over.go).
// Each expression's result is traversed: an array or set gives its elements,
// a map gives {key,value} records, a record gives {key:[<name>],value}
// records, anything else gives itself; names and unions are looked through
// and error("missing") gives nothing. With a lateral body, the body runs
// once per input value over that value's traversal (a value whose
// traversal is empty does not run it), and its outputs are the results.

import { encodeUtf8 } from '../../util/utf8.js';
import { Builder, TypeString, Value, readElement, underlying, type RecordType, type Type, type TypeContext } from '../../zed/index.js';
import type { Batch, Evaluator, LateralFn, OpContext, Stream } from './types.js';
import { isMissing, valueUnder } from './values.js';

const el = { start: 0, end: 0 };

/** Appends the traversal of `v` to `out` (Zed's appendOver). */
export class Traverser {
  private readonly mapTypes = new Map<Type, RecordType>();
  private readonly fieldTypes = new Map<Type, RecordType>();
  private readonly b = new Builder(64);
  private readonly names = new Map<string, Uint8Array>();

  constructor(private readonly zctx: TypeContext) {}

  append(out: Value[], v: Value): void {
    const u = valueUnder(v);
    const t = u.type;
    const body = u.bytes;
    switch (t.kind) {
      case 'array':
      case 'set': {
        if (body === null) return;
        const et = t.elem;
        const plain = underlying(et).kind !== 'union' && et.kind !== 'named';
        for (let off = 0; off < body.length; ) {
          off = readElement(body, off, body.length, el);
          const e = new Value(et, el.start < 0 ? null : body.subarray(el.start, el.end));
          out.push(plain ? e : valueUnder(e));
        }
        return;
      }
      case 'map': {
        if (body === null) return;
        let rt = this.mapTypes.get(t);
        if (rt === undefined) {
          rt = this.zctx.lookupRecord([
            { name: 'key', type: t.key },
            { name: 'value', type: t.value },
          ]);
          this.mapTypes.set(t, rt);
        }
        for (let off = 0; off < body.length; ) {
          const start = off;
          off = readElement(body, off, body.length, el);
          off = readElement(body, off, body.length, el);
          out.push(new Value(rt, body.subarray(start, off)));
        }
        return;
      }
      case 'record': {
        if (body === null) return;
        const b = this.b;
        let off = 0;
        for (const f of t.fields) {
          if (off >= body.length) return;
          let rt = this.fieldTypes.get(f.type);
          if (rt === undefined) {
            rt = this.zctx.lookupRecord([
              { name: 'key', type: this.zctx.lookupArray(TypeString) },
              { name: 'value', type: f.type },
            ]);
            this.fieldTypes.set(f.type, rt);
          }
          let name = this.names.get(f.name);
          if (name === undefined) {
            name = encodeUtf8(f.name);
            this.names.set(f.name, name);
          }
          off = readElement(body, off, body.length, el);
          b.reset();
          b.beginContainer();
          b.append(name);
          b.endContainer();
          b.appendRange(body, el.start, el.end);
          out.push(new Value(rt, b.bytes()));
        }
        return;
      }
      default:
        out.push(u);
    }
  }
}

export async function* overOp(ctx: OpContext, parent: Stream, exprs: readonly Evaluator[], body: LateralFn | null = null): AsyncGenerator<Batch> {
  const trav = new Traverser(ctx.zctx);
  for await (const batch of parent) {
    let out: Value[] = [];
    for (let i = 0; i < batch.length; i++) {
      const v = batch[i]!;
      for (let k = 0; k < exprs.length; k++) {
        const r = exprs[k]!(v);
        if (r.type.kind === 'error' && isMissing(r)) continue;
        trav.append(out, r);
      }
      if (body !== null && out.length > 0) {
        yield* body(once(out), v);
        out = [];
      }
    }
    if (out.length > 0) yield out;
  }
}

async function* once(b: Batch): AsyncGenerator<Batch> {
  yield b;
}
