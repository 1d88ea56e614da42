// Zed records -> Arrow record batches, for the Arrow IPC and Parquet writers.
// The first record fixes the schema; a record of another type is an error,
// as in zio/arrowio (Zed suggests 'fuse'). Named record types count by their
// underlying record type.

import { Field, RecordBatch, Schema, makeData, type Struct } from 'apache-arrow';
import { underlying, type RecordType, type Value } from '../../zed/index.js';
import type { StructWriter } from './nested-writers.js';
import { recordWriter } from './writer-plan.js';
import { multipleTypesError, notRecordError, type WriterName } from './writer-errors.js';

export class ArrowBatchBuilder {
  private rec: RecordType | null = null;
  private writer: StructWriter | null = null;
  private arrowSchema: Schema | null = null;
  /** Rows added since the last flush. */
  rows = 0;
  /** Zcode bytes added since the last flush: a cheap measure of a batch's size. */
  bytes = 0;

  constructor(private readonly name: WriterName) {}

  /** The Arrow schema, once the first record has been added. */
  get schema(): Schema | null {
    return this.arrowSchema;
  }

  /**
   * Checks that `v` can be added (a record of the stream's type) and fixes
   * the schema on the first record. Throws Zed's writer errors.
   */
  check(v: Value): RecordType {
    const rec = underlying(v.type);
    if (rec.kind !== 'record') throw notRecordError(this.name, v);
    if (this.rec === null) {
      const writer = recordWriter(rec, this.name);
      this.arrowSchema = new Schema(writer.type.children.map((f) => new Field(f.name, f.type, true)));
      this.writer = writer;
      this.rec = rec;
    } else if (rec !== this.rec) {
      throw multipleTypesError(this.name, this.rec, rec);
    }
    return rec;
  }

  /** Adds a record (check() first, or let add() check). */
  add(v: Value): void {
    const rec = this.check(v);
    const body = v.bytes;
    this.writer!.append(rec, body ?? EMPTY, body === null ? -1 : 0, body === null ? -1 : body.length);
    this.rows++;
    this.bytes += body === null ? 1 : body.length;
  }

  /** The rows added since the last flush as a record batch, or null when there are none. */
  flush(): RecordBatch | null {
    if (this.rows === 0 || this.writer === null || this.arrowSchema === null) return null;
    const data = this.writer.flush();
    // Top-level rows are never null: drop any validity the struct collected.
    const top = makeData({ type: data.type as Struct, length: data.length, nullCount: 0, children: data.children });
    this.rows = 0;
    this.bytes = 0;
    return new RecordBatch(this.arrowSchema, top);
  }
}

const EMPTY = new Uint8Array(0);
