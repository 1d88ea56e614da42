// Casts to primitive types and to type names (runtime/sam/expr/cast.go and
// the primitive path of ConstShaper in shaper.go at v1.18.0): int8(x),
// string(x), cast(x, <ip>), cast(x, "name"). Failures are error values
// error({message:"cannot cast to <type>",on:<value>}). Casts to complex types
// (records, arrays, unions, ...) are the shaper's (function/shape.ts).

import { ParseError, ZedError } from '../../errors/index.js';
import { decodeUtf8, decodeUtf8Strict, encodeUtf8 } from '../../util/utf8.js';
import { ZsonFormatter, parseDuration, parseZsonValue } from '../../zson/index.js';
import {
  ID,
  TypeBool,
  TypeBytes,
  TypeDuration,
  TypeFloat16,
  TypeFloat32,
  TypeFloat64,
  TypeIP,
  TypeNet,
  TypeString,
  TypeTime,
  Value,
  encodeBool,
  encodeFloat16,
  encodeFloat32,
  encodeFloat64,
  encodeInt,
  encodeUint,
  lookupPrimitive,
  parseIP,
  parseNet,
  underlying,
  type PrimitiveType,
  type Type,
} from '../../zed/index.js';
import { parseDateAny } from '../function/date-parse.js';
import { parseGoFloat } from '../../util/strconv.js';
import { floatToInt64, isFloatId, isNumberId, toBool, toFloat, toInt, toUint, under } from './coerce.js';
import type { EvalContext } from './context.js';

/** Casts one (non-null, non-error) value; returns the result or an error value. */
export type Caster = (v: Value) => Value;

const INT_RANGE: Readonly<Record<number, readonly [bigint, bigint]>> = {
  [ID.int8]: [-(1n << 7n), (1n << 7n) - 1n],
  [ID.int16]: [-(1n << 15n), (1n << 15n) - 1n],
  [ID.int32]: [-(1n << 31n), (1n << 31n) - 1n],
  [ID.uint8]: [0n, (1n << 8n) - 1n],
  [ID.uint16]: [0n, (1n << 16n) - 1n],
  [ID.uint32]: [0n, (1n << 32n) - 1n],
};

function stringOf(v: Value): string | null {
  return underlying(v.type) === TypeString && v.bytes !== null ? decodeUtf8(v.bytes) : null;
}

function integerCaster(ectx: EvalContext, t: PrimitiveType): Caster {
  const msg = `cannot cast to ${t.name}`;
  const range = INT_RANGE[t.id];
  const unsigned = t.id <= ID.uint64;
  return (v) => {
    const n = unsigned ? toUint(v) : toInt(v);
    if (n === null || (range !== undefined && (n < range[0] || n > range[1]))) return ectx.errors.wrap(msg, v);
    return new Value(t, unsigned ? encodeUint(n) : encodeInt(n));
  };
}

function floatCaster(ectx: EvalContext, t: PrimitiveType): Caster {
  const msg = `cannot cast to ${t.name}`;
  const encode = t.id === ID.float16 ? encodeFloat16 : t.id === ID.float32 ? encodeFloat32 : encodeFloat64;
  return (v) => {
    const f = toFloat(v);
    return f === null ? ectx.errors.wrap(msg, v) : new Value(t, encode(f));
  };
}

function durationCaster(ectx: EvalContext): Caster {
  return (v) => {
    const id = underlying(v.type).id;
    if (id === ID.duration) return v;
    if (id === ID.string) {
      const s = stringOf(v) ?? '';
      let d = parseDuration(s);
      if (d === null) {
        const f = parseGoFloat(s);
        if (f === undefined) return ectx.errors.wrap('cannot cast to duration', v);
        d = floatToInt64(f);
      }
      return new Value(TypeDuration, encodeInt(d));
    }
    const n = toInt(v);
    return n === null ? ectx.errors.wrap('cannot cast to duration', v) : new Value(TypeDuration, encodeInt(n));
  };
}

function timeCaster(ectx: EvalContext): Caster {
  return (v) => {
    const id = underlying(v.type).id;
    if (id === ID.time) return v;
    if (id === ID.string) {
      const s = stringOf(v) ?? '';
      let ns = parseDateAny(s);
      if (ns === null) {
        const f = parseGoFloat(s);
        if (f === undefined) return ectx.errors.wrap('cannot cast to time', v);
        ns = floatToInt64(f);
      }
      return new Value(TypeTime, encodeInt(BigInt.asIntN(64, ns)));
    }
    if (isNumberId(id)) {
      const n = toInt(v);
      if (n === null) return ectx.errors.wrap('cannot cast to time: coerce to int failed', v);
      return new Value(TypeTime, encodeInt(n));
    }
    return ectx.errors.wrap('cannot cast to time', v);
  };
}

