// The Parquet writer (zq -f parquet), with zio/parquetio's type mapping and
// errors: records become Arrow record batches as for Arrow IPC output, and
// each row group (ROW_GROUP_ROWS rows or ROW_GROUP_BYTES of Zed data,
// whichever comes first) is written by parquet-wasm as a file of its own and
// joined onto the output at once. Memory stays bounded by one row group.

import { Type as ArrowType, type Schema } from 'apache-arrow';
import { Compression, Table, WriterPropertiesBuilder, writeParquet } from 'parquet-wasm/esm';
import { InvalidError, ZedError } from '../../errors/index.js';
import type { Encoder } from '../codec.js';
import type { Value } from '../../zed/index.js';
import { ArrowBatchBuilder, IpcStreamWriter } from '../arrow/index.js';
import { RowGroupJoiner } from './row-group-joiner.js';
import { checkParquetSchema } from './support.js';
import { ensureParquetWasm } from './wasm.js';
import { concatBytes } from '../../util/concat.js';

export const ROW_GROUP_ROWS = 131_072;

/**
 * Dictionary encoding pays for strings, and costs several times the rest of
 * the write for numbers (hashing every value). parquet-wasm sets it per
 * column only by top-level name, so top-level string and bytes columns get
 * it; a column of unique strings falls back to plain after this much.
 */
const DICTIONARY_PAGE_BYTES = 256 << 10;
export const ROW_GROUP_BYTES = 64 << 20;

export interface ParquetEncoderOptions {
  /** Rows per row group (default ROW_GROUP_ROWS). */
  rowGroupRows?: number;
  /** Zed bytes per row group (default ROW_GROUP_BYTES). */
  rowGroupBytes?: number;
}

export class ParquetEncoder implements Encoder {
  private readonly builder = new ArrowBatchBuilder('parquetio');
  private readonly joiner = new RowGroupJoiner();
  private readonly rowGroupRows: number;
  private readonly rowGroupBytes: number;
  private checked = false;
  private failed: unknown = undefined;

  constructor(opts: ParquetEncoderOptions = {}) {
    this.rowGroupRows = opts.rowGroupRows ?? ROW_GROUP_ROWS;
    this.rowGroupBytes = opts.rowGroupBytes ?? ROW_GROUP_BYTES;
  }

  write(values: readonly Value[]): Uint8Array {
    if (this.failed !== undefined) throw this.failed;
    const b = this.builder;
    const out: Uint8Array[] = [];
    for (const v of values) {
      try {
        b.check(v);
        if (!this.checked) {
          checkParquetSchema(b.schema!);
          ensureParquetWasm();
          this.checked = true;
        }
      } catch (e) {
        // A value of the wrong type: the rows before it are complete.
        return this.fail(e, out, true);
      }
      try {
        b.add(v);
        if (b.rows >= this.rowGroupRows || b.bytes >= this.rowGroupBytes) out.push(this.rowGroup());
      } catch (e) {
        // A value a column could not take leaves the pending row group half-built.
        return this.fail(e, out, false);
      }
    }
    return join(out);
  }

  end(): Uint8Array {
    if (this.failed !== undefined) throw this.failed;
    const last = this.rowGroup();
    return join([last, this.joiner.finish()]);
  }

  /**
   * As Zed's writer is closed after an error: what was written is ended with
   * a footer, so the output is a valid file of the rows before the bad value.
   */
  private fail(e: unknown, out: Uint8Array[], keepPending: boolean): Uint8Array {
    this.failed = e;
    try {
      if (keepPending) out.push(this.rowGroup());
      out.push(this.joiner.finish());
    } catch {
      // The first error is the one to report.
    }
    const bytes = join(out);
    if (bytes.length === 0) throw e;
    return bytes;
  }

  private rowGroup(): Uint8Array {
    const batch = this.builder.flush();
    if (batch === null) return new Uint8Array(0);
    const ipc = new IpcStreamWriter();
    ipc.write(batch);
    ipc.close();
    let file: Uint8Array;
    try {
      let props = new WriterPropertiesBuilder()
        .setCompression(Compression.SNAPPY)
        .setMaxRowGroupSize(batch.numRows + 1)
        .setDictionaryEnabled(false)
        .setDictionaryPageSizeLimit(DICTIONARY_PAGE_BYTES);
      for (const name of dictionaryColumns(batch.schema)) props = props.setColumnDictionaryEnabled(name, true);
      file = writeParquet(Table.fromIPCStream(ipc.take()), props.build());
    } catch (e) {
      throw e instanceof ZedError ? e : new InvalidError(`parquetio: ${e instanceof Error ? e.message.replace(/^Parquet error: /, '') : String(e)}`, { cause: e });
    }
    return this.joiner.add(file);
  }
}

function dictionaryColumns(schema: Schema): string[] {
  return schema.fields
    .filter((f) => [ArrowType.Utf8, ArrowType.LargeUtf8, ArrowType.Binary, ArrowType.LargeBinary].includes(f.type.typeId))
    .map((f) => f.name);
}

/** The parts as one array: the part itself when only one holds bytes. */
function join(parts: Uint8Array[]): Uint8Array {
  const live = parts.filter((p) => p.length > 0);
  return live.length === 1 ? live[0]! : concatBytes(live);
}
