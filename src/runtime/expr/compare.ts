// Comparison, containment and logic on values as Zed's runtime does them
// (Equal, Compare, In, And, Or, Not in runtime/sam/expr/eval.go): == and !=
// coerce numbers, relational operators are false across unlike types, `in`
// searches a container's whole tree, and and/or/not need bools.

import { compareBytes } from '../../util/utf8.js';
import {
  ID,
  TypeBool,
  Value,
  compareBodies,
  encodeBool,
  readElement,
  underlying,
  type Type,
} from '../../zed/index.js';
import {
  bodyAsFloat,
  bodyAsInt,
  bodyAsUint,
  coerceEqual,
  enumToIndex,
  equalBodies,
  isFloatId,
  isNumberId,
  isUnsignedId,
  untag,
  under,
} from './coerce.js';

const MAX_INT64 = (1n << 63n) - 1n;
import type { EvalContext } from './context.js';
import { isMissing } from './errors.js';

export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

export const TRUE = new Value(TypeBool, encodeBool(true));
export const FALSE = new Value(TypeBool, encodeBool(false));

export function boolValue(b: boolean): Value {
  return b ? TRUE : FALSE;
}

function holds(op: CompareOp, c: number): boolean {
  switch (op) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
    case '==':
      return c === 0;
    case '!=':
      return c !== 0;
  }
}

/**
 * The relational operators (Zed's Compare). Operands are Under'd (names
 * dropped, unions untagged). Two nulls compare equal; a null against a
 * non-null is false for every operator. Numbers of any types (durations and
 * times included) compare numerically; other unlike types are false;
 * strings and bytes compare bytewise; other types only know equality (equal
 * bodies compare as 0, anything else is false).
 *
 * Deviations, both bugs in Zed v1.18.0's eval.go: Zed compares a string
 * with itself (so "a" < "b" is false) where the documentation promises
 * "b" > "a" is true, which is what this does; and Zed makes false <= false
 * false, where this treats equal bools as equal.
 */
export function compareRelative(op: CompareOp, a: Value, b: Value): Value {
  if (a.isError()) return a;
  if (b.isError()) return b;
  a = under(a);
  b = under(b);
  const x = a.bytes;
  const y = b.bytes;
  if (x === null) return y === null ? boolValue(holds(op, 0)) : FALSE;
  if (y === null) return FALSE;
  const ida = a.type.id;
  const idb = b.type.id;
  if (isNumberId(ida) && isNumberId(idb)) return boolValue(holds(op, compareBodies(a.type, x, b.type, y, true)));
  if (ida !== idb) return FALSE;
  switch (a.type.kind === 'primitive' ? a.type.name : '') {
    case 'string':
    case 'bytes':
      return boolValue(holds(op, Math.sign(compareBytes(x, y))));
  }
  return compareBytes(x, y) === 0 ? boolValue(holds(op, 0)) : FALSE;
}

/** == and != (Zed's Equal): errors pass through, enums count as their index. */
export function compareEquality(op: '==' | '!=', a: Value, b: Value): Value {
  if (a.isError()) return a;
  if (b.isError()) return b;
  const eq = coerceEqual(enumToIndex(a), enumToIndex(b));
  return boolValue(op === '==' ? eq : !eq);
}

/** Any comparison operator. */
export function compare(op: CompareOp, a: Value, b: Value): Value {
  return op === '==' || op === '!=' ? compareEquality(op, a, b) : compareRelative(op, a, b);
}

export type Visitor = (t: Type, body: Uint8Array | null) => boolean;

const elw = { start: 0, end: 0 };

function sub(body: Uint8Array, e: { start: number; end: number }): Uint8Array | null {
  return e.start < 0 ? null : body.subarray(e.start, e.end);
}

/**
 * Zed's Walk: calls `visit` on the value and then, depth first, on every
 * value inside it (record fields, array/set elements, map keys and values,
 * a union's member, an error's payload, a named type's value). Stops and
 * returns true as soon as `visit` returns true.
 */