function stringCaster(ectx: EvalContext): Caster {
  const formatter = new ZsonFormatter();
  return (v) => {
    const t = v.type;
    const id = underlying(t).id;
    const b = v.bytes;
    if (id === ID.bytes && b !== null) {
      try {
        decodeUtf8Strict(b);
      } catch {
        return ectx.errors.wrap('cannot cast to string: invalid UTF-8', v);
      }
      return new Value(TypeString, b);
    }
    // Zed converts only an enum type itself (not a named enum) to its symbol.
    if (t.kind === 'enum' && b !== null) {
      const i = b.length <= 6 ? b.reduceRight((n, x) => n * 256 + x, 0) : Number.MAX_SAFE_INTEGER;
      const sym = t.symbols[i];
      if (sym === undefined) return ectx.errors.message(`enum index out of range: ${i}`);
      return new Value(TypeString, encodeUtf8(sym));
    }
    if (id === ID.string) return new Value(TypeString, b);
    return new Value(TypeString, encodeUtf8(formatter.format(v)));
  };
}

function typeCaster(ectx: EvalContext): Caster {
  return (v) => {
    const id = underlying(v.type).id;
    if (id === ID.type) return v;
    const s = id === ID.string ? stringOf(v) : null;
    if (s === null) return ectx.errors.wrap('cannot cast to type', v);
    let tv: Value;
    try {
      tv = parseZsonValue(s, ectx.zctx);
    } catch (e) {
      if (e instanceof ParseError) return ectx.errors.wrap(e.reason, v);
      if (e instanceof ZedError) return ectx.errors.wrap(e.message, v);
      throw e;
    }
    return tv.type.id === ID.type ? tv : ectx.errors.wrap('cannot cast to type', v);
  };
}

/**
 * Zed's LookupPrimitiveCaster: the caster to primitive type `t`, or null
 * for type null (and types Zed cannot cast to).
 */
export function lookupPrimitiveCaster(ectx: EvalContext, t: PrimitiveType): Caster | null {
  const id = t.id;
  if (id <= ID.int64) return id === ID.uint128 || id === ID.uint256 ? null : integerCaster(ectx, t);
  if (isFloatId(id)) return floatCaster(ectx, t);
  switch (id) {
    case ID.bool:
      return (v) => {
        const b = toBool(v);
        return b === null ? ectx.errors.wrap('cannot cast to bool', v) : new Value(TypeBool, encodeBool(b));
      };
    case ID.ip:
      return (v) => {
        if (underlying(v.type).id === ID.ip) return v;
        const s = stringOf(v);
        const ip = s === null ? null : parseIP(s);
        return ip === null ? ectx.errors.wrap('cannot cast to ip', v) : new Value(TypeIP, ip);
      };
    case ID.net:
      return (v) => {
        if (underlying(v.type).id === ID.net) return v;
        const s = stringOf(v);
        const net = s === null ? null : parseNet(s);
        return net === null ? ectx.errors.wrap('cannot cast to net', v) : new Value(TypeNet, net);
      };
    case ID.duration:
      return durationCaster(ectx);
    case ID.time:
      return timeCaster(ectx);
    case ID.string:
      return stringCaster(ectx);
    case ID.bytes:
      return (v) => new Value(TypeBytes, v.bytes);
    case ID.type:
      return typeCaster(ectx);
  }
  return null;
}

/**
 * A cast to the primitive type `to` (or a named type over one), as Zed's
 * ConstShaper applies it: errors pass through, a null becomes a null of
 * `to`, a value whose underlying type already matches is retyped, a union
 * is cast by its member, and the result keeps `to` (with its name) when the
 * cast succeeds. Returns null when `to` is not a castable primitive.
 */
export function makePrimitiveCast(ectx: EvalContext, to: Type): ((v: Value) => Value) | null {
  const u = underlying(to);
  if (u.kind !== 'primitive') return null;
  const caster = lookupPrimitiveCaster(ectx, u);
  if (caster === null) return null;
  return (v) => {
    if (v.isError()) return v;
    if (v.bytes === null) return new Value(to, null);
    if (underlying(v.type).id === u.id) return v.type === to ? v : new Value(to, v.bytes);
    if (underlying(v.type).kind === 'union') {
      v = under(v);
      if (v.bytes === null || underlying(v.type).id === u.id) return new Value(to, v.bytes);
    }
    const r = caster(v);
    return r.type !== to && underlying(r.type) === u ? new Value(to, r.bytes) : r;
  };
}

/** int64(x), string(x), ...: the cast a call of a primitive type's name makes. */
export function castToPrimitive(ectx: EvalContext, v: Value, to: Type): Value {
  const cast = makePrimitiveCast(ectx, to);
  if (cast === null) return ectx.errors.message(`cast to ${to.kind === 'primitive' ? to.name : 'type'} not implemented`);
  return cast(v);
}

/**
 * cast(v, "name") (Zed's casterNamedType): `v` retyped as the named type
 * `name` over its underlying type; errors pass through.
 */
export function castToName(ectx: EvalContext, v: Value, name: string): Value {
  if (v.isError()) return v;
  if (lookupPrimitive(name) !== undefined) return ectx.errors.message(`bad type name ${JSON.stringify(name)}: primitive type name`);
  let t: Type;
  try {
    t = ectx.zctx.lookupNamed(name, underlying(v.type));
  } catch (e) {
    return ectx.errors.message(e instanceof Error ? e.message : String(e));
  }
  return new Value(t, v.bytes);
}
