// The shaping functions cast, crop, fill, fit, order and shape (Zed's Shaper
// and ConstShaper in runtime/sam/expr/shaper.go; docs/language/shaping.md).
// For each input type a shaper computes the output type once (shaperType)
// and a tree of steps (copy, cast a leaf, tag or untag a union, fill a null,
// rebuild an array, set or record), then runs the steps per value.

import { decodeUtf8 } from '../../util/utf8.js';
import { formatType } from '../../zson/index.js';
import {
  Builder,
  ID,
  TypeNull,
  Value,
  decodeIntNumber,
  readElement,
  underlying,
  type Field,
  type PrimitiveType,
  type RecordType,
  type Type,
  type TypeContext,
} from '../../zed/index.js';
import { castToName, lookupPrimitiveCaster, makePrimitiveCast, type Caster } from '../expr/cast.js';
import type { EvalContext } from '../expr/context.js';
import type { FunctionDef } from './registry.js';
import { typeOfTypeValue } from './types.js';
import { appendNormalizedSet, appendUnion, innerType, unifyTypes } from './values.js';

export const CAST = 1;
export const CROP = 2;
export const FILL = 4;
export const ORDER = 8;

/** A reason shaping cannot be done for an input type; becomes error("<message>"). */
class ShapeError extends Error {}

function isContainer(t: Type): boolean {
  const k = underlying(t).kind;
  return k === 'record' || k === 'array' || k === 'set' || k === 'map' || k === 'union';
}

function sameFields(a: readonly Field[], b: readonly Field[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.name !== b[i]!.name || a[i]!.type !== b[i]!.type) return false;
  return true;
}

function typeOfField(r: RecordType, name: string): Type | undefined {
  const i = r.indexOf(name);
  return i < 0 ? undefined : r.fields[i]!.type;
}

/** Zed's bestUnionTag: the member of union `out` that `in` fits best, or -1. */
function bestUnionTag(inT: Type, out: Type): number {
  const u = underlying(out);
  if (u.kind !== 'union') return -1;
  const inU = underlying(inT);
  let under = -1;
  let compatible = -1;
  for (let i = 0; i < u.types.length; i++) {
    const t = u.types[i]!;
    if (t === inT) return i;
    if (t === inU && under < 0) under = i;
    if (underlying(t) === inU && compatible < 0) compatible = i;
  }
  return under >= 0 ? under : compatible;
}

/** A primitive type Zed has a caster for (LookupPrimitiveCaster is not nil). */
function castable(t: Type): boolean {
  const u = underlying(t);
  return u.kind === 'primitive' && u !== TypeNull;
}

/** Zed's shaperType: the type shaping a value of type `inT` toward `outT` yields. */
function shaperType(zctx: TypeContext, tf: number, inT: Type, outT: Type): Type {
  const inU = underlying(inT);
  const outU = underlying(outT);
  if (tf & CAST) {
    if (inU === outU || inU === TypeNull) return outT;
    if (outU.kind === 'map') throw new ShapeError('cannot yet use maps in shaping functions (issue #2894)');
    if (!isContainer(inU) && !isContainer(outU)) {
      if (!castable(outU)) throw new ShapeError(`cast to ${formatType(outT)} not implemented`);
      return outT;
    }
    if (inU.kind === 'union') {
      for (const t of inU.types) {
        try {
          shaperType(zctx, tf, t, outT);
        } catch (e) {
          if (!(e instanceof ShapeError)) throw e;
          const q = (t: Type) => JSON.stringify(formatType(t));
          throw new ShapeError(`cannot cast union ${q(inU)} to ${q(outT)} due to ${q(t)}`);
        }
      }
      return outT;
    }
    if (bestUnionTag(inT, outU) > -1) return outT;
  } else if (inU === outU) {
    return inT;
  }
  if (inU.kind === 'record' && outU.kind === 'record') {
    const fields = shaperFields(zctx, tf, inU, outU);
    if (tf & CAST) {
      if (sameFields(fields, outU.fields)) return outT;
    } else if (sameFields(fields, inU.fields)) {
      return inT;
    }
    return zctx.lookupRecord(fields);
  }
  const inInner = innerType(inU);
  const outInner = innerType(outU);
  if (inInner !== null && outInner !== null && (tf & CAST || (inU.kind === 'array') === (outU.kind === 'array'))) {
    const t = shaperType(zctx, tf, inInner, outInner);
    if (tf & CAST) {
      if (t === outInner) return outT;
    } else if (t === inInner) {
      return inT;
    }
    return outU.kind === 'array' ? zctx.lookupArray(t) : zctx.lookupSet(t);
  }
  return inT;
}

