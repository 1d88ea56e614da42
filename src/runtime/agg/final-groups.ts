// Groups aggregated outside a GroupTable (ColumnGroups, over columns) that
// write their own output records, for GroupTable.finalResults: no Value is
// made for a key or a result, only one for each record.

import type { Builder, Type } from '../../zed/index.js';
import type { RecordShape } from './record-shape.js';

export interface FinalGroups {
  /** Groups 0 to size - 1. */
  readonly size: number;
  /**
   * Appends group g's keys and then its final values, as the fields of
   * `shape`, to b (after its reset), and puts their types in types[0...].
   */
  writeFinal(g: number, shape: RecordShape, b: Builder, types: Type[]): void;
}
