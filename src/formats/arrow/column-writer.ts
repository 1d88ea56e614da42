// Column writers for Arrow's flat types: each takes Zed value bodies one at
// a time and hands out an Arrow Data per batch. A writer is chosen by the
// Arrow type of its column; append() also gets the value's Zed type, since
// several Zed types may share one Arrow type (ip, net, type, enum and error
// all become Utf8, and a union's members may collapse onto one child).

import {
  type Binary,
  Bool,
  type DataType,
  FixedSizeBinary,
  Float16,
  Float32,
  Float64,
  LargeBinary,
  LargeUtf8,
  Null,
  type Utf8,
  makeData,
  type Data,
} from 'apache-arrow';
import { decodeInt, decodeUint, formatIP, formatNet, underlying, Value, type Type } from '../../zed/index.js';
import { formatTypeValue, formatValue } from '../../zson/index.js';
import { utf8Encoder } from '../../util/utf8.js';
import { Growable, Validity, int32s, uint8s, uint32s } from './growable.js';
import { intBodyToWords, smallInt, smallUint, uintBodyToWords } from './int64.js';
import { badValueError, type WriterName } from './writer-errors.js';

export interface ColumnWriter {
  /** The Arrow type this writer produces. */
  readonly type: DataType;
  /** Appends the value of Zed type `t` whose body is buf[start:end]; start < 0 is a null. */
  append(t: Type, buf: Uint8Array, start: number, end: number): void;
  /** Values appended since the last flush. */
  readonly length: number;
  /** The values appended since the last flush as Arrow Data; the writer starts over. */
  flush(): Data;
}

export class NullWriter implements ColumnWriter {
  readonly type = new Null();
  length = 0;
  append(): void {
    this.length++;
  }
  flush(): Data {
    const length = this.length;
    this.length = 0;
    return makeData({ type: this.type, length, nullCount: length });
  }
}

export class BoolWriter implements ColumnWriter {
  readonly type = new Bool();
  private readonly valid = new Validity();
  private readonly bits = new Validity(); // a bitmap of the values themselves
  get length(): number {
    return this.valid.length;
  }
  append(_t: Type, buf: Uint8Array, start: number, end: number): void {
    this.valid.push(start >= 0);
    this.bits.push(start >= 0 && end > start && buf[start] !== 0);
  }
  flush(): Data {
    const length = this.valid.length;
    const v = this.valid.take();
    const b = this.bits.take();
    const data = b.nullBitmap ?? new Uint8Array((length + 7) >> 3);
    // Validity.take marks set bits as valid; for the value bitmap "null" means false.
    if (b.nullBitmap === undefined) data.fill(0xff);
    return makeData({ type: this.type, length, ...v, data });
  }
}

/** How a fixed-width integer column converts a Zed body (a signed or unsigned zcode int). */
export type IntConversion = (big: bigint) => bigint;

/**
 * Integers of 8 to 32 bits (and the 32-bit temporal types, which go through
 * `convert`). Stores wrap as Go's integer conversions do.
 */
export class SmallIntWriter implements ColumnWriter {
  private lastType: Type | null = null;
  private lastSigned = false;
  /** isSignedBody, remembered for the last type (a column's values nearly always share one). */
  private signedBody(t: Type): boolean {
    if (t !== this.lastType) {
      this.lastType = t;
      this.lastSigned = isSignedBody(t);
    }
    return this.lastSigned;
  }
  private readonly values: Growable<Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array>;
  private readonly valid = new Validity();
  constructor(
    readonly type: DataType,
    make: (n: number) => Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array,
    private readonly convert: IntConversion | null = null,
  ) {
    this.values = new Growable(make);
  }
  get length(): number {
    return this.valid.length;
  }
  append(t: Type, buf: Uint8Array, start: number, end: number): void {
    this.valid.push(start >= 0);
    if (start < 0) {
      this.values.push(0);
      return;
    }
    const signed = this.signedBody(t);
    if (this.convert !== null) {
      const big = signed ? decodeInt(buf, start, end) : decodeUint(buf, start, end);
      this.values.push(Number(BigInt.asIntN(32, this.convert(big))));
    } else if (end - start <= 6) {
      this.values.push(signed ? smallInt(buf, start, end) : smallUint(buf, start, end));
    } else {
      const big = signed ? decodeInt(buf, start, end) : decodeUint(buf, start, end);
      this.values.push(Number(BigInt.asIntN(32, big)));
    }
  }
  flush(): Data {
    const length = this.valid.length;
    return makeData({ type: this.type, length, ...this.valid.take(), data: this.values.take() } as never);
  }
}