export function walkValue(t: Type, body: Uint8Array | null, visit: Visitor): boolean {
  if (visit(t, body)) return true;
  if (body === null) return false;
  switch (t.kind) {
    case 'named':
      return walkValue(t.type, body, visit);
    case 'error':
      return walkValue(t.type, body, visit);
    case 'union': {
      const m = untag(t, body);
      return walkValue(m.type, m.bytes, visit);
    }
    case 'record': {
      let off = 0;
      for (const f of t.fields) {
        if (off >= body.length) return false;
        off = readElement(body, off, body.length, elw);
        if (walkValue(f.type, sub(body, elw), visit)) return true;
      }
      return false;
    }
    case 'array':
    case 'set': {
      const inner = t.kind === 'set' ? underlying(t.elem) : t.elem;
      for (let off = 0; off < body.length; ) {
        off = readElement(body, off, body.length, elw);
        if (walkValue(inner, sub(body, elw), visit)) return true;
      }
      return false;
    }
    case 'map': {
      const kt = underlying(t.key);
      const vt = underlying(t.value);
      for (let off = 0; off < body.length; ) {
        off = readElement(body, off, body.length, elw);
        if (walkValue(kt, sub(body, elw), visit)) return true;
        off = readElement(body, off, body.length, elw);
        if (walkValue(vt, sub(body, elw), visit)) return true;
      }
      return false;
    }
  }
  return false;
}

/**
 * `elem in container` (Zed's In): true when elem equals (coercing numbers)
 * the container or any value anywhere inside it; errors pass through. The
 * returned function reuses one visitor, so a call allocates nothing.
 */
export function makeIn(): (elem: Value, container: Value) => Value {
  let et: Type = TypeBool;
  let eb: Uint8Array | null = null;
  const visit: Visitor = (t, b) => equalBodies(et, eb, t, b);
  return (elem, container) => {
    if (elem.isError()) return elem;
    if (container.isError()) return container;
    et = elem.type;
    eb = elem.bytes;
    return boolValue(walkValue(container.type, container.bytes, visit));
  };
}

/**
 * `v in container` for a constant container, as a test of v (not an
 * error): whether `in` yields true, as makeIn does for it.
 */
export function inPredicate(container: Value): Predicate {
  const inFn = makeIn();
  return (v) => inFn(v, container) === TRUE;
}

/** The test of a value against a constant that a filter's leaf makes: a comparison (literalPredicate) or `in`. */
export function leafPredicate(op: CompareOp | 'in', literal: Value): Predicate | null {
  return op === 'in' ? inPredicate(literal) : literalPredicate(op, literal);
}

/** `elem in container` for one-off use (see makeIn). */
export function inContainer(elem: Value, container: Value): Value {
  return makeIn()(elem, container);
}

/** A test of one value against a constant (Zed's Boolean). */
export type Predicate = (v: Value) => boolean;

function relate(op: CompareOp, c: number): boolean {
  return holds(op, c < 0 ? -1 : c > 0 ? 1 : 0);
}

