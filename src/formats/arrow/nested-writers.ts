// Column writers for Arrow's nested types: struct (Zed records), list, large
// list and fixed-size list (arrays and sets), map, and dense union.

import {
  DenseUnion,
  Field,
  FixedSizeList,
  LargeList,
  List,
  Map_,
  Struct,
  makeData,
  type Data,
} from 'apache-arrow';
import { readElement, underlying, type Type, type UnionType } from '../../zed/index.js';
import type { ColumnWriter } from './column-writer.js';
import { Growable, Validity, int32s, int8s } from './growable.js';
import { badValueError, type WriterName } from './writer-errors.js';

export class StructWriter implements ColumnWriter {
  readonly type: Struct;
  private readonly valid = new Validity();
  private readonly el = { start: 0, end: 0 };
  constructor(
    names: readonly string[],
    readonly children: readonly ColumnWriter[],
    private readonly writer: WriterName,
  ) {
    this.type = new Struct(children.map((c, i) => new Field(names[i]!, c.type, true)));
  }
  get length(): number {
    return this.valid.length;
  }
  append(t: Type, buf: Uint8Array, start: number, end: number): void {
    this.valid.push(start >= 0);
    const kids = this.children;
    if (start < 0) {
      for (const k of kids) k.append(t, buf, -1, -1);
      return;
    }
    const rec = underlying(t);
    if (rec.kind !== 'record') throw badValueError(this.writer, 'record column got a non-record value');
    const fields = rec.fields;
    const el = this.el;
    let off = start;
    for (let i = 0; i < kids.length; i++) {
      const ft = fields[i]!.type;
      if (off < end) {
        off = readElement(buf, off, end, el);
        kids[i]!.append(ft, buf, el.start, el.end);
      } else {
        kids[i]!.append(ft, buf, -1, -1);
      }
    }
  }
  flush(): Data {
    const length = this.valid.length;
    return makeData({ type: this.type, length, ...this.valid.take(), children: this.children.map((c) => c.flush()) });
  }
}

export type ListKind = { kind: 'list' } | { kind: 'large' } | { kind: 'fixed'; size: number };

/** Arrays and sets as lists; the element type comes from each value's own Zed type. */
export class ListWriter implements ColumnWriter {
  readonly type: List | LargeList | FixedSizeList;
  private readonly valid = new Validity();
  private readonly offsets = new Growable(int32s);
  private count = 0;
  private readonly el = { start: 0, end: 0 };
  constructor(
    private readonly shape: ListKind,
    private readonly child: ColumnWriter,
    private readonly writer: WriterName,
  ) {
    const f = new Field('item', child.type, true);
    this.type = shape.kind === 'list' ? new List(f) : shape.kind === 'large' ? new LargeList(f) : new FixedSizeList(shape.size, f);
    this.offsets.push(0);
  }
  get length(): number {
    return this.valid.length;
  }
  append(t: Type, buf: Uint8Array, start: number, end: number): void {
    this.valid.push(start >= 0);
    const shape = this.shape;
    if (start >= 0) {
      const u = underlying(t);
      if (u.kind !== 'array' && u.kind !== 'set') throw badValueError(this.writer, 'list column got a non-array value');
      const el = this.el;
      let n = 0;
      for (let off = start; off < end; n++) {
        off = readElement(buf, off, end, el);
        this.child.append(u.elem, buf, el.start, el.end);
      }
      if (shape.kind === 'fixed' && n !== shape.size) {
        throw badValueError(this.writer, `array of ${n} elements in a fixed-size list column of size ${shape.size}`);
      }
      this.count += n;
    } else if (shape.kind === 'fixed') {
      for (let i = 0; i < shape.size; i++) this.child.append(t, buf, -1, -1);
      this.count += shape.size;
    }
    if (this.count > 0x7fffffff) throw badValueError(this.writer, 'a list column of a batch exceeds 2^31 elements');
    if (shape.kind !== 'fixed') this.offsets.push(this.count);
  }
  flush(): Data {
    const length = this.valid.length;
    const offs = this.offsets.take();
    this.offsets.push(0);
    this.count = 0;
    const base = { type: this.type, length, ...this.valid.take(), child: this.child.flush() };
    if (this.shape.kind === 'fixed') return makeData(base as never);
    const valueOffsets = this.shape.kind === 'large' ? BigInt64Array.from(offs, (x) => BigInt(x)) : offs;
    return makeData({ ...base, valueOffsets } as never);
  }
}

