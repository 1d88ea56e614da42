// dcount(): the estimated number of distinct inputs (agg/dcount.go), by a
// HyperLogLog sketch over MetroHash64 of each value's type ID and bytes, as
// Zed computes it, so small counts are exact and large ones match Zed's
// estimates. Nulls of different types count as different values. The
// partial is the sketch's binary form as bytes.

import { InvalidError } from '../../errors/index.js';
import { TypeBytes, Value, newUint64, underlying, type Type } from '../../zed/index.js';
import type { AggregateDef, Aggregator } from './aggregator.js';
import { Sketch } from './hyperloglog.js';
import { metroHash64, type Hash64 } from './metro-hash.js';

const SEED = 1337;

// Shared scratch: hashing is synchronous, so one buffer serves every sketch.
let scratch = new Uint8Array(256);
const hash: Hash64 = { hi: 0, lo: 0 };

/**
 * The hash dcount takes of a value of type `t` whose body is
 * `buf[start:end]` (start < 0: null): MetroHash64 of zed.AppendInt of the
 * type ID (a named type reports its underlying type's ID: the folded signed
 * value, sign in bit 0, little-endian, minimal bytes), then the body.
 */
function dcountHash(t: Type, buf: Uint8Array, start: number, end: number, out: Hash64): void {
  const need = 9 + (start < 0 ? 0 : end - start);
  if (need > scratch.length) scratch = new Uint8Array(Math.max(need, scratch.length * 2));
  let n = 0;
  for (let u = underlying(t).id * 2; u > 0; u = Math.floor(u / 256)) scratch[n++] = u % 256;
  if (start >= 0) {
    if (end - start > 64) {
      scratch.set(buf.subarray(start, end), n);
      n += end - start;
    } else for (let i = start; i < end; i++) scratch[n++] = buf[i]!;
  }
  metroHash64(scratch, n, SEED, out);
}

const NO_BYTES = new Uint8Array(0);

class DCount implements Aggregator {
  private readonly sketch = new Sketch();

  consume(v: Value): void {
    const b = v.bytes;
    if (b === null) dcountHash(v.type, NO_BYTES, -1, -1, hash);
    else dcountHash(v.type, b, 0, b.length, hash);
    this.sketch.insertHash(hash.hi, hash.lo);
  }

  consumeDigest(hi: number, lo: number): void {
    this.sketch.insertHash(hi, lo);
  }

  consumeAsPartial(v: Value): void {
    if (v.type !== TypeBytes) throw new InvalidError('dcount: partial has bad type');
    if (v.bytes === null) return;
    this.sketch.merge(Sketch.unmarshal(v.bytes));
  }

  result(): Value {
    return newUint64(this.sketch.estimate());
  }

  resultAsPartial(): Value {
    return new Value(TypeBytes, this.sketch.marshal());
  }

  memory(): number {
    return this.sketch.memory();
  }
}

export const dcountDef: AggregateDef = {
  name: 'dcount',
  needsArg: true,
  growing: true,
  digest: dcountHash,
  make: () => new DCount(),
};
