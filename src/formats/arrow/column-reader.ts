// Arrow Data -> zcode: for one column of one record batch, a closure that
// appends the zcode of row i to a Builder. Closures are made once per column
// per batch, never per value; values are read straight from Arrow's buffers
// (64-bit ones as 32-bit word pairs, so no BigInt on the common paths).

import { Type as ArrowType, type Data, type Vector } from 'apache-arrow';
import { FormatError } from '../../errors/index.js';
import { Builder, encodeInt, underlying, type Type, type TypeContext } from '../../zed/index.js';
import { appendInt64Words, appendIntNumber, appendUint64Words, appendUintNumber } from './int64.js';
import { normalizeMapBody } from './map-body.js';
import { unimplemented, zedTypeOf } from './zed-type-of.js';

export type Append = (b: Builder, i: number) => void;

type AnyData = Data & Record<string, unknown>;

const NS_PER_DAY = 86_400_000_000_000n;
const UNIT_NS = [1_000_000_000n, 1_000_000n, 1_000n, 1n] as const;

function wordsOf(a: BigInt64Array | BigUint64Array | Uint32Array | Int32Array): Uint32Array {
  return new Uint32Array(a.buffer, a.byteOffset, (a.byteLength >> 2) & ~1);
}

function bytesOf(a: ArrayBufferView): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

/** Builder.appendRange without a subarray for short values (most strings). */
function appendBytes(b: Builder, src: Uint8Array, start: number, end: number): void {
  const n = end - start;
  const at = b.appendBody(n);
  if (n < 32) {
    const buf = b.buf;
    for (let k = 0; k < n; k++) buf[at + k] = src[start + k]!;
  } else {
    b.buf.set(src.subarray(start, end), at);
  }
}

function appendBigInt(b: Builder, v: bigint): void {
  b.append(encodeInt(BigInt.asIntN(64, v)));
}

/** What the readers share: the type context (for union members) and the format's name for errors. */
export interface ReadContext {
  readonly ctx: TypeContext;
  readonly what: string;
}

/**
 * The appender for `data`, whose Zed type is `zt` (from zedTypeOf on the same
 * Arrow type).
 */
export function columnReader(data: Data, zt: Type, rc: ReadContext): Append {
  const read = valueReader(data, zt, rc);
  const bitmap = data.nullBitmap;
  if (data.typeId === ArrowType.Union || bitmap === undefined || bitmap.length === 0 || data.nullCount === 0) return read;
  const off = data.offset;
  return (b, i) => {
    const j = off + i;
    if ((bitmap[j >> 3]! & (1 << (j & 7))) === 0) b.append(null);
    else read(b, i);
  };
}

