// The byte format of a spilled run, shared by summarize, sort and fuse: a
// sequence of entries, each a uvarint code and a zcode element. Code 0
// defines the next run-local type (the element is its type value); code
// n > 0 is a value of local type n-1 (a null value is a null element). Type
// values are context-independent; values decode into the query's own
// TypeContext, so types come back as the same objects.

import { FormatError } from '../../errors/index.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { readUvarint } from '../../util/uvarint.js';
import { Value, type Type, type TypeContext } from '../../zed/index.js';
import type { SpillFile } from './spill-store.js';

/** Bytes buffered before a write to the spill file. */
export const RUN_CHUNK = 64 * 1024;

export class RunWriter {
  private readonly w = new ByteWriter(RUN_CHUNK + 4096);
  private readonly types = new Map<Type, number>();

  constructor(
    private readonly file: SpillFile,
    private readonly zctx: TypeContext,
  ) {}

  /** Bytes buffered and not yet written. */
  get pending(): number {
    return this.w.len;
  }

  /** Buffers one value; true when a flush is due (pending reached RUN_CHUNK). Call flush at the end too. */
  add(row: Value): boolean {
    const w = this.w;
    let code = this.types.get(row.type);
    if (code === undefined) {
      code = this.types.size + 1;
      this.types.set(row.type, code);
      w.uvarint(0);
      const tv = this.zctx.encodeTypeValue(row.type);
      w.uvarint(tv.length + 1);
      w.bytes(tv);
    }
    const b = row.bytes;
    w.uvarint(code);
    if (b === null) w.uvarint(0);
    else {
      w.uvarint(b.length + 1);
      w.bytes(b);
    }
    return w.len >= RUN_CHUNK;
  }

  async flush(): Promise<void> {
    if (this.w.len === 0) return;
    const chunk = this.w.take();
    this.w.reset();
    await this.file.write(chunk);
  }
}

const pos = { pos: 0 };

export class RunReader {
  private readonly it: AsyncIterator<Uint8Array>;
  private buf: Uint8Array = new Uint8Array(0);
  private off = 0;
  private eof = false;
  private readonly types: Type[] = [];

  constructor(
    file: SpillFile,
    private readonly zctx: TypeContext,
  ) {
    this.it = file.read()[Symbol.asyncIterator]();
  }

  /** The next rows, as many as the buffered bytes hold; empty at the end of the run. */
  async next(): Promise<Value[]> {
    const rows: Value[] = [];
    for (;;) {
      this.decode(rows);
      if (rows.length > 0) return rows;
      if (this.eof) {
        if (this.off < this.buf.length) throw new FormatError('spill run is truncated');
        return rows;
      }
      const r = await this.it.next();
      if (r.done === true) {
        this.eof = true;
        continue;
      }
      const rest = this.buf.length - this.off;
      // A new buffer each time: decoded rows keep views into the old one.
      const next = new Uint8Array(rest + r.value.length);
      next.set(this.buf.subarray(this.off));
      next.set(r.value, rest);
      this.buf = next;
      this.off = 0;
    }
  }

  /** Decodes the complete entries at the cursor, leaving a partial one for later. */
  private decode(rows: Value[]): void {
    const buf = this.buf;
    for (;;) {
      const code = readUvarint(buf, this.off, pos);
      if (code === -1) return;
      if (code < 0) throw new FormatError('spill run is corrupt');
      const tag = readUvarint(buf, pos.pos, pos);
      if (tag === -1) return;
      // Negative: an overlong varint. Zero: a null element.
      if (tag < 0) throw new FormatError('spill run is corrupt');
      const end = tag === 0 ? pos.pos : pos.pos + tag - 1;
      if (end > buf.length) return;
      const body = tag === 0 ? null : buf.subarray(pos.pos, end);
      this.off = end;
      if (code === 0) {
        if (body === null) throw new FormatError('spill run is corrupt');
        this.types.push(this.zctx.decodeTypeValue(body));
        continue;
      }
      const t = this.types[code - 1];
      if (t === undefined) throw new FormatError(`spill run refers to undefined type ${code - 1}`);
      rows.push(new Value(t, body));
    }
  }
}
