// Constructors for primitive values, for tests, the compiler and readers.

import { encodeBool, encodeFloat16, encodeFloat32, encodeFloat64, encodeInt, encodeUint } from './primitive-codec.js';
import { encodeUtf8 } from '../util/utf8.js';
import {
  TypeBool,
  TypeBytes,
  TypeDuration,
  TypeFloat16,
  TypeFloat32,
  TypeFloat64,
  TypeInt64,
  TypeIP,
  TypeNet,
  TypeString,
  TypeTime,
  TypeUint64,
  type Type,
} from './types.js';
import { Value } from './value.js';

export function newInt64(n: number | bigint): Value {
  return new Value(TypeInt64, encodeInt(n));
}
export function newUint64(n: number | bigint): Value {
  return new Value(TypeUint64, encodeUint(n));
}
export function newInt(t: Type, n: number | bigint): Value {
  return new Value(t, encodeInt(n));
}
export function newUint(t: Type, n: number | bigint): Value {
  return new Value(t, encodeUint(n));
}
export function newFloat64(x: number): Value {
  return new Value(TypeFloat64, encodeFloat64(x));
}
export function newFloat32(x: number): Value {
  return new Value(TypeFloat32, encodeFloat32(x));
}
export function newFloat16(x: number): Value {
  return new Value(TypeFloat16, encodeFloat16(x));
}
export function newBool(b: boolean): Value {
  return new Value(TypeBool, encodeBool(b));
}
export function newString(s: string): Value {
  return new Value(TypeString, encodeUtf8(s));
}
export function newBytes(b: Uint8Array): Value {
  return new Value(TypeBytes, b);
}
/** A time value from int64 nanoseconds since the epoch. */
export function newTime(ns: bigint): Value {
  return new Value(TypeTime, encodeInt(ns));
}
export function newDuration(ns: bigint): Value {
  return new Value(TypeDuration, encodeInt(ns));
}
export function newIP(addr: Uint8Array): Value {
  return new Value(TypeIP, addr);
}
export function newNet(net: Uint8Array): Value {
  return new Value(TypeNet, net);
}
