// map(v, f): f applied to each element of array or set v (Zed's MapCall in
// runtime/sam/expr/map.go). f is a function name, not a value, so the call
// site compiles it and hands it over as MakeHooks.apply. Results of several
// types make a union-typed array; set results are normalized.

import { InvalidError } from '../../errors/index.js';
import { Builder, Value, readElement, underlying, type Type } from '../../zed/index.js';
import type { EvalContext } from '../expr/context.js';
import type { FunctionDef, MakeHooks, ZedFunction } from './registry.js';
import { appendNormalizedSet, appendUnion, unifyTypes } from './values.js';

const el = { start: 0, end: 0 };

/**
 * The map() evaluation for one call site. `args` are [container, this]:
 * Zed reports a non-container by wrapping `this`, the call's input.
 */
export function makeMap(ectx: EvalContext, apply: (v: Value) => Value): ZedFunction {
  const b = new Builder(256);
  const elems = new Builder(256);
  const vals: Value[] = [];
  const types: Type[] = [];
  return (args) => {
    const v = args[0]!;
    if (v.isError()) return v;
    const u = underlying(v.type);
    if (u.kind !== 'array' && u.kind !== 'set') return ectx.errors.wrap('not an array or set', args[1] ?? v);
    const body = v.bytes;
    if (body === null || body.length === 0) return v;
    vals.length = 0;
    types.length = 0;
    for (let off = 0; off < body.length; ) {
      off = readElement(body, off, body.length, el);
      const r = apply(new Value(u.elem, el.start < 0 ? null : body.slice(el.start, el.end)));
      vals.push(r);
      types.push(r.type);
    }
    const inner = unifyTypes(ectx.zctx, types)!;
    const union = inner.kind === 'union' && types.some((t) => t !== inner) ? inner : null;
    elems.reset();
    for (const r of vals) {
      if (union !== null) appendUnion(elems, union.selectorOf(r.type), r.bytes);
      else elems.append(r.bytes);
    }
    if (u.kind === 'set') {
      b.reset();
      appendNormalizedSet(b, elems.buf, 0, elems.len);
      return new Value(ectx.zctx.lookupSet(inner), b.bytes());
    }
    return new Value(ectx.zctx.lookupArray(inner), elems.bytes());
  };
}

export const mapFunctions: readonly FunctionDef[] = [
  {
    name: 'map',
    minArgs: 2,
    maxArgs: 2,
    functionArgs: [1],
    // The call site passes the container and then this (see makeMap).
    implicitThis: { path: [], position: 'last' },
    make(ectx: EvalContext, hooks?: MakeHooks) {
      if (hooks?.apply === undefined) throw new InvalidError('second argument must be the identifier of a function');
      return makeMap(ectx, hooks.apply);
    },
  },
];