/** Zed's shaperFields: the output fields of a record shaped toward another. */
function shaperFields(zctx: TypeContext, tf: number, inR: RecordType, outR: RecordType): Field[] {
  let crop = (tf & CROP) !== 0;
  let fill = (tf & FILL) !== 0;
  const ordered = (tf & ORDER) !== 0;
  if (!ordered) {
    // Without order the input's field order rules: walk the input's fields.
    [crop, fill] = [!fill, !crop];
    [inR, outR] = [outR, inR];
  }
  const fields: Field[] = [];
  for (const of of outR.fields) {
    const it = typeOfField(inR, of.name);
    if (it !== undefined) {
      const t = ordered ? shaperType(zctx, tf, it, of.type) : shaperType(zctx, tf, of.type, it);
      fields.push({ name: of.name, type: t });
    } else if (fill) {
      fields.push(of);
    }
  }
  if (!crop) {
    let extra = inR.fields;
    // Order appends the fields the type lacks in lexicographic order.
    if (ordered) extra = extra.slice().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const f of extra) if (outR.indexOf(f.name) < 0) fields.push(f);
  }
  return fields;
}

const enum Op {
  Copy,
  CastPrimitive,
  CastFromUnion,
  CastToUnion,
  Null,
  Array,
  Set,
  Record,
}

interface Step {
  readonly op: Op;
  readonly toType: Type;
  readonly caster?: Caster;
  readonly fromType?: Type;
  readonly toTag?: number;
  /** Field index in the input record, for children of a record step. */
  fromIndex: number;
  readonly children?: readonly Step[];
  // Scratch space reused across values: a step is never active twice at
  // once, since a type cannot contain itself.
  readonly starts: number[];
  readonly ends: number[];
  readonly types: Type[];
  scratch: Builder | null;
  tagged: Builder | null;
}

function step(op: Op, toType: Type, extra: Partial<Step> = {}): Step {
  return { op, toType, fromIndex: 0, starts: [], ends: [], types: [], scratch: null, tagged: null, ...extra };
}

/** Zed's newStep: how to turn a value of type `inT` into one of type `outT`. */
function newStep(ectx: EvalContext, inT: Type, outT: Type): Step {
  const inU = underlying(inT);
  const outU = underlying(outT);
  if (inU === TypeNull) return step(Op.Null, outT);
  if (inU.id === outU.id) return step(Op.Copy, outT);
  if (inU.kind === 'record' && outU.kind === 'record') {
    const children: Step[] = [];
    for (const of of outU.fields) {
      const i = inU.indexOf(of.name);
      if (i < 0) {
        children.push(step(Op.Null, of.type));
        continue;
      }
      const child = newStep(ectx, inU.fields[i]!.type, of.type);
      child.fromIndex = i;
      children.push(child);
    }
    return step(Op.Record, outT, { children });
  }
  if (!isContainer(inU) && !isContainer(outU)) {
    const caster = outU.kind === 'primitive' ? lookupPrimitiveCaster(ectx, outU) : null;
    if (caster === null) throw new ShapeError(`cast to ${formatType(outT)} not implemented`);
    return step(Op.CastPrimitive, outT, { caster, fromType: inT });
  }
  const inInner = innerType(inU);
  if (inInner !== null && (outU.kind === 'array' || outU.kind === 'set')) {
    const child = newStep(ectx, inInner, outU.elem);
    return step(outU.kind === 'array' ? Op.Array : Op.Set, outT, { children: [child] });
  }
  if (inU.kind === 'union') {
    try {
      return step(Op.CastFromUnion, outT, { children: inU.types.map((t) => newStep(ectx, t, outT)) });
    } catch (e) {
      if (!(e instanceof ShapeError)) throw e;
    }
  }
  const tag = bestUnionTag(inT, outT);
  if (tag >= 0) return step(Op.CastToUnion, outT, { fromType: inT, toTag: tag });
  throw new ShapeError(`createStep: incompatible types ${formatType(inT)} and ${formatType(outT)}`);
}