/**
 * 64-bit integers: int64, uint64, and time and duration in any unit (a
 * conversion divides nanoseconds). Words are written without BigInt unless a
 * conversion is needed.
 */
export class Int64Writer implements ColumnWriter {
  private lastType: Type | null = null;
  private lastSigned = false;
  /** isSignedBody, remembered for the last type (a column's values nearly always share one). */
  private signedBody(t: Type): boolean {
    if (t !== this.lastType) {
      this.lastType = t;
      this.lastSigned = isSignedBody(t);
    }
    return this.lastSigned;
  }
  private readonly words = new Growable(uint32s);
  private readonly valid = new Validity();
  private readonly big = new BigInt64Array(1);
  private readonly bigWords = new Uint32Array(this.big.buffer);
  constructor(
    readonly type: DataType,
    private readonly convert: IntConversion | null = null,
  ) {}
  get length(): number {
    return this.valid.length;
  }
  append(t: Type, buf: Uint8Array, start: number, end: number): void {
    this.valid.push(start >= 0);
    const w = this.words.reserve(2);
    const at = this.words.n;
    this.words.n += 2;
    if (start < 0) {
      w[at] = 0;
      w[at + 1] = 0;
    } else if (this.convert !== null) {
      const v = this.signedBody(t) ? decodeInt(buf, start, end) : decodeUint(buf, start, end);
      this.big[0] = BigInt.asIntN(64, this.convert(v));
      w[at] = this.bigWords[0]!;
      w[at + 1] = this.bigWords[1]!;
    } else if (this.signedBody(t)) {
      intBodyToWords(buf, start, end, w, at);
    } else {
      uintBodyToWords(buf, start, end, w, at);
    }
  }
  flush(): Data {
    const length = this.valid.length;
    const words = this.words.take();
    const unsigned = (this.type as { isSigned?: boolean }).isSigned === false;
    const data = unsigned ? new BigUint64Array(words.buffer) : new BigInt64Array(words.buffer);
    return makeData({ type: this.type, length, ...this.valid.take(), data } as never);
  }
}

/** Floats: Zed float bodies are IEEE little-endian of the column's width, copied as they are. */
export class FloatWriter implements ColumnWriter {
  private readonly bytes = new Growable(uint8s, 1024);
  private readonly valid = new Validity();
  readonly type: Float16 | Float32 | Float64;
  constructor(private readonly width: 2 | 4 | 8) {
    this.type = width === 2 ? new Float16() : width === 4 ? new Float32() : new Float64();
  }
  get length(): number {
    return this.valid.length;
  }
  append(_t: Type, buf: Uint8Array, start: number, end: number): void {
    this.valid.push(start >= 0);
    const w = this.width;
    const a = this.bytes.reserve(w);
    const at = this.bytes.n;
    this.bytes.n += w;
    if (start < 0 || end - start !== w) {
      a.fill(0, at, at + w);
      return;
    }
    for (let i = 0; i < w; i++) a[at + i] = buf[start + i]!;
  }
  flush(): Data {
    const length = this.valid.length;
    const b = this.bytes.take();
    const data = this.width === 2 ? new Uint16Array(b.buffer) : this.width === 4 ? new Float32Array(b.buffer) : new Float64Array(b.buffer);
    return makeData({ type: this.type, length, ...this.valid.take(), data } as never);
  }
}

/**
 * Variable-length strings and bytes (Utf8, Binary and their Large forms).
 * ip, net, type, enum and error values are written as their text, as Zed does.
 */
