// A bounds-checking walk over an Arrow IPC message's flatbuffer metadata
// (format/Message.fbs, Schema.fbs) before apache-arrow decodes it. The
// library trusts vector lengths and offsets, so corrupt metadata could make
// it loop for a very long time; here every table, vector and string must lie
// inside the buffer, and the walk visits a bounded number of tables.

import { FormatError } from '../../errors/index.js';

export const MessageHeaderType = { none: 0, schema: 1, dictionaryBatch: 2, recordBatch: 3 } as const;

export interface MessageInfo {
  headerType: number;
  bodyLength: number;
  /** Rows of a record batch (or of a dictionary batch's data); 0 otherwise. */
  rows: number;
}

class Bad extends Error {}

class FlatBuffer {
  private readonly dv: DataView;
  visits = 0;
  constructor(
    private readonly buf: Uint8Array,
    private readonly maxVisits: number,
  ) {
    this.dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  private need(pos: number, n: number): void {
    if (!(pos >= 0 && pos + n <= this.buf.length)) throw new Bad('offset out of bounds');
  }
  u8(pos: number): number {
    this.need(pos, 1);
    return this.dv.getUint8(pos);
  }
  u16(pos: number): number {
    this.need(pos, 2);
    return this.dv.getUint16(pos, true);
  }
  i32(pos: number): number {
    this.need(pos, 4);
    return this.dv.getInt32(pos, true);
  }
  u32(pos: number): number {
    this.need(pos, 4);
    return this.dv.getUint32(pos, true);
  }
  i64(pos: number): number {
    this.need(pos, 8);
    const lo = this.dv.getUint32(pos, true);
    const hi = this.dv.getInt32(pos + 4, true);
    return hi * 4294967296 + lo;
  }

  /** The root table's position. */
  root(): number {
    return this.u32(0);
  }

  /** Position of field `i` of the table at `t`, or -1 when absent. */
  field(t: number, i: number): number {
    if (++this.visits > this.maxVisits) throw new Bad('too many tables');
    const vt = t - this.i32(t);
    const vtSize = this.u16(vt);
    if (vtSize < 4 || vtSize % 2 !== 0) throw new Bad('bad vtable');
    this.need(vt, vtSize);
    if (4 + 2 * i >= vtSize) return -1;
    const off = this.u16(vt + 4 + 2 * i);
    return off === 0 ? -1 : t + off;
  }

  /** The table (or vector or string) an offset field at `pos` refers to. */
  deref(pos: number): number {
    return pos + this.u32(pos);
  }

  /** Checks a vector of `elemSize`-byte elements at `v`; returns its length. */
  vector(v: number, elemSize: number): number {
    const n = this.u32(v);
    this.need(v + 4, n * elemSize);
    return n;
  }

  /** Visits each table of a vector of tables referenced by the field at `pos`. */
  tables(pos: number, visit: (t: number) => void): void {
    if (pos < 0) return;
    const v = this.deref(pos);
    const n = this.vector(v, 4);
    for (let i = 0; i < n; i++) visit(this.deref(v + 4 + 4 * i));
  }

  string(pos: number): void {
    if (pos >= 0) this.vector(this.deref(pos), 1);
  }
}

const TIMESTAMP = 10;
const UNION = 14;

function checkKeyValues(fb: FlatBuffer, pos: number): void {
  fb.tables(pos, (kv) => {
    fb.string(fb.field(kv, 0));
    fb.string(fb.field(kv, 1));
  });
}

function checkField(fb: FlatBuffer, f: number, depth: number): void {
  if (depth > 64) throw new Bad('fields nested too deeply');
  fb.string(fb.field(f, 0));
  const typePos = fb.field(f, 3);
  const typeTypePos = fb.field(f, 2);
  if (typePos >= 0) {
    const t = fb.deref(typePos);
    const typeType = typeTypePos >= 0 ? fb.u8(typeTypePos) : 0;
    fb.field(t, 0); // the type table's vtable
    if (typeType === TIMESTAMP) fb.string(fb.field(t, 1));
    if (typeType === UNION) {
      const ids = fb.field(t, 1);
      if (ids >= 0) fb.vector(fb.deref(ids), 4);
    }
  }
  const dict = fb.field(f, 4);
  if (dict >= 0) {
    const d = fb.deref(dict);
    const idx = fb.field(d, 1);
    if (idx >= 0) fb.field(fb.deref(idx), 0);
  }
  fb.tables(fb.field(f, 5), (c) => checkField(fb, c, depth + 1));
  checkKeyValues(fb, fb.field(f, 6));
}

function checkRecordBatch(fb: FlatBuffer, rb: number): number {
  const lenPos = fb.field(rb, 0);
  const rows = lenPos >= 0 ? fb.i64(lenPos) : 0;
  const nodes = fb.field(rb, 1);
  if (nodes >= 0) fb.vector(fb.deref(nodes), 16);
  const buffers = fb.field(rb, 2);
  if (buffers >= 0) fb.vector(fb.deref(buffers), 16);
  const comp = fb.field(rb, 3);
  if (comp >= 0) fb.field(fb.deref(comp), 0);
  const variadic = fb.field(rb, 4);
  if (variadic >= 0) fb.vector(fb.deref(variadic), 8);
  return rows;
}

/**
 * Checks the metadata flatbuffer of one IPC message and returns its header
 * type, body length and row count. Throws FormatError (with `what` saying
 * where) when anything lies outside the buffer.
 */
export function checkMessage(meta: Uint8Array, what: string): MessageInfo {
  const fb = new FlatBuffer(meta, Math.max(64, meta.length));
  try {
    const m = fb.root();
    const headerTypePos = fb.field(m, 1);
    const headerType = headerTypePos >= 0 ? fb.u8(headerTypePos) : 0;
    const bodyPos = fb.field(m, 3);
    const bodyLength = bodyPos >= 0 ? fb.i64(bodyPos) : 0;
    if (!Number.isSafeInteger(bodyLength) || bodyLength < 0) throw new Bad(`bad body length ${bodyLength}`);
    checkKeyValues(fb, fb.field(m, 4));
    const headerPos = fb.field(m, 2);
    let rows = 0;
    if (headerPos >= 0) {
      const h = fb.deref(headerPos);
      switch (headerType) {
        case MessageHeaderType.schema:
          fb.field(h, 0);
          fb.tables(fb.field(h, 1), (f) => checkField(fb, f, 0));
          checkKeyValues(fb, fb.field(h, 2));
          if (fb.field(h, 3) >= 0) fb.vector(fb.deref(fb.field(h, 3)), 8);
          break;
        case MessageHeaderType.recordBatch:
          rows = checkRecordBatch(fb, h);
          break;
        case MessageHeaderType.dictionaryBatch: {
          const data = fb.field(h, 1);
          if (data >= 0) rows = checkRecordBatch(fb, fb.deref(data));
          break;
        }
      }
    } else if (headerType !== MessageHeaderType.none) {
      throw new Bad('message has no header');
    }
    if (!Number.isSafeInteger(rows) || rows < 0) throw new Bad(`bad row count ${rows}`);
    return { headerType, bodyLength, rows };
  } catch (e) {
    if (e instanceof Bad) throw new FormatError(`${what}: malformed message metadata: ${e.message}`);
    if (e instanceof RangeError) throw new FormatError(`${what}: malformed message metadata`, { cause: e });
    throw e;
  }
}
