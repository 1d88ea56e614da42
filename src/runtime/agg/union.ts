// union(): the distinct non-null inputs as a set (agg/union.go). Values keep
// their types (a union-typed input stays one); mixed types give a set of the
// union of those types. Elements are in Zed's canonical set order (by zcode
// bytes). With no input the result is null.

import { InvalidError } from '../../errors/index.js';
import {
  Builder,
  NullValue,
  TypeNull,
  Value,
  ValueMap,
  encodeInt,
  readElement,
  underlying,
  type Type,
  type TypeContext,
} from '../../zed/index.js';
import { FIXED_AGG_BYTES, type AggregateDef, type Aggregator } from './aggregator.js';
import { normalizeSet } from './normalize.js';
import { untag, type Untagged } from './values.js';

const el = { start: 0, end: 0 };
const yes = (): true => true;

class Union implements Aggregator {
  private readonly set = new ValueMap<true>();
  private readonly key: Value[] = [];
  private size = 0;
  private readonly untagged: Untagged = { type: TypeNull, bytes: null };

  private update(v: Value): void {
    const set = this.set;
    const n = set.size;
    this.key[0] = v;
    set.getOrInsert(this.key, yes);
    if (set.size > n) this.size += v.bytes?.length ?? 0;
  }

  consume(v: Value): void {
    if (v.bytes !== null) this.update(v);
  }

  consumeAsPartial(v: Value): void {
    const b = v.bytes;
    if (b === null) return;
    if (v.type.kind !== 'set') throw new InvalidError('union: partial not a set type');
    const elem = v.type.elem;
    const u = underlying(elem);
    for (let off = 0; off < b.length; ) {
      off = readElement(b, off, b.length, el);
      const body = el.start < 0 ? null : b.subarray(el.start, el.end);
      if (u.kind === 'union' && body !== null) {
        untag(u, body, this.untagged);
        this.update(new Value(this.untagged.type, this.untagged.bytes));
      } else {
        this.update(new Value(elem, body));
      }
    }
  }

  result(zctx: TypeContext): Value {
    if (this.set.size === 0) return NullValue;
    const typeSet = new Set<Type>();
    for (const [k] of this.set.entries()) typeSet.add(k[0]!.type);
    const types = [...typeSet];
    const b = new Builder(this.size + 4 * this.set.size + 16);
    if (types.length === 1) {
      for (const [k] of this.set.entries()) b.append(k[0]!.bytes);
      return new Value(zctx.lookupSet(types[0]!), normalizeSet(b.bytes()));
    }
    const union = zctx.lookupUnion(types);
    for (const [k] of this.set.entries()) {
      const v = k[0]!;
      b.beginContainer();
      b.append(encodeInt(union.selectorOf(v.type)));
      b.append(v.bytes);
      b.endContainer();
    }
    return new Value(zctx.lookupSet(union), normalizeSet(b.bytes()));
  }

  resultAsPartial(zctx: TypeContext): Value {
    return this.result(zctx);
  }

  memory(): number {
    return FIXED_AGG_BYTES + this.size + 64 * this.set.size;
  }
}

export const unionDef: AggregateDef = {
  name: 'union',
  needsArg: true,
  growing: true,
  make: () => new Union(),
};
