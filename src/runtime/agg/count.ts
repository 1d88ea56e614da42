// count(): the number of values consumed, as uint64 (agg/count.go). Every
// value counts, nulls and errors included; the caller has already dropped
// error("missing") and values its `where` clause rejected.

import { InvalidError } from '../../errors/index.js';
import { TypeUint64, newUint64, type Value } from '../../zed/index.js';
import { FIXED_AGG_BYTES, type AggregateDef, type Aggregator } from './aggregator.js';
import { readUintBody, type Int } from './numeric.js';

class Count implements Aggregator {
  private n: Int = 0;

  consume(): void {
    const n = this.n;
    if (typeof n === 'number' && n < Number.MAX_SAFE_INTEGER) this.n = n + 1;
    else this.n = BigInt.asUintN(64, BigInt(n) + 1n);
  }

  consumeAsPartial(v: Value): void {
    if (v.type !== TypeUint64) throw new InvalidError('count: partial not uint64');
    if (v.bytes === null) return;
    const p = readUintBody(v.bytes);
    const n = this.n;
    if (typeof n === 'number' && typeof p === 'number' && Number.isSafeInteger(n + p)) this.n = n + p;
    else this.n = BigInt.asUintN(64, BigInt(n) + BigInt(p));
  }

  result(): Value {
    return newUint64(this.n);
  }

  resultAsPartial(): Value {
    return newUint64(this.n);
  }

  memory(): number {
    return FIXED_AGG_BYTES;
  }
}

export const countDef: AggregateDef = {
  name: 'count',
  needsArg: false,
  growing: false,
  make: () => new Count(),
};
