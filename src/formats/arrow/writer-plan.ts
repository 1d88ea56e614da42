// Zed type -> Arrow column writer, with Zed's type mapping (zio/arrowio
// newArrowDataType): primitives to their Arrow twins, time as nanosecond
// timestamps, ip/net/type/enum/error as strings, records as structs, arrays
// and sets as lists, maps as maps, unions as dense unions. A type named
// arrow_* (as the reader names Arrow types Zed has no twin for) goes back to
// that Arrow type; only the outermost name of a type counts, as in Zed.

import {
  Binary,
  type DataType,
  DateDay,
  DateMillisecond,
  DurationMicrosecond,
  DurationMillisecond,
  DurationNanosecond,
  DurationSecond,
  Int16,
  Int32,
  Int64,
  Int8,
  IntervalYearMonth,
  LargeBinary,
  LargeUtf8,
  TimeMicrosecond,
  TimeMillisecond,
  TimeNanosecond,
  TimeSecond,
  TimestampMicrosecond,
  TimestampMillisecond,
  TimestampNanosecond,
  TimestampSecond,
  Uint16,
  Uint32,
  Uint64,
  Uint8,
  Utf8,
  util,
} from 'apache-arrow';
import { underlying, type RecordType, type Type, type UnionType } from '../../zed/index.js';
import {
  BoolWriter,
  FixedSizeBinaryWriter,
  FloatWriter,
  Int64Writer,
  NullWriter,
  SmallIntWriter,
  VarBinaryWriter,
  type ColumnWriter,
  type IntConversion,
} from './column-writer.js';
import { dayTimeWriter, decimal128Writer, decimal256Writer, monthDayNanoWriter } from './fixed-record-writers.js';
import { int16s, int32s, int8s, uint16s, uint32s, uint8s } from './growable.js';
import { ListWriter, MapWriter, StructWriter, UnionWriter } from './nested-writers.js';
import { unsupportedTypeError, type WriterName } from './writer-errors.js';

const NS_PER_DAY = 86_400_000_000_000n;

const per = (unit: bigint): IntConversion => (ns) => ns / unit; // BigInt division truncates, as Go's does
const floorDays = (ns: bigint): bigint => (ns >= 0n ? ns / NS_PER_DAY : -((-ns + NS_PER_DAY - 1n) / NS_PER_DAY));

/** Decimal precisions declared for arrow_decimal128/256 columns (Zed keeps none; 0 is invalid to Parquet). */
const DECIMAL128_PRECISION = 38;
const DECIMAL256_PRECISION = 76;

/** Writers for the fields of a record type: the columns of a record batch. */
export function recordWriter(rec: RecordType, w: WriterName): StructWriter {
  if (rec.fields.length === 0) throw unsupportedTypeError(w, 'empty record');
  return new StructWriter(
    rec.fields.map((f) => f.name),
    rec.fields.map((f) => columnWriter(f.type, w)),
    w,
  );
}

/** The column writer for values of Zed type `t`. */
export function columnWriter(t: Type, w: WriterName): ColumnWriter {
  const name = t.kind === 'named' ? t.name : '';
  const u = underlying(t);
  switch (u.kind) {
    case 'primitive':
      return primitiveWriter(u.name, name, w);
    case 'record':
      switch (name) {
        case 'arrow_day_time_interval':
          if (fieldsAre(u, [['days', 'int32'], ['milliseconds', 'uint32']])) return dayTimeWriter(w);
          break;
        case 'arrow_decimal128':
          if (fieldsAre(u, [['high', 'int64'], ['low', 'uint64']])) return decimal128Writer(w, DECIMAL128_PRECISION);
          break;
        case 'arrow_month_day_nano_interval':
          if (fieldsAre(u, [['month', 'int32'], ['day', 'int32'], ['nanoseconds', 'int64']])) return monthDayNanoWriter(w);
          break;
      }
      return recordWriter(u, w);
    case 'array':
    case 'set': {
      const elem = u.elem;
      const fixed = /^arrow_fixed_size_list_([0-9]+)$/.exec(name);
      if (fixed !== null) return new ListWriter({ kind: 'fixed', size: Number(fixed[1]) }, columnWriter(elem, w), w);
      if (name === 'arrow_decimal256' && elem.kind === 'primitive' && elem.name === 'uint64') return decimal256Writer(w, DECIMAL256_PRECISION);
      if (name === 'arrow_large_list') return new ListWriter({ kind: 'large' }, columnWriter(elem, w), w);
      return new ListWriter({ kind: 'list' }, columnWriter(elem, w), w);
    }
    case 'map':
      return new MapWriter(columnWriter(u.key, w), columnWriter(u.value, w), w);
    case 'union':
      return unionWriter(u, w);
    case 'enum':
    case 'error':
      return new VarBinaryWriter(new Utf8(), w);
  }
  throw unsupportedTypeError(w, (u as { kind: string }).kind);
}

