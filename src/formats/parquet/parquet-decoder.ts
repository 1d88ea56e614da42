// The Parquet reader (zq -i parquet). Parquet puts its metadata in a footer
// at the end of the file, so the whole input is held until end() (at most
// MAX_PARQUET_BYTES), then parquet-wasm decodes it into Arrow record batches
// that become Zed records as Arrow IPC input does (zio/parquetio reads
// through zio/arrowio the same way). WebAssembly memory is 32-bit: the file
// and its decoded columns must fit in 4 GiB together.

import { RecordBatchReader } from 'apache-arrow';
import { readParquet } from 'parquet-wasm/esm';
import { FormatError, ZedError } from '../../errors/index.js';
import type { TypeContext, Value } from '../../zed/index.js';
import type { Decoder } from '../codec.js';
import { BatchReader, readerError } from '../arrow/index.js';
import { ensureParquetWasm } from './wasm.js';
import { readStruct } from './thrift-compact.js';
import { rowGroupCount } from './row-group-joiner.js';
import { concatBytes } from '../../util/concat.js';

/** The largest Parquet input read (it is held whole in memory). */
export const MAX_PARQUET_BYTES = 1 << 30;

/** Rows per Arrow record batch decoded from a row group. */
const READ_BATCH_ROWS = 65536;

const MAGIC = [0x50, 0x41, 0x52, 0x31]; // "PAR1"

export function hasParquetMagic(b: Uint8Array): boolean {
  return MAGIC.every((c, i) => b[i] === c);
}

export class ParquetDecoder implements Decoder {
  private chunks: Uint8Array[] = [];
  private size = 0;
  private done = false;

  constructor(
    private readonly ctx: TypeContext,
    private readonly maxBytes = MAX_PARQUET_BYTES,
  ) {}

  push(chunk: Uint8Array): Value[] {
    if (this.done) throw new FormatError('parquet: input after end');
    if (this.size + chunk.length > this.maxBytes) {
      throw new FormatError(`parquet: input exceeds ${this.maxBytes} bytes (Parquet is read whole, in memory)`);
    }
    // Copy: the caller may reuse its chunk buffers.
    this.chunks.push(chunk.slice());
    this.size += chunk.length;
    return [];
  }

  /** Decodes the whole input: every record, in row-group order. */
  end(): Value[] {
    const out: Value[] = [];
    for (const batch of this.endBatches()) for (const v of batch) out.push(v);
    return out;
  }

  /**
   * Decodes the whole input one Arrow record batch (at most READ_BATCH_ROWS
   * rows) at a time, row group by row group, so that beside the file only
   * one row group's columns and one batch of Zed values are in memory.
   * (parquet-wasm decodes a whole file several times slower than its row
   * groups one by one.)
   */
  *endBatches(): Generator<Value[]> {
    this.done = true;
    const file = this.chunks.length === 1 ? this.chunks[0]! : concatBytes(this.chunks, this.size);
    this.chunks = [];
    const groups = guarded(() => this.rowGroups(file));
    let reader: BatchReader | null = null;
    for (const g of groups) {
      const batches = inRowGroup(g, groups.length, () =>
        guarded(() => {
          const table = readParquet(file, g === null ? { batchSize: READ_BATCH_ROWS } : { batchSize: READ_BATCH_ROWS, rowGroups: [g] });
          try {
            return table.recordBatches();
          } finally {
            table.free();
          }
        }),
      );
      try {
        while (batches.length > 0) {
          const rb = batches.shift()!;
          const values = guarded(() => {
            const r = RecordBatchReader.from(rb.intoIPCStream());
            r.open();
            reader ??= new BatchReader(r.schema, this.ctx, 'parquet');
            const vals: Value[] = [];
            // Lengths come from the engine, which built these arrays; offsets are still checked.
            for (const batch of r) for (const v of reader.read(batch, Number.MAX_SAFE_INTEGER)) vals.push(v);
            return vals;
          });
          if (values.length > 0) yield values;
        }
      } finally {
        for (const rb of batches) rb.free();
      }
    }
  }

  /**
   * Checks the file's framing and lists its row groups from the footer (null
   * for "the whole file at once", when the footer does not parse here: the
   * engine then says what is wrong).
   */
  private rowGroups(file: Uint8Array): (number | null)[] {
    const n = file.length;
    if (n < 12 || !hasParquetMagic(file) || !hasParquetMagic(file.subarray(n - 4))) {
      throw new FormatError(`parquet: not a Parquet file (${n < 12 ? `only ${n} bytes` : 'no PAR1 magic at both ends'})`);
    }
    const footerLen = new DataView(file.buffer, file.byteOffset + n - 8, 4).getUint32(0, true);
    if (footerLen > n - 12) throw new FormatError(`parquet: footer length ${footerLen} exceeds the file (${n} bytes)`);
    ensureParquetWasm();
    let count: number;
    try {
      count = rowGroupCount(readStruct(file.subarray(n - 8 - footerLen, n - 8)).struct);
    } catch {
      return [null];
    }
    return Array.from({ length: count }, (_, i) => i);
  }
}

/** Says which row group a decoding error is in (the whole file when the footer gave none). */
function inRowGroup<T>(g: number | null, count: number, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof FormatError) || g === null) throw e;
    const reason = e.message.replace(/^parquet: /, '');
    throw new FormatError(`parquet: row group ${g} of ${count}: ${reason}`, { cause: e, reason: e.reason });
  }
}

function guarded<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw engineError(e);
  }
}

/** A failure inside parquet-wasm, as a FormatError naming the format. */
export function engineError(e: unknown): ZedError {
  if (e instanceof Error && !(e instanceof ZedError)) {
    return new FormatError(`parquet: ${e.message.replace(/^Parquet error: /, '')}`, { cause: e });
  }
  return readerError('parquet', e);
}