function valueReader(data: Data, zt: Type, rc: ReadContext): Append {
  const what = rc.what;
  const d = data as AnyData;
  const off = data.offset;
  const t = data.type as unknown as Record<string, number>;
  const values = d['values'] as ArrayLike<number> & ArrayBufferView;
  switch (data.typeId) {
    case ArrowType.Null:
      return (b) => b.append(null);
    case ArrowType.Bool: {
      const bits = values as unknown as Uint8Array;
      return (b, i) => {
        const j = off + i;
        const at = b.appendBody(1);
        b.buf[at] = (bits[j >> 3]! >> (j & 7)) & 1;
      };
    }
    case ArrowType.Int: {
      if (t['bitWidth'] === 64) {
        const w = wordsOf(values as unknown as BigInt64Array);
        return t['isSigned'] ? (b, i) => appendInt64Words(b, w[2 * (off + i)]!, w[2 * (off + i) + 1]!) : (b, i) => appendUint64Words(b, w[2 * (off + i)]!, w[2 * (off + i) + 1]!);
      }
      return t['isSigned'] ? (b, i) => appendIntNumber(b, values[off + i]!) : (b, i) => appendUintNumber(b, values[off + i]!);
    }
    case ArrowType.Float: {
      const width = t['precision'] === 0 ? 2 : t['precision'] === 1 ? 4 : 8;
      const bytes = bytesOf(values);
      return (b, i) => {
        const at = b.appendBody(width);
        const from = (off + i) * width;
        for (let k = 0; k < width; k++) b.buf[at + k] = bytes[from + k]!;
      };
    }
    case ArrowType.Utf8:
    case ArrowType.Binary:
    case ArrowType.LargeUtf8:
    case ArrowType.LargeBinary: {
      const offs = data.valueOffsets as ArrayLike<number | bigint>;
      const bytes = values as unknown as Uint8Array;
      if (offs instanceof Int32Array) return (b, i) => appendBytes(b, bytes, offs[off + i]!, offs[off + i + 1]!);
      return (b, i) => appendBytes(b, bytes, Number(offs[off + i]!), Number(offs[off + i + 1]!));
    }
    case ArrowType.Utf8View:
    case ArrowType.BinaryView:
      return viewReader(data, what);
    case ArrowType.FixedSizeBinary: {
      const w = t['byteWidth']!;
      const bytes = values as unknown as Uint8Array;
      return (b, i) => b.appendRange(bytes, (off + i) * w, (off + i + 1) * w);
    }
    case ArrowType.Date: {
      if (t['unit'] === 0) return (b, i) => appendBigInt(b, BigInt(values[off + i]!) * NS_PER_DAY);
      const big = values as unknown as BigInt64Array;
      return (b, i) => appendBigInt(b, big[off + i]! * 1_000_000n);
    }
    case ArrowType.Timestamp:
    case ArrowType.Duration:
    case ArrowType.Time: {
      const mul = UNIT_NS[t['unit']!] ?? 1n;
      if (t['bitWidth'] === 32) return (b, i) => appendBigInt(b, BigInt(values[off + i]!) * mul);
      if (mul === 1n) {
        const w = wordsOf(values as unknown as BigInt64Array);
        return (b, i) => appendInt64Words(b, w[2 * (off + i)]!, w[2 * (off + i) + 1]!);
      }
      const big = values as unknown as BigInt64Array;
      return (b, i) => appendBigInt(b, big[off + i]! * mul);
    }
    case ArrowType.Interval: {
      const v = values as unknown as Int32Array;
      switch (t['unit']) {
        case 0:
          return (b, i) => appendIntNumber(b, v[off + i]!);
        case 1:
          return (b, i) => {
            b.beginContainer();
            appendIntNumber(b, v[2 * (off + i)]!);
            appendUintNumber(b, v[2 * (off + i) + 1]! >>> 0);
            b.endContainer();
          };
        default: {
          const w = wordsOf(v);
          return (b, i) => {
            const k = 4 * (off + i);
            b.beginContainer();
            appendIntNumber(b, v[k]!);
            appendIntNumber(b, v[k + 1]!);
            appendInt64Words(b, w[k + 2]!, w[k + 3]!);
            b.endContainer();
          };
        }
      }
    }
    case ArrowType.Decimal: {
      const w = values as unknown as Uint32Array;
      if (t['bitWidth'] === 128) {
        return (b, i) => {
          const k = 4 * (off + i);
          b.beginContainer();
          appendInt64Words(b, w[k + 2]!, w[k + 3]!);
          appendUint64Words(b, w[k]!, w[k + 1]!);
          b.endContainer();
        };
      }
      if (t['bitWidth'] === 256) {
        return (b, i) => {
          const k = 8 * (off + i);
          b.beginContainer();
          for (let q = 0; q < 8; q += 2) appendUint64Words(b, w[k + q]!, w[k + q + 1]!);
          b.endContainer();
        };
      }
      throw unimplemented(data.type);
    }
    case ArrowType.List:
    case ArrowType.LargeList: {
      const elem = elemType(zt);
      const child = columnReader(data.children[0]!, elem, rc);
      const offs = data.valueOffsets as ArrayLike<number | bigint>;
      return (b, i) => {
        const start = Number(offs[off + i]!);
        const end = Number(offs[off + i + 1]!);
        b.beginContainer();
        for (let k = start; k < end; k++) child(b, k);
        b.endContainer();
      };
    }
    case ArrowType.FixedSizeList: {
      const size = t['listSize']!;
      const child = columnReader(data.children[0]!, elemType(zt), rc);
      return (b, i) => {
        b.beginContainer();
        for (let k = (off + i) * size, end = k + size; k < end; k++) child(b, k);
        b.endContainer();
      };
    }
    case ArrowType.Struct: {
      const rec = underlying(zt);
      if (rec.kind !== 'record') throw new FormatError(`${what}: struct read as ${rec.kind}`);
      const kids = data.children.map((c, k) => columnReader(c, rec.fields[k]!.type, rc));
      return (b, i) => {
        b.beginContainer();
        for (const k of kids) k(b, i);
        b.endContainer();
      };
    }
    case ArrowType.Map:
      return mapReader(data, zt, rc);
    case ArrowType.Union:
      return unionReader(data, zt, rc);
    case ArrowType.Dictionary:
      return dictionaryReader(data, zt, rc);
  }
  throw unimplemented(data.type);
}