export class VarBinaryWriter implements ColumnWriter {
  private readonly bytes = new Growable(uint8s, 4096);
  private readonly offsets = new Growable(int32s);
  private readonly valid = new Validity();
  constructor(
    readonly type: Utf8 | Binary | LargeUtf8 | LargeBinary,
    private readonly writer: WriterName,
  ) {
    this.offsets.push(0);
  }
  get length(): number {
    return this.valid.length;
  }
  append(t: Type, buf: Uint8Array, start: number, end: number): void {
    this.valid.push(start >= 0);
    if (start >= 0) {
      const u = underlying(t);
      if (u.kind === 'primitive' && (u.name === 'string' || u.name === 'bytes')) this.copy(buf, start, end);
      else this.text(this.format(t, buf.subarray(start, end)));
    }
    if (this.bytes.n > 0x7fffffff) throw badValueError(this.writer, 'a column of a batch exceeds 2 GiB');
    this.offsets.push(this.bytes.n);
  }
  private copy(buf: Uint8Array, start: number, end: number): void {
    const n = end - start;
    const a = this.bytes.reserve(n);
    const at = this.bytes.n;
    // Most strings are short: a loop beats making a subarray for set().
    if (n < 32) for (let i = 0; i < n; i++) a[at + i] = buf[start + i]!;
    else a.set(buf.subarray(start, end), at);
    this.bytes.n += n;
  }
  private text(s: string): void {
    const a = this.bytes.reserve(s.length * 3);
    this.bytes.n += utf8Encoder.encodeInto(s, a.subarray(this.bytes.n)).written;
  }
  private format(t: Type, body: Uint8Array): string {
    const u = underlying(t);
    switch (u.kind) {
      case 'primitive':
        if (u.name === 'ip') return formatIP(body);
        if (u.name === 'net') return formatNet(body);
        if (u.name === 'type') return formatTypeValue(body);
        break;
      case 'enum': {
        const sym = u.symbols[Number(decodeUint(body))];
        if (sym === undefined) throw badValueError(this.writer, `enum index out of range in ${formatValue(new Value(t, body))}`);
        return sym;
      }
      case 'error':
        return formatValue(new Value(t, body));
    }
    return formatValue(new Value(t, body));
  }
  flush(): Data {
    const length = this.valid.length;
    const data = this.bytes.take();
    const offs = this.offsets.take();
    this.offsets.push(0);
    const large = this.type instanceof LargeUtf8 || this.type instanceof LargeBinary;
    const valueOffsets = large ? BigInt64Array.from(offs, (x) => BigInt(x)) : offs;
    return makeData({ type: this.type, length, ...this.valid.take(), valueOffsets, data } as never);
  }
}

export class FixedSizeBinaryWriter implements ColumnWriter {
  readonly type: FixedSizeBinary;
  private readonly bytes = new Growable(uint8s, 1024);
  private readonly valid = new Validity();
  constructor(
    private readonly width: number,
    private readonly writer: WriterName,
  ) {
    this.type = new FixedSizeBinary(width);
  }
  get length(): number {
    return this.valid.length;
  }
  append(_t: Type, buf: Uint8Array, start: number, end: number): void {
    this.valid.push(start >= 0);
    const a = this.bytes.reserve(this.width);
    if (start >= 0) {
      if (end - start !== this.width) {
        throw badValueError(this.writer, `fixed-size binary value of ${end - start} bytes in a column of width ${this.width}`);
      }
      a.set(buf.subarray(start, end), this.bytes.n);
    } else {
      a.fill(0, this.bytes.n, this.bytes.n + this.width);
    }
    this.bytes.n += this.width;
  }
  flush(): Data {
    const length = this.valid.length;
    return makeData({ type: this.type, length, ...this.valid.take(), data: this.bytes.take() });
  }
}

/** True when a Zed type's bodies are signed zcode ints (intN, time, duration). */
export function isSignedBody(t: Type): boolean {
  const u = underlying(t);
  return u.kind === 'primitive' && u.id >= 6 && u.id <= 13;
}
