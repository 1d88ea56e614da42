// Joins single-row-group Parquet files into one file, as a stream: each part
// is a whole file from parquet-wasm's writeParquet ("PAR1", column chunks and
// page indexes, footer, footer length, "PAR1"); its body goes out at once and
// only its footer's row group (offsets moved to where the body landed) is
// kept for the final footer. So memory holds one row group, never the file.
// Thrift field ids are from parquet-format's parquet.thrift.

import { InternalError } from '../../errors/index.js';
import { field, readStruct, shiftI64, TType, writeStruct, type TList, type TStruct } from './thrift-compact.js';

const MAGIC = Uint8Array.of(0x50, 0x41, 0x52, 0x31); // "PAR1"

// FileMetaData
const FMD_NUM_ROWS = 3;
const FMD_ROW_GROUPS = 4;
// RowGroup
const RG_COLUMNS = 1;
const RG_FILE_OFFSET = 5;
const RG_ORDINAL = 7;
// ColumnChunk
const CC_FILE_OFFSET = 2;
const CC_META_DATA = 3;
const CC_OFFSET_INDEX_OFFSET = 4;
const CC_COLUMN_INDEX_OFFSET = 6;
// ColumnMetaData
const CMD_DATA_PAGE_OFFSET = 9;
const CMD_INDEX_PAGE_OFFSET = 10;
const CMD_DICTIONARY_PAGE_OFFSET = 11;
const CMD_BLOOM_FILTER_OFFSET = 14;

function footerOf(file: Uint8Array): { meta: TStruct; bodyEnd: number } {
  const n = file.length;
  const ok = n >= 12 && MAGIC.every((c, i) => file[i] === c && file[n - 4 + i] === c);
  if (!ok) throw new InternalError('parquet: writer produced a file without PAR1 magic');
  const len = new DataView(file.buffer, file.byteOffset + n - 8, 4).getUint32(0, true);
  const start = n - 8 - len;
  if (start < 4) throw new InternalError('parquet: writer produced a bad footer length');
  return { meta: readStruct(file.subarray(start, n - 8)).struct, bodyEnd: start };
}

/** How many row groups a file's footer (FileMetaData) lists. */
export function rowGroupCount(meta: TStruct): number {
  return rowGroupsOf(meta).length;
}

function rowGroupsOf(meta: TStruct): TStruct[] {
  const f = field(meta, FMD_ROW_GROUPS);
  return f === undefined ? [] : ((f.value as TList).items as TStruct[]);
}

export class RowGroupJoiner {
  private base: TStruct | null = null;
  private readonly rowGroups: TStruct[] = [];
  private rows = 0n;
  /** Bytes handed out so far: where the next body lands in the joined file. */
  private offset = 0;

  /** Takes one part (a whole Parquet file); returns the bytes to append to the output. */
  add(file: Uint8Array): Uint8Array {
    const { meta, bodyEnd } = footerOf(file);
    const first = this.base === null;
    if (first) this.base = meta;
    const lead = first ? 4 : 0;
    // The part's body starts at 4 in the part and at offset + lead in the output.
    const delta = BigInt(this.offset + lead - 4);
    for (const rg of rowGroupsOf(meta)) {
      shiftI64(rg, RG_FILE_OFFSET, delta);
      const cols = field(rg, RG_COLUMNS);
      for (const cc of cols === undefined ? [] : ((cols.value as TList).items as TStruct[])) {
        shiftI64(cc, CC_FILE_OFFSET, delta);
        shiftI64(cc, CC_OFFSET_INDEX_OFFSET, delta);
        shiftI64(cc, CC_COLUMN_INDEX_OFFSET, delta);
        const md = field(cc, CC_META_DATA);
        if (md !== undefined) {
          const m = md.value as TStruct;
          shiftI64(m, CMD_DATA_PAGE_OFFSET, delta);
          shiftI64(m, CMD_INDEX_PAGE_OFFSET, delta);
          shiftI64(m, CMD_DICTIONARY_PAGE_OFFSET, delta);
          shiftI64(m, CMD_BLOOM_FILTER_OFFSET, delta);
        }
      }
      const ord = field(rg, RG_ORDINAL);
      if (ord !== undefined) ord.value = this.rowGroups.length;
      this.rowGroups.push(rg);
    }
    const n = field(meta, FMD_NUM_ROWS);
    if (n !== undefined) this.rows += n.value as bigint;
    const body = file.subarray(first ? 0 : 4, bodyEnd);
    this.offset += body.length;
    return body;
  }

  /** The footer that ends the joined file (empty when no part was added). */
  finish(): Uint8Array {
    const meta = this.base;
    if (meta === null) return new Uint8Array(0);
    const fields = meta.fields.map((f) => {
      if (f.id === FMD_NUM_ROWS) return { ...f, value: this.rows };
      if (f.id === FMD_ROW_GROUPS) return { ...f, value: { kind: 'list' as const, elemType: TType.struct, items: this.rowGroups } };
      return f;
    });
    const footer = writeStruct({ kind: 'struct', fields });
    const out = new Uint8Array(footer.length + 8);
    out.set(footer);
    new DataView(out.buffer).setUint32(footer.length, footer.length, true);
    out.set(MAGIC, footer.length + 4);
    return out;
  }
}
