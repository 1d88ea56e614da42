// Spilling values to a SpillStore file and reading them back, for sort and
// fuse. A run is a sequence of entries, each a uvarint code and a zcode
// element: code 0 defines the next run-local type (the element is its type
// value), code n > 0 is a value of local type n-1 (a null value is a null
// element). Values decode into the query's own TypeContext.

import { FormatError } from '../../errors/index.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { readUvarint } from '../../util/uvarint.js';
import { Value, type Type, type TypeContext } from '../../zed/index.js';
import type { SpillFile, SpillStore } from '../agg/index.js';

/** Bytes buffered before a write to the spill file. */
const CHUNK = 64 * 1024;

export class ValueRunWriter {
  private readonly w = new ByteWriter(CHUNK + 4096);
  private readonly types = new Map<Type, number>();

  constructor(
    readonly file: SpillFile,
    private readonly zctx: TypeContext,
  ) {}

  /** Buffers `v`; true when a flush is due. */
  add(v: Value): boolean {
    const w = this.w;
    let code = this.types.get(v.type);
    if (code === undefined) {
      code = this.types.size + 1;
      this.types.set(v.type, code);
      const tv = this.zctx.encodeTypeValue(v.type);
      w.uvarint(0);
      w.uvarint(tv.length + 1);
      w.bytes(tv);
    }
    w.uvarint(code);
    const b = v.bytes;
    if (b === null) w.uvarint(0);
    else {
      w.uvarint(b.length + 1);
      w.bytes(b);
    }
    return w.len >= CHUNK;
  }

  async flush(): Promise<void> {
    if (this.w.len === 0) return;
    const chunk = this.w.take();
    this.w.reset();
    await this.file.write(chunk);
  }
}

/** Writes `vals` (in order) as one run in a new file of `store`. */
export async function writeRun(store: SpillStore, zctx: TypeContext, vals: readonly Value[], order?: ArrayLike<number>): Promise<SpillFile> {
  const file = await store.create();
  const w = new ValueRunWriter(file, zctx);
  const n = order === undefined ? vals.length : order.length;
  for (let i = 0; i < n; i++) {
    const v = vals[order === undefined ? i : order[i]!]!;
    if (w.add(v)) await w.flush();
  }
  await w.flush();
  return file;
}

const pos = { pos: 0 };

export class ValueRunReader {
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

  /** The next values, as many as the buffered bytes hold; empty at the end of the run. */
  async next(): Promise<Value[]> {
    const out: Value[] = [];
    for (;;) {
      this.decode(out);
      if (out.length > 0) return out;
      if (this.eof) {
        if (this.off < this.buf.length) throw new FormatError('spill run is truncated');
        return out;
      }
      const r = await this.it.next();
      if (r.done === true) {
        this.eof = true;
        continue;
      }
      const rest = this.buf.length - this.off;
      // A new buffer each time: decoded values keep views into the old one.
      const next = new Uint8Array(rest + r.value.length);
      next.set(this.buf.subarray(this.off));
      next.set(r.value, rest);
      this.buf = next;
      this.off = 0;
    }
  }

  private decode(out: Value[]): void {
    const buf = this.buf;
    for (;;) {
      const code = readUvarint(buf, this.off, pos);
      if (code === -1) return;
      if (code < 0) throw new FormatError('spill run is corrupt');
      const tag = readUvarint(buf, pos.pos, pos);
      if (tag === -1) return;
      if (tag < 0) throw new FormatError('spill run is corrupt');
      const start = pos.pos;
      const end = tag === 0 ? start : start + tag - 1;
      if (end > buf.length) return;
      this.off = end;
      if (code === 0) {
        if (tag === 0) throw new FormatError('spill run is corrupt');
        this.types.push(this.zctx.decodeTypeValue(buf.subarray(start, end)));
        continue;
      }
      const t = this.types[code - 1];
      if (t === undefined) throw new FormatError(`spill run refers to undefined type ${code - 1}`);
      out.push(new Value(t, tag === 0 ? null : buf.subarray(start, end)));
    }
  }
}
