// The writer errors Zed gives when a value cannot go to Arrow or Parquet
// (zio/arrowio/writer.go; zio/parquetio/writer.go swaps the "arrowio: " prefix
// for "parquetio: "). The prefix names the writer.

import { InvalidError, UnsupportedError } from '../../errors/index.js';
import type { Type, Value } from '../../zed/index.js';
import { formatType, formatValue } from '../../zson/index.js';

export type WriterName = 'arrowio' | 'parquetio';

export function notRecordError(w: WriterName, v: Value): InvalidError {
  return new InvalidError(`${w}: not a record: ${formatValue(v)}`);
}

export function multipleTypesError(w: WriterName, first: Type, next: Type): InvalidError {
  return new InvalidError(`${w}: encountered multiple types (consider 'fuse'): ${formatType(first)} and ${formatType(next)}`);
}

export function unsupportedTypeError(w: WriterName, detail: string, cause?: unknown): UnsupportedError {
  return new UnsupportedError(`${w}: unsupported type: ${detail}`, cause === undefined ? undefined : { cause });
}

/** A value the Arrow type chosen for its column cannot hold (Go's builders panic here). */
export function badValueError(w: WriterName, detail: string): InvalidError {
  return new InvalidError(`${w}: ${detail}`);
}
