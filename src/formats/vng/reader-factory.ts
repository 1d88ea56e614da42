// Builds the readers for a metadata tree, taking only what a projection asks
// for, and registers the segments they need. Projection follows Zed's vector
// cache (runtime/vcache/project.go): a record keeps the projected fields in
// projection order, a field it lacks reads as error("missing"); a projection
// reaching a primitive makes it error("missing"); arrays, sets, maps and
// unions are read whole.

import { FormatError } from '../../errors/index.js';
import { encodeUtf8 } from '../../util/utf8.js';
import { TypeString, type Type, type TypeContext } from '../../zed/index.js';
import { ConstReader, DictReader, PrimitiveReader, RetypedReader, type ColumnReader } from './column-reader.js';
import { ListReader } from './list-reader.js';
import { metaLength, type Meta, type RecordMeta } from './metadata.js';
import { NullsReader } from './nulls-reader.js';
import type { Projection } from './projection.js';
import { RecordReader } from './record-reader.js';
import type { SegmentSet } from './source.js';
import { UnionReader } from './union-reader.js';

const MISSING = encodeUtf8('missing');

export class ReaderBuilder {
  /** Values the built readers will produce, all columns together. */
  private work = 0;
  private readonly missingType: Type;

  constructor(
    private readonly ctx: TypeContext,
    private readonly segments: SegmentSet,
    private readonly maxWork: number,
  ) {
    this.missingType = ctx.lookupError(TypeString);
  }

  private count(n: number): void {
    this.work += n;
    if (this.work > this.maxWork) {
      throw new FormatError(`VNG object holds more than the ${this.maxWork} values this reader accepts`);
    }
  }

  private missing(length: number): ColumnReader {
    this.count(length);
    return new ConstReader(this.missingType, MISSING, length);
  }

  build(m: Meta, proj: Projection | null): ColumnReader {
    const { ctx, segments } = this;
    const base = segments.base;
    switch (m.kind) {
      case 'named': {
        const inner = this.build(m.values, proj);
        return new RetypedReader(ctx.lookupNamed(m.name, inner.type), inner);
      }
      case 'error': {
        const inner = this.build(m.values, proj);
        return new RetypedReader(ctx.lookupError(inner.type), inner);
      }
      case 'nulls':
        if (proj !== null && (m.values.kind === 'primitive' || m.values.kind === 'const')) return this.missing(metaLength(m));
        this.count(m.count);
        return new NullsReader(this.build(m.values, proj), m, segments.need(m.runs), base);
      case 'record':
        return this.record(m, proj);
      case 'array':
      case 'set': {
        this.count(m.length);
        const lengths = segments.need(m.lengths);
        const elems = this.build(m.values, null);
        const type = m.kind === 'array' ? ctx.lookupArray(elems.type) : ctx.lookupSet(elems.type);
        return new ListReader(type, m.length, lengths, base, elems, null);
      }
      case 'map': {
        this.count(m.length);
        const lengths = segments.need(m.lengths);
        const keys = this.build(m.keys, null);
        const values = this.build(m.values, null);
        return new ListReader(ctx.lookupMap(keys.type, values.type), m.length, lengths, base, keys, values);
      }
      case 'union': {
        this.count(m.length);
        const tags = segments.need(m.tags);
        const members = m.values.map((v) => this.build(v, null));
        return new UnionReader(ctx.lookupUnion(members.map((r) => r.type)), m.length, tags, base, members);
      }
      case 'primitive':
        if (proj !== null) return this.missing(m.count);
        this.count(m.count);
        if (m.dict !== null) return new DictReader(m.type, m, segments.need(m.location), base);
        return new PrimitiveReader(m.type, m, segments.need(m.location), base);
      case 'const':
        if (proj !== null) return this.missing(m.count);
        this.count(m.count);
        return ConstReader.of(m);
      case 'variant':
        throw new FormatError('corrupt VNG metadata: variant nested inside a column');
    }
  }

  private record(m: RecordMeta, proj: Projection | null): ColumnReader {
    this.count(m.length);
    for (const f of m.fields) {
      if (metaLength(f.values) !== m.length) {
        throw new FormatError(`corrupt VNG metadata: field "${f.name}" has ${metaLength(f.values)} values for ${m.length} records`);
      }
    }
    const names: string[] = [];
    const readers: ColumnReader[] = [];
    if (proj === null) {
      for (const f of m.fields) {
        names.push(f.name);
        readers.push(this.build(f.values, null));
      }
    } else {
      for (const [name, sub] of proj) {
        const f = m.fields.find((x) => x.name === name);
        names.push(name);
        readers.push(f === undefined ? this.missing(m.length) : this.build(f.values, sub));
      }
    }
    const type = this.ctx.lookupRecord(names.map((name, i) => ({ name, type: readers[i]!.type })));
    return new RecordReader(type, readers, m.length);
  }
}
