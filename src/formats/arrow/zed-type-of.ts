// Arrow type -> Zed type, as zio/arrowio's reader maps them: Arrow types
// with a Zed twin become it; the others become a named Zed type that says
// which Arrow type it was (arrow_date32=time, arrow_decimal128={high,low},
// ...), so that the writer can turn them back into the same Arrow type.

import { type DataType, type Field, Type as ArrowType } from 'apache-arrow';
import { UnsupportedError } from '../../errors/index.js';
import {
  TypeBool,
  TypeBytes,
  TypeDuration,
  TypeFloat16,
  TypeFloat32,
  TypeFloat64,
  TypeInt16,
  TypeInt32,
  TypeInt64,
  TypeInt8,
  TypeNull,
  TypeString,
  TypeTime,
  TypeUint16,
  TypeUint32,
  TypeUint64,
  TypeUint8,
  type Type,
  type TypeContext,
} from '../../zed/index.js';

/** Arrow's unit names, as Go's arrow.TimeUnit.String() spells them. */
const UNITS = ['s', 'ms', 'us', 'ns'] as const;

export function unitName(unit: number): string {
  return UNITS[unit] ?? `unit${unit}`;
}

export function unimplemented(dt: DataType): UnsupportedError {
  return new UnsupportedError(`unimplemented Arrow type: ${String(dt)}`);
}

/**
 * Makes the top-level field names of a schema unique as Zed does (a repeated
 * "a" becomes "a1", "a2", ...): a record cannot repeat a field name.
 */
export function uniqueNames(fields: readonly Field[]): string[] {
  const seen = new Map<string, number>();
  return fields.map((f) => {
    const n = seen.get(f.name) ?? 0;
    seen.set(f.name, n + 1);
    return n > 0 ? f.name + String(n) : f.name;
  });
}

export function zedTypeOf(dt: DataType, ctx: TypeContext): Type {
  const t = dt as DataType & Record<string, unknown>;
  switch (dt.typeId) {
    case ArrowType.Null:
      return TypeNull;
    case ArrowType.Bool:
      return TypeBool;
    case ArrowType.Int: {
      const signed = t['isSigned'] as boolean;
      switch (t['bitWidth'] as number) {
        case 8:
          return signed ? TypeInt8 : TypeUint8;
        case 16:
          return signed ? TypeInt16 : TypeUint16;
        case 32:
          return signed ? TypeInt32 : TypeUint32;
        case 64:
          return signed ? TypeInt64 : TypeUint64;
      }
      break;
    }
    case ArrowType.Float:
      switch (t['precision'] as number) {
        case 0:
          return TypeFloat16;
        case 1:
          return TypeFloat32;
        case 2:
          return TypeFloat64;
      }
      break;
    case ArrowType.Utf8:
    case ArrowType.Utf8View:
      return TypeString;
    case ArrowType.Binary:
    case ArrowType.BinaryView:
      return TypeBytes;
    case ArrowType.FixedSizeBinary:
      return ctx.lookupNamed(`arrow_fixed_size_binary_${t['byteWidth'] as number}`, TypeBytes);
    case ArrowType.Date:
      return ctx.lookupNamed((t['unit'] as number) === 0 ? 'arrow_date32' : 'arrow_date64', TypeTime);
    case ArrowType.Timestamp: {
      const unit = t['unit'] as number;
      return unit === 3 ? TypeTime : ctx.lookupNamed(`arrow_timestamp_${unitName(unit)}`, TypeTime);
    }
    case ArrowType.Time: {
      return ctx.lookupNamed(`arrow_time${t['bitWidth'] as number}_${unitName(t['unit'] as number)}`, TypeTime);
    }
    case ArrowType.Interval:
      switch (t['unit'] as number) {
        case 0:
          return ctx.lookupNamed('arrow_month_interval', TypeInt32);
        case 1:
          return ctx.lookupNamed(
            'arrow_day_time_interval',
            ctx.lookupRecord([
              { name: 'days', type: TypeInt32 },
              { name: 'milliseconds', type: TypeUint32 },
            ]),
          );
        case 2:
          return ctx.lookupNamed(
            'arrow_month_day_nano_interval',
            ctx.lookupRecord([
              { name: 'month', type: TypeInt32 },
              { name: 'day', type: TypeInt32 },
              { name: 'nanoseconds', type: TypeInt64 },
            ]),
          );
      }
      break;
    case ArrowType.Decimal:
      switch (t['bitWidth'] as number) {
        case 128:
          return ctx.lookupNamed(
            'arrow_decimal128',
            ctx.lookupRecord([
              { name: 'high', type: TypeInt64 },
              { name: 'low', type: TypeUint64 },
            ]),
          );
        case 256:
          return ctx.lookupNamed('arrow_decimal256', ctx.lookupArray(TypeUint64));
      }
      break;
    case ArrowType.List:
      return ctx.lookupArray(zedTypeOf(childType(dt, 0), ctx));
    case ArrowType.LargeList:
      return ctx.lookupNamed('arrow_large_list', ctx.lookupArray(zedTypeOf(childType(dt, 0), ctx)));
    case ArrowType.FixedSizeList:
      return ctx.lookupNamed(`arrow_fixed_size_list_${t['listSize'] as number}`, ctx.lookupArray(zedTypeOf(childType(dt, 0), ctx)));
    case ArrowType.Struct:
      return ctx.lookupRecord((dt.children as Field[]).map((f) => ({ name: f.name, type: zedTypeOf(f.type, ctx) })));
    case ArrowType.Union: {
      const members = (dt.children as Field[]).map((f) => zedTypeOf(f.type, ctx));
      return ctx.lookupUnion([...new Set(members)]);
    }
    case ArrowType.Dictionary:
      return zedTypeOf(t['dictionary'] as DataType, ctx);
    case ArrowType.Map: {
      const entries = childType(dt, 0);
      return ctx.lookupMap(zedTypeOf(childType(entries, 0), ctx), zedTypeOf(childType(entries, 1), ctx));
    }
    case ArrowType.Duration: {
      const unit = t['unit'] as number;
      return unit === 3 ? TypeDuration : ctx.lookupNamed(`arrow_duration_${unitName(unit)}`, TypeDuration);
    }
    case ArrowType.LargeUtf8:
      return ctx.lookupNamed('arrow_large_string', TypeString);
    case ArrowType.LargeBinary:
      return ctx.lookupNamed('arrow_large_binary', TypeBytes);
  }
  throw unimplemented(dt);
}

function childType(dt: DataType, i: number): DataType {
  const c = (dt.children as Field[] | undefined)?.[i];
  if (c === undefined) throw unimplemented(dt);
  return c.type;
}