function elemType(zt: Type): Type {
  const u = underlying(zt);
  if (u.kind !== 'array' && u.kind !== 'set') throw new FormatError('list read as a non-array type');
  return u.elem;
}

function mapReader(data: Data, zt: Type, rc: ReadContext): Append {
  const u = underlying(zt);
  if (u.kind !== 'map') throw new FormatError(`${rc.what}: map read as ${u.kind}`);
  const entries = data.children[0]!;
  const keys = columnReader(entries.children[0]!, u.key, rc);
  const vals = columnReader(entries.children[1]!, u.value, rc);
  const offs = data.valueOffsets as Int32Array;
  const off = data.offset;
  const scratch = new Builder(64);
  return (b, i) => {
    const start = offs[off + i]!;
    const end = offs[off + i + 1]!;
    scratch.reset();
    for (let k = start; k < end; k++) {
      keys(scratch, k);
      vals(scratch, k);
    }
    // Zed keeps map entries sorted by key with no repeats (zed.NormalizeMap).
    b.append(normalizeMapBody(scratch.buf.subarray(0, scratch.len)));
  };
}

function unionReader(data: Data, zt: Type, rc: ReadContext): Append {
  const u = underlying(zt);
  if (u.kind !== 'union') throw new FormatError(`${rc.what}: union read as ${u.kind}`);
  const d = data as AnyData;
  const type = data.type as unknown as { mode: number; typeIdToChildIndex: Record<number, number> };
  const typeIds = d['typeIds'] as Int8Array;
  const offs = data.valueOffsets as Int32Array | undefined;
  const dense = type.mode === 1;
  const off = data.offset;
  // Each child's Zed type is a member of the union; its tag is where that type sits.
  const memberTypes = data.children.map((c) => zedTypeOf(c.type, rc.ctx));
  const tags = memberTypes.map((m) => u.selectorOf(m));
  if (tags.some((x) => x < 0)) throw new FormatError(`${rc.what}: union child outside its union type`);
  const kids = data.children.map((c, k) => columnReader(c, memberTypes[k]!, rc));
  const valid = data.children.map((c) => validity(c));
  return (b, i) => {
    const k = type.typeIdToChildIndex[typeIds[off + i]!]!;
    const row = dense ? offs![off + i]! : i;
    if (!valid[k]!(row)) {
      b.append(null);
      return;
    }
    b.beginContainer();
    appendIntNumber(b, tags[k]!);
    kids[k]!(b, row);
    b.endContainer();
  };
}

function validity(data: Data): (i: number) => boolean {
  if (data.typeId === ArrowType.Null) return () => false;
  const bitmap = data.nullBitmap;
  if (bitmap === undefined || bitmap.length === 0 || data.nullCount === 0) return () => true;
  const off = data.offset;
  return (i) => (bitmap[(off + i) >> 3]! & (1 << ((off + i) & 7))) !== 0;
}

function dictionaryReader(data: Data, zt: Type, rc: ReadContext): Append {
  const what = rc.what;
  const d = data as AnyData;
  const dict = d['dictionary'] as Vector;
  const indices = d['values'] as ArrayLike<number | bigint>;
  const off = data.offset;
  const chunks = dict.data.map((c) => columnReader(c, zt, rc));
  const starts: number[] = [];
  let total = 0;
  for (const c of dict.data) {
    starts.push(total);
    total += c.length;
  }
  return (b, i) => {
    const x = Number(indices[off + i]!);
    if (!(x >= 0 && x < total)) throw new FormatError(`${what}: dictionary index ${x} out of range`);
    let c = chunks.length - 1;
    while (starts[c]! > x) c--;
    chunks[c]!(b, x - starts[c]!);
  };
}

function viewReader(data: Data, what: string): Append {
  const views = (data as AnyData)['values'] as Uint8Array;
  const dv = new DataView(views.buffer, views.byteOffset, views.byteLength);
  const buffers = (data as unknown as { variadicBuffers: Uint8Array[] }).variadicBuffers;
  const off = data.offset;
  return (b, i) => {
    const at = (off + i) * 16;
    const len = dv.getInt32(at, true);
    if (len < 0) throw new FormatError(`${what}: negative view length`);
    if (len <= 12) {
      b.appendRange(views, at + 4, at + 4 + len);
      return;
    }
    const buf = buffers[dv.getInt32(at + 8, true)];
    const start = dv.getInt32(at + 12, true);
    if (buf === undefined || start < 0 || start + len > buf.length) throw new FormatError(`${what}: view out of bounds`);
    b.appendRange(buf, start, start + len);
  };
}
