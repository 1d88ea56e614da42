// Arrow record batches -> Zed records, for the Arrow IPC and Parquet readers.
// The schema fixes one Zed record type (field names made unique as Zed does);
// each batch is checked, then converted column-wise into one buffer whose
// slices become the records' bodies.

import type { RecordBatch, Schema } from 'apache-arrow';
import { FormatError } from '../../errors/index.js';
import { Builder, Value, type RecordType, type TypeContext } from '../../zed/index.js';
import { columnReader, type Append } from './column-reader.js';
import { DataChecker } from './data-check.js';
import { uniqueNames, zedTypeOf } from './zed-type-of.js';

export class BatchReader {
  readonly recordType: RecordType;
  private readonly builder = new Builder(1 << 16);

  constructor(
    schema: Schema,
    private readonly ctx: TypeContext,
    /** Names the format in errors ("arrows", "parquet"). */
    private readonly what: string,
  ) {
    const names = uniqueNames(schema.fields);
    this.recordType = ctx.lookupRecord(schema.fields.map((f, i) => ({ name: names[i]!, type: zedTypeOf(f.type, ctx) })));
  }

  /**
   * The records of `batch`. `maxLength` bounds the length any array of the
   * batch may claim (see DataChecker).
   */
  read(batch: RecordBatch, maxLength: number): Value[] {
    const rows = batch.numRows;
    const cols = batch.data.children;
    const fields = this.recordType.fields;
    if (cols.length !== fields.length) throw new FormatError(`${this.what}: record batch has ${cols.length} columns, schema has ${fields.length}`);
    const checker = new DataChecker(this.what, maxLength);
    if (!(rows >= 0 && rows <= maxLength)) throw new FormatError(`${this.what}: record batch length ${rows} out of range`);
    const readers: Append[] = [];
    for (let c = 0; c < cols.length; c++) {
      const col = cols[c]!;
      checker.check(col);
      if (col.length < rows) throw new FormatError(`${this.what}: column "${fields[c]!.name}" shorter than its record batch`);
      readers.push(columnReader(col, fields[c]!.type, { ctx: this.ctx, what: this.what }));
    }
    const b = this.builder;
    b.reset();
    const ends = new Array<number>(rows);
    for (let i = 0; i < rows; i++) {
      for (let c = 0; c < readers.length; c++) readers[c]!(b, i);
      ends[i] = b.len;
    }
    const bytes = b.buf.slice(0, b.len);
    const out = new Array<Value>(rows);
    const t = this.recordType;
    let start = 0;
    for (let i = 0; i < rows; i++) {
      out[i] = new Value(t, bytes.subarray(start, ends[i]));
      start = ends[i]!;
    }
    // Keep the builder from pinning one huge batch's buffer forever.
    if (b.buf.length > 1 << 24) this.builder.buf = new Uint8Array(1 << 16);
    return out;
  }
}