/** Go's float operators, so NaN compares false except with !=. */
function relateFloat(op: CompareOp, a: number, b: number): boolean {
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

/** netip.Addr.Compare: null (invalid) < IPv4 < IPv6, then by address. */
function compareAddrs(a: Uint8Array | null, b: Uint8Array | null): number {
  const la = a === null ? 0 : a.length;
  const lb = b === null ? 0 : b.length;
  if (la !== lb) return la < lb ? -1 : 1;
  return a === null || b === null ? 0 : compareBytes(a, b);
}

/**
 * Zed's Comparison (runtime/sam/expr/boolean.go): the predicate `v op
 * literal` that Zed compiles when the right operand is a constant of type
 * null (== and != only), ip, bool, float64, string, bytes, type, int64,
 * time or duration; null for other constants (the caller then uses
 * compare()). These predicates differ from compare(): a value of another
 * kind is simply false, and a null number reads as 0 (so null(int64) < 1).
 */
export function literalPredicate(op: CompareOp, literal: Value): Predicate | null {
  const lt = underlying(literal.type);
  if (lt.kind !== 'primitive') return null;
  const lb = literal.bytes;
  switch (lt.id) {
    case ID.null:
      if (op === '==') return (v) => v.bytes === null;
      if (op === '!=') return (v) => v.bytes !== null;
      return null;
    case ID.ip:
      return (v) => underlying(v.type).id === ID.ip && relate(op, compareAddrs(v.bytes, lb));
    case ID.bool: {
      const p = lb !== null && lb.length > 0 && lb[0] !== 0;
      return (v) => underlying(v.type).id === ID.bool && relate(op, Number(v.asBool()) - Number(p));
    }
    case ID.string:
    case ID.bytes:
    case ID.type: {
      const pb = lb ?? new Uint8Array(0);
      const ok = lt.id === ID.string ? (id: number) => id === ID.string : (id: number) => id === ID.bytes || id === ID.type;
      return (v) => ok(underlying(v.type).id) && relate(op, compareBytes(v.bytes ?? pb.subarray(0, 0), pb));
    }
    case ID.float64: {
      const p = bodyAsFloat(ID.float64, lb);
      return (v) => {
        const id = underlying(v.type).id;
        return isNumberId(id) && relateFloat(op, bodyAsFloat(id, v.bytes), p);
      };
    }
    case ID.int64:
    case ID.time:
    case ID.duration: {
      const p = bodyAsInt(lt.id, lb);
      return (v) => {
        const id = underlying(v.type).id;
        if (!isNumberId(id)) return false;
        if (isFloatId(id)) return relateFloat(op, bodyAsFloat(id, v.bytes), Number(p));
        if (isUnsignedId(id)) {
          const x = bodyAsUint(id, v.bytes);
          return x <= MAX_INT64 && relate(op, x < p ? -1 : x > p ? 1 : 0);
        }
        const x = bodyAsInt(id, v.bytes);
        return relate(op, x < p ? -1 : x > p ? 1 : 0);
      };
    }
  }
  return null;
}

/**
 * `e op literal` as Zed compiles it for a constant right operand (kernel
 * compileConstCompare): errors pass through, otherwise literalPredicate's
 * answer. Null when the constant's type has no predicate.
 */
export function makeConstCompare(op: CompareOp, literal: Value): ((v: Value) => Value) | null {
  if (literal.isError()) return null;
  const p = literalPredicate(op, literal);
  if (p === null) return null;
  return (v) => (v.isError() ? v : boolValue(p(v)));
}

/**
 * `literal in e` for a constant left operand (kernel compileConstIn): true
 * when literalPredicate("==") holds anywhere in e; errors pass through.
 */
export function makeConstIn(literal: Value): ((container: Value) => Value) | null {
  if (literal.isError()) return null;
  const p = literalPredicate('==', literal);
  if (p === null) return null;
  // One Value per visited node; walkValue hands out (type, body) pairs.
  const visit: Visitor = (t, b) => p(new Value(t, b));
  return (c) => (c.isError() ? c : boolValue(walkValue(c.type, c.bytes, visit)));
}

/**
 * Zed's EvalBool: a bool (under any name) as is, an error as is, anything
 * else error({message:"not type bool",on:v}).
 */
export function asBool(ectx: EvalContext, v: Value): Value {
  if (underlying(v.type) === TypeBool || v.isError()) return v;
  return ectx.errors.wrap('not type bool', v);
}

function isBool(v: Value): boolean {
  return underlying(v.type) === TypeBool;
}

/** `!v` and `not v`. */
export function logicalNot(ectx: EvalContext, v: Value): Value {
  const b = asBool(ectx, v);
  if (!isBool(b)) return b;
  return b.asBool() ? FALSE : TRUE;
}

/**
 * `lhs and rhs`, evaluating rhs only when needed: false if either is false,
 * the first error (or non-bool error) met otherwise.
 */
export function makeLogicalAnd<T>(ectx: EvalContext, lhs: (x: T) => Value, rhs: (x: T) => Value): (x: T) => Value {
  return (x) => {
    const l = asBool(ectx, lhs(x));
    if (!isBool(l)) return l;
    if (!l.asBool()) return FALSE;
    const r = asBool(ectx, rhs(x));
    if (!isBool(r)) return r;
    return r.asBool() ? TRUE : FALSE;
  };
}

/**
 * `lhs or rhs` (Zed's Or): true if lhs is true; a left error other than
 * error("missing") is the result; otherwise the result is rhs as a bool (so
 * `missing or false` is false) or rhs's error.
 */
export function makeLogicalOr<T>(ectx: EvalContext, lhs: (x: T) => Value, rhs: (x: T) => Value): (x: T) => Value {
  return (x) => {
    const l = asBool(ectx, lhs(x));
    const lb = isBool(l);
    if (lb && l.asBool()) return TRUE;
    if (!lb && !isMissing(l)) return l;
    const r = asBool(ectx, rhs(x));
    if (!isBool(r)) return r;
    return r.asBool() ? TRUE : FALSE;
  };
}

/** Value-level `a and b` for callers that have both operands already. */
export function logicalAnd(ectx: EvalContext, a: Value, b: Value): Value {
  const l = asBool(ectx, a);
  if (!isBool(l)) return l;
  if (!l.asBool()) return FALSE;
  const r = asBool(ectx, b);
  if (!isBool(r)) return r;
  return r.asBool() ? TRUE : FALSE;
}

/** Value-level `a or b`. */
export function logicalOr(ectx: EvalContext, a: Value, b: Value): Value {
  const l = asBool(ectx, a);
  const lb = isBool(l);
  if (lb && l.asBool()) return TRUE;
  if (!lb && !isMissing(l)) return l;
  const r = asBool(ectx, b);
  if (!isBool(r)) return r;
  return r.asBool() ? TRUE : FALSE;
}
