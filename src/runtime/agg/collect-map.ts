// collect_map(): merges map inputs into one map (agg/collectmap.go); a later
// value for a key replaces the earlier one. Keys and values keep named types
// but are unwrapped from unions; when keys (or values) differ in type, the
// map's key (or value) type is their union. Non-map inputs are ignored; with
// no entries the result is null.

import {
  Builder,
  NullValue,
  Value,
  ValueMap,
  encodeInt,
  readElement,
  underlying,
  uniqueTypes,
  type Type,
  type TypeContext,
  type UnionType,
} from '../../zed/index.js';
import { FIXED_AGG_BYTES, type AggregateDef, type Aggregator } from './aggregator.js';
import { normalizeMap } from './normalize.js';
import { valueUnderUnion } from './values.js';

const el = { start: 0, end: 0 };

/** The one type of `types`, or the union of them (uniq false). */
function unionOf(zctx: TypeContext, types: Type[]): { type: Type; uniq: boolean } {
  const u = uniqueTypes(types);
  return u.length === 1 ? { type: u[0]!, uniq: true } : { type: zctx.lookupUnion(u), uniq: false };
}

function appendMapVal(b: Builder, t: Type, uniq: boolean, v: Value): void {
  if (uniq || v.bytes === null) {
    b.append(v.bytes);
    return;
  }
  b.beginContainer();
  b.append(encodeInt((underlying(t) as UnionType).selectorOf(v.type)));
  b.append(v.bytes);
  b.endContainer();
}

class CollectMap implements Aggregator {
  private readonly entries = new ValueMap<Value>();
  private readonly key: Value[] = [];
  private size = 0;

  consume(v: Value): void {
    const b = v.bytes;
    if (b === null) return;
    const mt = underlying(v.type);
    if (mt.kind !== 'map') return;
    for (let off = 0; off < b.length; ) {
      off = readElement(b, off, b.length, el);
      const k = valueUnderUnion(mt.key, el.start < 0 ? null : b.subarray(el.start, el.end));
      off = readElement(b, off, b.length, el);
      const body = el.start < 0 ? null : b.subarray(el.start, el.end).slice();
      const val = valueUnderUnion(mt.value, body);
      this.key[0] = k;
      const old = this.entries.get(this.key);
      if (old === undefined) this.size += (k.bytes?.length ?? 0) + 48;
      else this.size -= old.bytes?.length ?? 0;
      this.size += val.bytes?.length ?? 0;
      this.entries.set(this.key, val);
    }
  }

  consumeAsPartial(v: Value): void {
    this.consume(v);
  }

  result(zctx: TypeContext): Value {
    if (this.entries.size === 0) return NullValue;
    const ktypes: Type[] = [];
    const vtypes: Type[] = [];
    for (const [k, v] of this.entries.entries()) {
      ktypes.push(k[0]!.type);
      vtypes.push(v.type);
    }
    const kt = unionOf(zctx, ktypes);
    const vt = unionOf(zctx, vtypes);
    const b = new Builder(this.size + 16);
    for (const [k, v] of this.entries.entries()) {
      appendMapVal(b, kt.type, kt.uniq, k[0]!);
      appendMapVal(b, vt.type, vt.uniq, v);
    }
    return new Value(zctx.lookupMap(kt.type, vt.type), normalizeMap(b.bytes()));
  }

  resultAsPartial(zctx: TypeContext): Value {
    return this.result(zctx);
  }

  memory(): number {
    return FIXED_AGG_BYTES + this.size;
  }
}

export const collectMapDef: AggregateDef = {
  name: 'collect_map',
  needsArg: true,
  growing: true,
  make: () => new CollectMap(),
};