const el = { start: 0, end: 0 };

/** Runs `s` on body `inb`, appending one element to `b`; returns the element's type. */
function build(zctx: TypeContext, s: Step, inb: Uint8Array | null, b: Builder): Type {
  if (inb === null || s.op === Op.Copy) {
    b.append(inb);
    return s.toType;
  }
  switch (s.op) {
    case Op.CastPrimitive: {
      const v = s.caster!(new Value(s.fromType!, inb));
      b.append(v.bytes);
      return underlying(v.type) === underlying(s.toType) ? s.toType : v.type;
    }
    case Op.CastFromUnion: {
      let off = readElement(inb, 0, inb.length, el);
      const tag = el.start < 0 ? 0 : decodeIntNumber(inb, el.start, el.end);
      off = readElement(inb, off, inb.length, el);
      return build(zctx, s.children![tag]!, el.start < 0 ? null : inb.subarray(el.start, el.end), b);
    }
    case Op.CastToUnion:
      appendUnion(b, s.toTag!, inb);
      return s.toType;
    case Op.Array:
    case Op.Set:
      return buildArrayOrSet(zctx, s, inb, b);
    case Op.Record:
      return buildRecord(zctx, s, inb, b);
    default:
      b.append(null);
      return s.toType;
  }
}

function buildArrayOrSet(zctx: TypeContext, s: Step, inb: Uint8Array, b: Builder): Type {
  const child = s.children![0]!;
  const scratch = (s.scratch ??= new Builder(inb.length + 16));
  scratch.reset();
  const types = s.types;
  const ends = s.ends;
  types.length = 0;
  ends.length = 0;
  for (let off = 0; off < inb.length; ) {
    off = readElement(inb, off, inb.length, el);
    types.push(build(zctx, child, el.start < 0 ? null : inb.subarray(el.start, el.end), scratch));
    ends.push(scratch.len);
  }
  const inner = unifyTypes(zctx, types);
  let elems = scratch;
  if (inner !== null && inner.kind === 'union' && types.some((t) => t !== inner)) {
    // Several element types: tag each element with its member of the union.
    elems = s.tagged ??= new Builder(scratch.len + 16);
    elems.reset();
    for (let i = 0, off = 0; i < types.length; i++) {
      readElement(scratch.buf, off, ends[i]!, el);
      appendUnion(elems, inner.selectorOf(types[i]!), el.start < 0 ? null : scratch.buf.subarray(el.start, el.end));
      off = ends[i]!;
    }
  }
  b.beginContainer();
  if (s.op === Op.Set) {
    appendNormalizedSet(b, elems.buf, 0, elems.len);
  } else {
    for (let off = 0; off < elems.len; ) {
      off = readElement(elems.buf, off, elems.len, el);
      b.appendRange(elems.buf, el.start, el.end);
    }
  }
  b.endContainer();
  if (inner === null) return s.toType;
  // Prefer the target type (which may be named) when the element type fits it.
  if (underlying(inner) === underlying(innerType(s.toType)!)) return s.toType;
  return s.op === Op.Set ? zctx.lookupSet(inner) : zctx.lookupArray(inner);
}