/** Maps as Arrow maps: a list of non-null keys with nullable values. */
export class MapWriter implements ColumnWriter {
  readonly type: Map_;
  private readonly entriesType: Struct;
  private readonly valid = new Validity();
  private readonly offsets = new Growable(int32s);
  private count = 0;
  private readonly el = { start: 0, end: 0 };
  constructor(
    private readonly keys: ColumnWriter,
    private readonly values: ColumnWriter,
    private readonly writer: WriterName,
  ) {
    this.entriesType = new Struct([new Field('key', keys.type, false), new Field('value', values.type, true)]);
    this.type = new Map_(new Field('entries', this.entriesType, false));
    this.offsets.push(0);
  }
  get length(): number {
    return this.valid.length;
  }
  append(t: Type, buf: Uint8Array, start: number, end: number): void {
    this.valid.push(start >= 0);
    if (start >= 0) {
      const u = underlying(t);
      if (u.kind !== 'map') throw badValueError(this.writer, 'map column got a non-map value');
      const el = this.el;
      for (let off = start; off < end; this.count++) {
        off = readElement(buf, off, end, el);
        if (el.start < 0) throw badValueError(this.writer, 'map key is null');
        this.keys.append(u.key, buf, el.start, el.end);
        if (off >= end) throw badValueError(this.writer, 'map entry has no value');
        off = readElement(buf, off, end, el);
        this.values.append(u.value, buf, el.start, el.end);
      }
    }
    this.offsets.push(this.count);
  }
  flush(): Data {
    const length = this.valid.length;
    const entries = this.keys.length;
    const child = makeData({ type: this.entriesType, length: entries, nullCount: 0, children: [this.keys.flush(), this.values.flush()] });
    const valueOffsets = this.offsets.take();
    this.offsets.push(0);
    this.count = 0;
    return makeData({ type: this.type, length, ...this.valid.take(), valueOffsets, child });
  }
}

/**
 * Unions as dense unions. Members whose Arrow types are equal share one child
 * (as zio/arrowio does); `codes` maps each member tag of a Zed union type to
 * its child. A null goes to child 0, as a null has no member.
 */
export class UnionWriter implements ColumnWriter {
  readonly type: DenseUnion;
  private readonly typeIds = new Growable(int8s);
  private readonly offsets = new Growable(int32s);
  private readonly el = { start: 0, end: 0 };
  constructor(
    private readonly children: readonly ColumnWriter[],
    private readonly codes: (u: UnionType) => readonly number[],
    private readonly writer: WriterName,
  ) {
    this.type = new DenseUnion(
      children.map((_, i) => i),
      children.map((c) => new Field('', c.type, true)),
    );
  }
  get length(): number {
    return this.typeIds.n;
  }
  append(t: Type, buf: Uint8Array, start: number, end: number): void {
    if (start < 0) {
      this.typeIds.push(0);
      this.offsets.push(this.children[0]!.length);
      this.children[0]!.append(t, buf, -1, -1);
      return;
    }
    const u = underlying(t);
    if (u.kind !== 'union') throw badValueError(this.writer, 'union column got a non-union value');
    const el = this.el;
    let off = readElement(buf, start, end, el);
    const tag = el.start < 0 ? -1 : Number(smallTag(buf, el.start, el.end));
    const member = u.types[tag];
    const code = this.codes(u)[tag];
    if (member === undefined || code === undefined || off >= end) throw badValueError(this.writer, 'malformed union value');
    off = readElement(buf, off, end, el);
    const child = this.children[code]!;
    this.typeIds.push(code);
    this.offsets.push(child.length);
    child.append(member, buf, el.start, el.end);
  }
  flush(): Data {
    const length = this.typeIds.n;
    return makeData({
      type: this.type,
      length,
      nullCount: 0,
      typeIds: this.typeIds.take(),
      valueOffsets: this.offsets.take(),
      children: this.children.map((c) => c.flush()),
    } as never);
  }
}

/** A union tag: a zcode signed int (small in practice). */
function smallTag(buf: Uint8Array, start: number, end: number): number {
  let u = 0;
  let mul = 1;
  for (let i = start; i < end && i < start + 6; i++) {
    u += buf[i]! * mul;
    mul *= 256;
  }
  return u % 2 === 0 ? u / 2 : -1;
}
