// explode: for each value of each argument, one record {<as>:<v>} per value
// of type `type` found by walking it (runtime/sam/op/explode, zed.Walk): a
// match is not walked into; errors other than missing are passed on.

import { Builder, Value, decodeIntNumber, readElement, underlying, type Type } from '../../zed/index.js';
import type { Batch, Evaluator, OpContext, Stream } from './types.js';
import { isMissing } from './values.js';

const el = { start: 0, end: 0 };

export async function* explodeOp(
  ctx: OpContext,
  parent: Stream,
  args: readonly Evaluator[],
  type: Type,
  as = 'value',
): AsyncGenerator<Batch> {
  const outType = ctx.zctx.lookupRecord([{ name: as, type }]);
  const b = new Builder(64);
  for await (const batch of parent) {
    const out: Value[] = [];
    const visit = (t: Type, body: Uint8Array | null): boolean => {
      if (t === type && body !== null) {
        b.reset();
        b.append(body);
        out.push(new Value(outType, b.bytes()));
        return true;
      }
      return false;
    };
    for (let i = 0; i < batch.length; i++) {
      for (let k = 0; k < args.length; k++) {
        const v = args[k]!(batch[i]!);
        if (v.isError()) {
          if (!isMissing(v)) out.push(v);
          continue;
        }
        walk(v.type, v.bytes, visit);
      }
    }
    if (out.length > 0) yield out;
  }
}

/** zed.Walk: visits a value then, unless the visitor says skip, what it contains. */
function walk(t: Type, body: Uint8Array | null, visit: (t: Type, body: Uint8Array | null) => boolean): void {
  if (visit(t, body)) return;
  switch (t.kind) {
    case 'named':
      walk(t.type, body, visit);
      return;
    case 'error':
      walk(t.type, body, visit);
      return;
    case 'primitive':
    case 'enum':
      return;
  }
  if (body === null) return;
  let off = 0;
  const end = body.length;
  const next = (): Uint8Array | null => {
    off = readElement(body, off, end, el);
    return el.start < 0 ? null : body.subarray(el.start, el.end);
  };
  switch (t.kind) {
    case 'record':
      for (const f of t.fields) {
        if (off >= end) return;
        walk(f.type, next(), visit);
      }
      return;
    case 'array':
      while (off < end) walk(t.elem, next(), visit);
      return;
    case 'set': {
      const inner = underlying(t.elem);
      while (off < end) walk(inner, next(), visit);
      return;
    }
    case 'map': {
      const k = underlying(t.key);
      const v = underlying(t.value);
      while (off < end) {
        walk(k, next(), visit);
        walk(v, next(), visit);
      }
      return;
    }
    case 'union': {
      const tagBody = next();
      const inner = t.types[tagBody === null ? 0 : decodeIntNumber(tagBody)];
      if (inner !== undefined) walk(inner, next(), visit);
      return;
    }
  }
}
