// collect(): the non-null inputs, in arrival order, as an array
// (agg/collect.go). Inputs are stripped of names and union wrappers; when
// they differ in type the element type is the union of their types. With no
// input the result is null. Past Zed's 1 GiB value limit the oldest elements
// are dropped, as Zed does.

import { InvalidError } from '../../errors/index.js';
import {
  Builder,
  NullValue,
  Value,
  encodeInt,
  readElement,
  uniqueTypes,
  type Type,
  type TypeContext,
} from '../../zed/index.js';
import { FIXED_AGG_BYTES, type AggregateDef, type Aggregator } from './aggregator.js';
import { valueUnder } from './values.js';

/**
 * Zed's agg.MaxValueSize: the most body bytes collect() holds in one value;
 * past it the oldest entries are dropped, silently, as in Zed. A process
 * setting (zq's -aggmem), so it is set once, before any query runs.
 */
let maxValueSize = 1024 * 1024 * 1024;

/** Sets collect()'s value limit (zq's -aggmem); throws unless `bytes` is positive. */
export function setAggregateValueLimit(bytes: number): void {
  if (!(bytes > 0)) throw new InvalidError('aggmem value must be greater than zero');
  maxValueSize = bytes;
}

const el = { start: 0, end: 0 };

class Collect implements Aggregator {
  private types: Type[] = [];
  private bodies: (Uint8Array | null)[] = [];
  private head = 0;
  private size = 0;

  private update(v: Value): void {
    const u = valueUnder(v);
    const b = u.bytes === null ? null : u.bytes.slice();
    this.types.push(u.type);
    this.bodies.push(b);
    this.size += b?.length ?? 0;
    while (this.size > maxValueSize) {
      this.size -= this.bodies[this.head]?.length ?? 0;
      this.bodies[this.head] = null;
      this.head++;
    }
  }

  consume(v: Value): void {
    if (v.bytes !== null) this.update(v);
  }

  consumeAsPartial(v: Value): void {
    const b = v.bytes;
    if (b === null || b.length === 0) return;
    if (v.type.kind !== 'array') throw new InvalidError('collect partial: partial not an array type');
    const elem = v.type.elem;
    for (let off = 0; off < b.length; ) {
      off = readElement(b, off, b.length, el);
      this.update(new Value(elem, el.start < 0 ? null : b.subarray(el.start, el.end)));
    }
  }

  result(zctx: TypeContext): Value {
    const n = this.types.length;
    if (n === this.head) return NullValue;
    const types = uniqueTypes(this.types.slice(this.head));
    const b = new Builder(this.size + 2 * (n - this.head) + 16);
    if (types.length === 1) {
      for (let i = this.head; i < n; i++) b.append(this.bodies[i]!);
      return new Value(zctx.lookupArray(types[0]!), b.bytes());
    }
    const union = zctx.lookupUnion(types);
    for (let i = this.head; i < n; i++) {
      const body = this.bodies[i]!;
      if (body === null) {
        b.append(null);
        continue;
      }
      b.beginContainer();
      b.append(encodeInt(union.selectorOf(this.types[i]!)));
      b.append(body);
      b.endContainer();
    }
    return new Value(zctx.lookupArray(union), b.bytes());
  }

  resultAsPartial(zctx: TypeContext): Value {
    return this.result(zctx);
  }

  memory(): number {
    return FIXED_AGG_BYTES + this.size + 24 * (this.types.length - this.head);
  }
}

export const collectDef: AggregateDef = {
  name: 'collect',
  needsArg: true,
  growing: true,
  make: () => new Collect(),
};
