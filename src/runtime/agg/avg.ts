// avg(): the float64 mean of the inputs that convert to float (agg/avg.go):
// numbers, durations, times and numeric strings; others are ignored. The
// partial is {sum:float64,count:uint64}; no input gives null(float64).

import { InvalidError } from '../../errors/index.js';
import {
  Builder,
  TypeFloat64,
  TypeUint64,
  Value,
  decodeFloat,
  encodeFloat64,
  encodeUint,
  newFloat64,
  readElement,
  type Type,
  type TypeContext,
} from '../../zed/index.js';
import { FIXED_AGG_BYTES, type AggregateDef, type Aggregator } from './aggregator.js';
import { readUintBody, toFloat } from './numeric.js';

const NULL_FLOAT64 = new Value(TypeFloat64, null);
const el = { start: 0, end: 0 };

class Avg implements Aggregator {
  private sum = 0;
  private count = 0;

  consume(v: Value): void {
    if (v.bytes === null) return;
    const x = toFloat(v);
    if (x === undefined) return;
    this.sum += x;
    this.count++;
  }

  consumeNumber(_t: Type, x: number): void {
    this.sum += x;
    this.count++;
  }

  consumeTotal(_t: Type, total: number, n: number): boolean {
    this.sum += total;
    this.count += n;
    return true;
  }

  consumeNumbers(_t: Type, xs: Float64Array, rows: Int32Array | undefined, n: number): void {
    let sum = this.sum;
    if (rows === undefined) for (let k = 0; k < n; k++) sum += xs[k]!;
    else for (let k = 0; k < n; k++) sum += xs[rows[k]!]!;
    this.sum = sum;
    this.count += n;
  }

  consumeAsPartial(v: Value): void {
    const t = v.type;
    if (t.kind !== 'record') throw new InvalidError('avg: partial is not a record');
    const si = t.indexOf('sum');
    const ci = t.indexOf('count');
    if (si < 0) throw new InvalidError('avg: partial sum is missing');
    if (ci < 0) throw new InvalidError('avg: partial count is missing');
    if (t.fields[si]!.type !== TypeFloat64) throw new InvalidError('avg: partial sum has bad type');
    if (t.fields[ci]!.type !== TypeUint64) throw new InvalidError('avg: partial count has bad type');
    const b = v.bytes;
    if (b === null) return;
    let off = 0;
    for (let i = 0; off < b.length; i++) {
      off = readElement(b, off, b.length, el);
      if (el.start < 0) continue;
      if (i === si) this.sum += decodeFloat(b, el.start, el.end);
      else if (i === ci) this.count += Number(readUintBody(b.subarray(el.start, el.end)));
    }
  }

  result(): Value {
    return this.count > 0 ? newFloat64(this.sum / this.count) : NULL_FLOAT64;
  }

  resultAsPartial(zctx: TypeContext): Value {
    const t = zctx.lookupRecord([
      { name: 'sum', type: TypeFloat64 },
      { name: 'count', type: TypeUint64 },
    ]);
    const b = new Builder(24);
    b.append(encodeFloat64(this.sum));
    b.append(encodeUint(this.count));
    return new Value(t, b.bytes());
  }

  memory(): number {
    return FIXED_AGG_BYTES;
  }
}

export const avgDef: AggregateDef = {
  name: 'avg',
  needsArg: true,
  growing: false,
  make: () => new Avg(),
};
