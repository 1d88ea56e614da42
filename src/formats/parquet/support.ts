// Arrow types Zed's Parquet writer (Go's pqarrow) cannot store. parquet-wasm
// could store some of them, but Zed refuses them, and so does zlake, with
// Zed's message: "parquetio: unsupported type: not implemented: support for
// DURATION". Fields are checked depth first, in order, as pqarrow does.

import { Type as ArrowType, type DataType, type Field, type Schema } from 'apache-arrow';
import { unsupportedTypeError } from '../arrow/index.js';

/** Go's arrow.Type names for the type IDs pqarrow rejects. */
function rejected(dt: DataType): string | null {
  const t = dt as DataType & Record<string, number>;
  switch (dt.typeId) {
    case ArrowType.Float:
      return t['precision'] === 0 ? 'FLOAT16' : null;
    case ArrowType.Duration:
      return 'DURATION';
    case ArrowType.Interval:
      return ['INTERVAL_MONTHS', 'INTERVAL_DAY_TIME', 'INTERVAL_MONTH_DAY_NANO'][t['unit']!] ?? 'INTERVAL';
    case ArrowType.Union:
      return t['mode'] === 1 ? 'DENSE_UNION' : 'SPARSE_UNION';
  }
  return null;
}

function check(f: Field): void {
  const why = rejected(f.type);
  if (why !== null) throw unsupportedTypeError('parquetio', `not implemented: support for ${why}`);
  for (const c of (f.type.children ?? []) as Field[]) check(c);
}

/** Throws Zed's error for the first field whose type Parquet (as Zed writes it) cannot hold. */
export function checkParquetSchema(schema: Schema): void {
  for (const f of schema.fields) check(f);
}
