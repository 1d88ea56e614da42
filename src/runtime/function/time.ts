// Time functions now, bucket, every and strftime (function/time.go at
// v1.18.0). bucket truncates toward zero, as Zed's nano.Ts.Trunc does.

import { decodeUtf8, encodeUtf8 } from '../../util/utf8.js';
import {
  TypeDuration,
  TypeString,
  TypeTime,
  Value,
  decodeInt,
  encodeInt,
  uintHigh32,
  uintLow32,
  underlying,
} from '../../zed/index.js';
import { toInt } from '../expr/coerce.js';
import type { EvalContext } from '../expr/context.js';
import type { FunctionDef, ZedFunction } from './registry.js';
import { compileStrftime, type Strftime } from './strftime.js';

const SECOND = 1_000_000_000n;

function makeBucket(ectx: EvalContext, name: string): ZedFunction {
  // The bucket of the last non-negative time, kept with its range as the
  // bodies' unsigned values (2t) from..to, each as two 32-bit halves: a
  // time in that range (as most are, one after another, in a column in
  // order) has the same bucket, found without a bigint.
  let keptBin: Value | null = null;
  let kept: Value | null = null;
  let fromHi = 0;
  let fromLo = 0;
  let toHi = 0;
  let toLo = 0;
  return (args) => {
    const ts = args[0]!;
    const binArg = args[1]!;
    const tb = ts.bytes;
    if (binArg === keptBin && ts.type === TypeTime && tb !== null && tb.length <= 8 && (tb.length === 0 || (tb[0]! & 1) === 0)) {
      const hi = uintHigh32(tb, 0, tb.length);
      const lo = uintLow32(tb, 0, tb.length);
      if ((hi > fromHi || (hi === fromHi && lo >= fromLo)) && (hi < toHi || (hi === toHi && lo < toLo))) return kept!;
    }
    if (ts.bytes === null || binArg.bytes === null) return new Value(TypeTime, null);
    let bin: bigint;
    if (binArg.type === TypeDuration) {
      bin = decodeInt(binArg.bytes);
    } else {
      const d = toInt(binArg);
      if (d === null) return ectx.errors.wrap(`${name}: second argument is not a duration or number`, binArg);
      bin = BigInt.asIntN(64, d * SECOND);
    }
    if (bin === 0n) return ectx.errors.message('divide by zero');
    if (underlying(ts.type) === TypeDuration) {
      const d = decodeInt(ts.bytes);
      return new Value(TypeDuration, encodeInt(BigInt.asIntN(64, (d / bin) * bin)));
    }
    const t = toInt(ts);
    if (t === null) return ectx.errors.wrap(`${name}: first argument is not a time`, ts);
    const q = (t / bin) * bin;
    const out = new Value(TypeTime, encodeInt(BigInt.asIntN(64, q)));
    if (ts.type === TypeTime && binArg.type === TypeDuration && t >= 0n && bin > 0n && q + bin < 1n << 63n) {
      keptBin = binArg;
      kept = out;
      const from = 2n * q;
      const to = 2n * (q + bin);
      fromHi = Number(from >> 32n);
      fromLo = Number(from & 0xffffffffn);
      toHi = Number(to >> 32n);
      toLo = Number(to & 0xffffffffn);
    }
    return out;
  };
}

export const timeFunctions: readonly FunctionDef[] = [
  {
    name: 'now',
    minArgs: 0,
    maxArgs: 0,
    make(ectx) {
      return () => new Value(TypeTime, encodeInt(ectx.now()));
    },
  },
  {
    name: 'bucket',
    minArgs: 2,
    maxArgs: 2,
    make(ectx) {
      return makeBucket(ectx, 'bucket');
    },
  },
  {
    name: 'every',
    minArgs: 1,
    maxArgs: 1,
    // every(d) is bucket(this.ts, d).
    implicitThis: { path: ['ts'], position: 'first' },
    make(ectx) {
      return makeBucket(ectx, 'every');
    },
  },
  {
    name: 'strftime',
    minArgs: 2,
    maxArgs: 2,
    make(ectx) {
      let compiled: Strftime | null = null;
      return (args) => {
        const f = args[0]!;
        const t = args[1]!;
        if (underlying(f.type) !== TypeString) {
          return ectx.errors.wrap('strftime: string value required for format arg', f);
        }
        if (underlying(t.type) !== TypeTime) return ectx.errors.wrap('strftime: time value required for time arg', t);
        const pattern = f.bytes === null ? '' : decodeUtf8(f.bytes);
        if (compiled === null || compiled.pattern !== pattern) {
          const c = compileStrftime(pattern);
          if (typeof c === 'string') return ectx.errors.wrap(`strftime: ${c}`, f);
          compiled = c;
        }
        return new Value(TypeString, encodeUtf8(compiled.format(t.bytes === null ? 0n : decodeInt(t.bytes))));
      };
    },
  },
];
