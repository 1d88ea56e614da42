// A Zed value: a type plus its zcode body (null bytes = a null of that type).
// Values are immutable; bodies may be views into a larger buffer.

import { decodeBool, decodeFloat, decodeInt, decodeIntNumber, decodeUint, decodeUintNumber } from './primitive-codec.js';
import { decodeUtf8 } from '../util/utf8.js';
import { ID, TypeNull, underlying, type Type } from './types.js';

export class Value {
  constructor(
    readonly type: Type,
    readonly bytes: Uint8Array | null,
  ) {}

  isNull(): boolean {
    return this.bytes === null;
  }

  /** True when the value's type is an error type (under any names). */
  isError(): boolean {
    return underlying(this.type).kind === 'error';
  }

  // Accessors for primitive bodies; the caller knows the type.
  asInt(): bigint {
    return this.bytes === null ? 0n : decodeInt(this.bytes);
  }
  asIntNumber(): number {
    return this.bytes === null ? 0 : decodeIntNumber(this.bytes);
  }
  asUint(): bigint {
    return this.bytes === null ? 0n : decodeUint(this.bytes);
  }
  asUintNumber(): number {
    return this.bytes === null ? 0 : decodeUintNumber(this.bytes);
  }
  asFloat(): number {
    return this.bytes === null ? 0 : decodeFloat(this.bytes);
  }
  asBool(): boolean {
    return this.bytes !== null && decodeBool(this.bytes);
  }
  asString(): string {
    return this.bytes === null ? '' : decodeUtf8(this.bytes);
  }
}

export const NullValue = new Value(TypeNull, null);

/** A batch: the unit that moves between operators and through format readers/writers. */
export type Batch = Value[];

export function isPrimitiveOf(v: Value, id: number): boolean {
  return underlying(v.type).id === id;
}

export { ID };
