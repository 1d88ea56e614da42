// VngEncoder: the VNG writer (zq -f vng). VNG cannot be streamed: the
// metadata that locates every column comes before the data, so, as Zed's
// writer does, values are kept in memory as column bytes until the end, then
// the header, metadata section and data section are written at once. The
// format bounds a file: 4 GiB of data, 2 GiB per column, 100 MiB of metadata.

import { InvalidError } from '../../errors/index.js';
import { concatBytes } from '../../util/concat.js';
import { TypeContext, TypeNull, type Type, type Value } from '../../zed/index.js';
import { shredValues, type SpanRef, type ValueSpans } from './shred-wasm.js';
import type { Encoder } from '../codec.js';
import { encodeZng } from '../zng/index.js';
import { Layout } from './column-writer.js';
import { HEADER_SIZE, MAX_META_SIZE, VNG_VERSION, serializeHeader } from './header.js';
import { marshalMeta } from './metadata-marshal.js';
import { VariantWriter } from './variant-writer.js';
import { checksumTrailer } from './checksums.js';

const EMPTY = new Uint8Array(0);

export interface VngEncoderOptions {
  /** LZ4-compress segments where that makes them smaller (default true, as Zed). */
  readonly compress?: boolean;
  /**
   * Write a checksum of each segment after the data section (default
   * false; Zed writes none): see checksums.ts.
   */
  checksums?: boolean;
  /** Keep each primitive column's min and max in the metadata (default true, as Zed). */
  readonly minMax?: boolean;
}

const NO_BYTES = new Uint8Array(0);

export class VngEncoder implements Encoder {
  private variant: VariantWriter | null;
  private readonly compress: boolean;
  private readonly checksums: boolean;
  private readonly minMax: boolean;

  constructor(opts: VngEncoderOptions = {}) {
    this.compress = opts.compress ?? true;
    this.checksums = opts.checksums ?? false;
    this.minMax = opts.minMax ?? true;
    this.variant = new VariantWriter(this.minMax);
  }

  write(values: readonly Value[]): Uint8Array {
    const v = this.variant;
    if (v === null) throw new InvalidError('VNG writer: write after end');
    for (let i = 0; i < values.length; i++) {
      const val = values[i]!;
      const body = val.bytes;
      if (body === null) v.write(val.type, NO_BYTES, -1, -1);
      else v.write(val.type, body, 0, body.length);
    }
    return EMPTY;
  }

  /** Writes one value of type `t` whose body is b[s:e] (s -1 for a null), as `write` does, without a Value for it. */
  writeRange(t: Type, b: Uint8Array, s: number, e: number): void {
    const v = this.variant;
    if (v === null) throw new InvalidError('VNG writer: write after end');
    v.write(t, b, s, e);
  }

  /**
   * Writes every value of `values` (nothing before them), as writeRange
   * does one by one, shredded in WebAssembly where the module takes them
   * (see shred-wasm.ts): the same file, faster.
   */
  writeAll(values: ValueSpans): void {
    const v = this.variant;
    if (v === null) throw new InvalidError('VNG writer: write after end');
    if (!this.minMax && v.count === 0) {
      const r = shredValues(values);
      if (r !== null) {
        v.adopt(r);
        return;
      }
    }
    const ref: SpanRef = { type: TypeNull, buf: NO_BYTES, start: -1, end: -1 };
    for (let i = 0; i < values.length; i++) {
      values.at(i, ref);
      v.write(ref.type, ref.buf, ref.start, ref.end);
    }
  }

  /** Returns the whole file. */
  end(): Uint8Array {
    return concatBytes(this.endParts());
  }

  /**
   * Returns the whole file as its pieces in order (the header and metadata,
   * the columns' segments, the checksums), to be written out one after
   * another: a lake's column copy is never joined into one array (for a
   * run of 111k records, 4-5 MB of new memory and a copy, per object).
   */
  endParts(): Uint8Array[] {
    const v = this.variant;
    if (v === null) return [];
    this.variant = null;
    const layout = new Layout(this.compress);
    const meta = v.finish(layout);
    // The metadata section is one ZNG stream holding one value, LZ4-compressed
    // where that is smaller, with types of its own context (as zngio writes it).
    const metaBytes = encodeZng([marshalMeta(meta, new TypeContext())]);
    if (metaBytes.length > MAX_META_SIZE) {
      throw new InvalidError(`VNG metadata section too big: ${metaBytes.length} bytes`);
    }
    const head = new Uint8Array(HEADER_SIZE + metaBytes.length);
    head.set(serializeHeader({ version: VNG_VERSION, metaSize: metaBytes.length, dataSize: layout.offset }));
    head.set(metaBytes, HEADER_SIZE);
    const parts = [head, ...layout.parts];
    if (this.checksums) parts.push(checksumTrailer(layout.parts));
    return parts;
  }
}

/** Encodes `values` as one VNG file. */
export function encodeVng(values: readonly Value[], opts: VngEncoderOptions = {}): Uint8Array {
  const e = new VngEncoder(opts);
  e.write(values);
  return e.end();
}
