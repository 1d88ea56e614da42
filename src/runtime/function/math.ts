// Numeric functions abs, ceil, floor, round, log, pow, sqrt and the
// variadic min and max (runtime/sam/expr/function/math.go at v1.18.0).
// abs/ceil/floor/round keep their argument's type; log, pow and sqrt take
// anything coercible to float64 (numeric strings too) and return float64.

import {
  TypeFloat64,
  TypeInt64,
  TypeUint64,
  Value,
  encodeFloat64,
  encodeInt,
  encodeUint,
  underlying,
} from '../../zed/index.js';
import { encodeFloatFor } from '../expr/arith.js';
import {
  bodyAsFloat,
  bodyAsInt,
  bodyAsUint,
  isFloatId,
  isSignedId,
  isUnsignedId,
  toFloat,
  toInt,
  toUint,
} from '../expr/coerce.js';
import type { EvalContext } from '../expr/context.js';
import type { FunctionDef, ZedFunction } from './registry.js';

/** Go's math.Round: halves round away from zero. */
function goRound(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/** Go's math.Pow where it differs from JS: 1**y and (-1)**±Inf are 1. */
function goPow(x: number, y: number): number {
  if (x === 1 || (x === -1 && (y === Infinity || y === -Infinity))) return 1;
  return x ** y;
}

/** abs/ceil/floor/round: integers as they are (abs negates), floats through `f`. */
function integral(name: string, f: (x: number) => number): FunctionDef {
  return {
    name,
    minArgs: 1,
    maxArgs: 1,
    make(ectx: EvalContext): ZedFunction {
      const msg = `${name}: not a number`;
      const abs = name === 'abs';
      return (args) => {
        const v = args[0]!;
        const id = underlying(v.type).id;
        if (isUnsignedId(id)) return v;
        if (isSignedId(id)) {
          if (!abs) return v;
          const x = bodyAsInt(id, v.bytes);
          return new Value(v.type, encodeInt(BigInt.asIntN(64, x < 0n ? -x : x)));
        }
        if (isFloatId(id)) return new Value(v.type, encodeFloatFor(v.type, f(bodyAsFloat(id, v.bytes))));
        return ectx.errors.wrap(msg, v);
      };
    },
  };
}

function floatResult(x: number): Value {
  return new Value(TypeFloat64, encodeFloat64(x));
}

/** min and max: the first argument's class (unsigned, signed, float) decides how all compare. */
function reducer(name: 'min' | 'max'): FunctionDef {
  const better = name === 'min' ? (a: number | bigint, b: number | bigint) => a < b : (a: number | bigint, b: number | bigint) => a > b;
  return {
    name,
    minArgs: 1,
    maxArgs: -1,
    make(ectx) {
      const msg = `${name}: not a number`;
      return (args) => {
        const v0 = args[0]!;
        const id = underlying(v0.type).id;
        if (isUnsignedId(id)) {
          let r = bodyAsUint(id, v0.bytes);
          for (let i = 1; i < args.length; i++) {
            const x = toUint(args[i]!);
            if (x === null) return ectx.errors.wrap(msg, args[i]!);
            if (!better(r, x)) r = x;
          }
          return new Value(TypeUint64, encodeUint(r));
        }
        if (isSignedId(id)) {
          let r = bodyAsInt(id, v0.bytes);
          for (let i = 1; i < args.length; i++) {
            const x = toInt(args[i]!);
            if (x === null) return ectx.errors.wrap(msg, args[i]!);
            if (!better(r, x)) r = x;
          }
          return new Value(TypeInt64, encodeInt(r));
        }
        if (isFloatId(id)) {
          let r = bodyAsFloat(id, v0.bytes);
          for (let i = 1; i < args.length; i++) {
            const x = toFloat(args[i]!);
            if (x === null) return ectx.errors.wrap(msg, args[i]!);
            if (!better(r, x)) r = x;
          }
          return floatResult(r);
        }
        return ectx.errors.wrap(msg, v0);
      };
    },
  };
}

export const mathFunctions: readonly FunctionDef[] = [
  integral('abs', Math.abs),
  integral('ceil', Math.ceil),
  integral('floor', Math.floor),
  integral('round', goRound),
  {
    name: 'log',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      return (args) => {
        const x = toFloat(args[0]!);
        if (x === null) return ectx.errors.wrap('log: not a number', args[0]!);
        if (x <= 0) return ectx.errors.wrap('log: illegal argument', args[0]!);
        return floatResult(Math.log(x));
      };
    },
  },
  {
    name: 'pow',
    minArgs: 2,
    maxArgs: 2,
    make(ectx) {
      return (args) => {
        const x = toFloat(args[0]!);
        if (x === null) return ectx.errors.wrap('pow: not a number', args[0]!);
        const y = toFloat(args[1]!);
        if (y === null) return ectx.errors.wrap('pow: not a number', args[1]!);
        return floatResult(goPow(x, y));
      };
    },
  },
  {
    name: 'sqrt',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      return (args) => {
        const x = toFloat(args[0]!);
        return x === null ? ectx.errors.wrap('sqrt: not a number', args[0]!) : floatResult(Math.sqrt(x));
      };
    },
  },
  reducer('max'),
  reducer('min'),
];