function buildRecord(zctx: TypeContext, s: Step, inb: Uint8Array, b: Builder): Type {
  const starts = s.starts;
  const ends = s.ends;
  starts.length = 0;
  ends.length = 0;
  for (let off = 0; off < inb.length; ) {
    off = readElement(inb, off, inb.length, el);
    starts.push(el.start);
    ends.push(el.end);
  }
  const children = s.children!;
  const types = s.types;
  types.length = children.length;
  let fresh = false;
  b.beginContainer();
  for (let i = 0; i < children.length; i++) {
    const c = children[i]!;
    if (c.op === Op.Null) {
      b.append(null);
      types[i] = c.toType;
      continue;
    }
    const st = starts[c.fromIndex] ?? -1;
    const t = build(zctx, c, st < 0 ? null : inb.subarray(st, ends[c.fromIndex]), b);
    if (underlying(t) === underlying(c.toType)) {
      types[i] = c.toType;
    } else {
      types[i] = t;
      fresh = true;
    }
  }
  b.endContainer();
  if (!fresh) return s.toType;
  const fields = (underlying(s.toType) as RecordType).fields;
  return zctx.lookupRecord(fields.map((f, i) => ({ name: f.name, type: types[i]! })));
}

/** Zed's ConstShaper: shapes values toward one type with transforms `tf`. */
export class ConstShaper {
  private readonly cast: ((v: Value) => Value) | null;
  private readonly shapers = new Map<Type, Step | string>();
  private readonly b = new Builder(256);

  constructor(
    private readonly ectx: EvalContext,
    private readonly shapeTo: Type,
    private readonly tf: number,
  ) {
    this.cast = tf === CAST ? makePrimitiveCast(ectx, shapeTo) : null;
  }

  shape(v: Value): Value {
    if (v.isError()) return v;
    const to = this.shapeTo;
    if (v.bytes === null) return new Value(to, null);
    if (underlying(v.type).id === underlying(to).id) return v.type === to ? v : new Value(to, v.bytes);
    if (this.cast !== null) return this.cast(v);
    let s = this.shapers.get(v.type);
    if (s === undefined) {
      const zctx = this.ectx.zctx;
      try {
        s = newStep(this.ectx, v.type, shaperType(zctx, this.tf, v.type, to));
      } catch (e) {
        if (!(e instanceof ShapeError)) throw e;
        s = e.message;
      }
      this.shapers.set(v.type, s);
    }
    if (typeof s === 'string') return this.ectx.errors.message(s);
    const b = this.b;
    b.reset();
    const t = build(this.ectx.zctx, s, v.bytes, b);
    return new Value(t, b.body());
  }
}

/**
 * A shaping function instance: (value, type value) -> shaped value, caching
 * a ConstShaper per target type. cast() also takes a type name as a string.
 */
export function makeShaper(ectx: EvalContext, tf: number): (v: Value, typeArg: Value) => Value {
  const shapers = new Map<Type, ConstShaper>();
  return (v, typeArg) => {
    const id = underlying(typeArg.type).id;
    if (id === ID.type && typeArg.bytes !== null) {
      const t = typeOfTypeValue(ectx.zctx, typeArg.bytes);
      if (t === null) return ectx.errors.wrap('shaper type argument is not a type', typeArg);
      let s = shapers.get(t);
      if (s === undefined) {
        s = new ConstShaper(ectx, t, tf);
        shapers.set(t, s);
      }
      return s.shape(v);
    }
    if (id === ID.string && tf === CAST && typeArg.bytes !== null) return castToName(ectx, v, decodeUtf8(typeArg.bytes));
    return ectx.errors.wrap('shaper type argument is not a type', typeArg);
  };
}

function shaperDef(name: string, tf: number): FunctionDef {
  return {
    name,
    minArgs: 1,
    maxArgs: 2,
    // crop(<t>) means crop(this, <t>).
    implicitThis: { path: [], position: 'first', whenArgs: 1 },
    make(ectx) {
      const shape = makeShaper(ectx, tf);
      return (args) => shape(args[0]!, args[1]!);
    },
  };
}

export const shapeFunctions: readonly FunctionDef[] = [
  shaperDef('cast', CAST),
  shaperDef('crop', CROP),
  shaperDef('fill', FILL),
  shaperDef('fit', CROP | FILL),
  shaperDef('order', ORDER),
  shaperDef('shape', CAST | FILL | ORDER),
];

/** The one-argument cast a primitive type's name calls (`int64(x)`). */
export function castFunction(t: PrimitiveType): FunctionDef {
  return {
    name: t.name,
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      const shaper = new ConstShaper(ectx, t, CAST);
      return (args) => shaper.shape(args[0]!);
    },
  };
}
