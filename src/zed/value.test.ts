import { describe, expect, it } from 'vitest';
import { TypeContext } from './context.js';
import {
  newBool,
  newBytes,
  newDuration,
  newFloat16,
  newFloat32,
  newFloat64,
  newInt,
  newInt64,
  newIP,
  newNet,
  newString,
  newTime,
  newUint,
  newUint64,
} from './make.js';
import { ID, TypeInt8, TypeNull, TypeString, TypeUint16 } from './types.js';
import { NullValue, Value, isPrimitiveOf } from './value.js';

describe('Value', () => {
  it('decodes the primitives the constructors make', () => {
    expect(newInt64(-42).asIntNumber()).toBe(-42);
    expect(newInt64(-(2n ** 63n)).asInt()).toBe(-(2n ** 63n));
    expect(newInt(TypeInt8, -128).asIntNumber()).toBe(-128);
    expect(newUint64(2n ** 64n - 1n).asUint()).toBe(2n ** 64n - 1n);
    expect(newUint(TypeUint16, 65535).asUintNumber()).toBe(65535);
    expect(newFloat64(-0.5).asFloat()).toBe(-0.5);
    expect(newFloat32(0.1).asFloat()).toBe(Math.fround(0.1));
    expect(newFloat16(65504).asFloat()).toBe(65504);
    expect(newBool(true).asBool()).toBe(true);
    expect(newString('héllo').asString()).toBe('héllo');
    expect([...newBytes(Uint8Array.of(1, 2)).bytes!]).toEqual([1, 2]);
    expect(newTime(-1_000_000_000n).asInt()).toBe(-1_000_000_000n);
    expect(newDuration(90n).asInt()).toBe(90n);
    expect(newIP(Uint8Array.of(1, 2, 3, 4)).type.id).toBe(ID.ip);
    expect(newNet(new Uint8Array(8)).type.id).toBe(ID.net);
  });

  it('reports nulls and gives zero values for null bodies', () => {
    const n = new Value(TypeString, null);
    expect(n.isNull()).toBe(true);
    expect(n.asString()).toBe('');
    expect(n.asInt()).toBe(0n);
    expect(n.asBool()).toBe(false);
    expect(NullValue.type).toBe(TypeNull);
    expect(NullValue.isNull()).toBe(true);
    expect(newString('').isNull()).toBe(false);
  });

  it('recognizes errors and primitives under type names', () => {
    const ctx = new TypeContext();
    const err = new Value(ctx.lookupNamed('oops', ctx.lookupError(TypeString)), newString('x').bytes);
    expect(err.isError()).toBe(true);
    expect(newString('x').isError()).toBe(false);
    const port = new Value(ctx.lookupNamed('port', TypeUint16), newUint(TypeUint16, 80).bytes);
    expect(isPrimitiveOf(port, ID.uint16)).toBe(true);
    expect(isPrimitiveOf(port, ID.int64)).toBe(false);
  });
});