function primitiveWriter(p: string, name: string, w: WriterName): ColumnWriter {
  switch (p) {
    case 'uint8':
      return new SmallIntWriter(new Uint8(), uint8s);
    case 'uint16':
      return new SmallIntWriter(new Uint16(), uint16s);
    case 'uint32':
      return new SmallIntWriter(new Uint32(), uint32s);
    case 'uint64':
      return new Int64Writer(new Uint64());
    case 'int8':
      return new SmallIntWriter(new Int8(), int8s);
    case 'int16':
      return new SmallIntWriter(new Int16(), int16s);
    case 'int32':
      return name === 'arrow_month_interval' ? new SmallIntWriter(new IntervalYearMonth(), int32s) : new SmallIntWriter(new Int32(), int32s);
    case 'int64':
      return new Int64Writer(new Int64());
    case 'duration':
      switch (name) {
        case 'arrow_duration_s':
          return new Int64Writer(new DurationSecond(), per(1_000_000_000n));
        case 'arrow_duration_ms':
          return new Int64Writer(new DurationMillisecond(), per(1_000_000n));
        case 'arrow_duration_us':
          return new Int64Writer(new DurationMicrosecond(), per(1_000n));
      }
      return new Int64Writer(new DurationNanosecond());
    case 'time':
      return timeWriter(name);
    case 'float16':
      return new FloatWriter(2);
    case 'float32':
      return new FloatWriter(4);
    case 'float64':
      return new FloatWriter(8);
    case 'bool':
      return new BoolWriter();
    case 'bytes': {
      const fixed = /^arrow_fixed_size_binary_([0-9]+)$/.exec(name);
      if (fixed !== null) return new FixedSizeBinaryWriter(Number(fixed[1]), w);
      return new VarBinaryWriter(name === 'arrow_large_binary' ? new LargeBinary() : new Binary(), w);
    }
    case 'string':
      return new VarBinaryWriter(name === 'arrow_large_string' ? new LargeUtf8() : new Utf8(), w);
    case 'ip':
    case 'net':
    case 'type':
      return new VarBinaryWriter(new Utf8(), w);
    case 'null':
      return new NullWriter();
  }
  throw unsupportedTypeError(w, p);
}

function timeWriter(name: string): ColumnWriter {
  switch (name) {
    case 'arrow_date32':
      return new SmallIntWriter(new DateDay(), int32s, floorDays);
    case 'arrow_date64':
      return new Int64Writer(new DateMillisecond(), (ns) => floorDays(ns) * 86_400_000n);
    case 'arrow_timestamp_s':
      return new Int64Writer(new TimestampSecond(), per(1_000_000_000n));
    case 'arrow_timestamp_ms':
      return new Int64Writer(new TimestampMillisecond(), per(1_000_000n));
    case 'arrow_timestamp_us':
      return new Int64Writer(new TimestampMicrosecond(), per(1_000n));
    case 'arrow_time32_s':
      return new SmallIntWriter(new TimeSecond(), int32s, per(1_000_000_000n));
    case 'arrow_time32_ms':
      return new SmallIntWriter(new TimeMillisecond(), int32s, per(1_000_000n));
    case 'arrow_time64_us':
      return new Int64Writer(new TimeMicrosecond(), per(1_000n));
    case 'arrow_time64_ns':
      return new Int64Writer(new TimeNanosecond());
  }
  return new Int64Writer(new TimestampNanosecond());
}

function fieldsAre(rec: RecordType, want: readonly [string, string][]): boolean {
  return (
    rec.fields.length === want.length &&
    rec.fields.every((f, i) => f.name === want[i]![0] && f.type.kind === 'primitive' && f.type.name === want[i]![1])
  );
}

/** Zed allows no more members than a uint8 type code can name (math.MaxUint8). */
const MAX_UNION_MEMBERS = 255;

function unionWriter(u: UnionType, w: WriterName): ColumnWriter {
  if (u.types.length > MAX_UNION_MEMBERS) throw unsupportedTypeError(w, `union with more than ${MAX_UNION_MEMBERS} fields`);
  const children: ColumnWriter[] = [];
  const codesOf = (union: UnionType): number[] =>
    union.types.map((m) => {
      const cw = columnWriter(m, w);
      let j = children.findIndex((c) => sameType(c.type, cw.type));
      if (j < 0) {
        j = children.length;
        children.push(cw);
      }
      return j;
    });
  const codes = new Map<UnionType, readonly number[]>([[u, codesOf(u)]]);
  const lookup = (union: UnionType): readonly number[] => {
    let c = codes.get(union);
    if (c === undefined) {
      // Another union type sharing this column (a union member of a union):
      // its members must map onto existing children.
      const n = children.length;
      c = codesOf(union);
      if (children.length !== n) throw unsupportedTypeError(w, 'union members that differ across values');
      codes.set(union, c);
    }
    return c;
  };
  return new UnionWriter(children, lookup, w);
}

function sameType(a: DataType, b: DataType): boolean {
  return util.compareTypes(a, b);
}
