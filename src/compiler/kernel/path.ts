// Field access: `this`, `a.b.c` paths and dots on computed values (Zed's
// DotExpr, dot.go). A dot caches the field's position per record type, so a
// stream of one shape never searches field names twice.

import {
  ID,
  TypeString,
  Value,
  underlying,
  type RecordType,
  type Type,
} from '../../zed/index.js';
import { typeValue, under, type EvalContext } from '../../runtime/index.js';
import { encodeUtf8 } from '../../util/utf8.js';
import type { Evaluator } from './env.js';
import { lookupMapKey, nthElement } from './index-expr.js';

export const identity: Evaluator = (self) => self;

/** `rec.name` for values of any type: records by field, maps by string key, type values by field type. */
export function makeDot(ectx: EvalContext, rec: Evaluator, name: string): Evaluator {
  const positions = new Map<Type, number>();
  const key = new Value(TypeString, encodeUtf8(name));
  const missing = ectx.errors.missing();
  return (self) => {
    let v = rec(self);
    let t = v.type;
    if (t.kind === 'named' || t.kind === 'union') {
      v = under(v);
      t = v.type;
    }
    if (t.kind === 'record') {
      let i = positions.get(t);
      if (i === undefined) {
        i = t.indexOf(name);
        positions.set(t, i);
      }
      if (i < 0) return missing;
      const ft = t.fields[i]!.type;
      return new Value(ft, v.bytes === null ? null : nthElement(v.bytes, i));
    }
    if (t.kind === 'map') return lookupMapKey(ectx, t, v.bytes, key);
    if (t.kind === 'primitive' && t.id === ID.type && v.bytes !== null) {
      const inner = underlying(ectx.zctx.decodeTypeValue(v.bytes));
      if (inner.kind === 'record') {
        const i = (inner as RecordType).indexOf(name);
        if (i >= 0) return typeValue(ectx.zctx, inner.fields[i]!.type);
      }
    }
    return missing;
  };
}

/** `this.p[0].p[1]...` */
export function makePath(ectx: EvalContext, path: readonly string[]): Evaluator {
  let ev = identity;
  for (const name of path) ev = makeDot(ectx, ev, name);
  return ev;
}
