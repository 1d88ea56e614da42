// The contract of the readers that rebuild values from columns, a batch at a
// time in two passes: `measure` takes the next values and sizes their zcode
// elements, then `write` copies them straight to where the parent puts them,
// so each byte is copied once, from its column to the batch's buffer. Here
// too are the leaf readers: plain primitive columns, dictionary columns and
// constants (which also stand in for projected fields a record lacks).

import { FormatError } from '../../errors/index.js';
import { putUvarint, readUvarint } from '../../util/uvarint.js';
import { Builder, type Type } from '../../zed/index.js';
import type { ConstMeta, DictEntry, PrimitiveMeta } from './metadata.js';
import type { SegmentRef } from './source.js';

export interface ColumnReader {
  readonly type: Type;
  /** Values in the column, which reads take in order. */
  readonly length: number;
  /** Takes in the fetched segments and checks them against the metadata. */
  load(): void;
  /**
   * Takes the next `n` values and returns the sizes of their zcode elements
   * (tags included); the array is the reader's own, valid until its next call.
   */
  measure(n: number): Int32Array;
  /** Writes the values last measured: value i at out[pos[i]:], advancing pos[i] past it. */
  write(out: Uint8Array, pos: Int32Array, n: number): void;
  /** The column as codes, when it takes few distinct values (see Coded); null when not. */
  coded?(): Coded | null;
  /**
   * Where the values last measured lie in the reader's own bytes, when they
   * lie there as they are, back to back (value i at bytes[starts[i]:
   * starts[i + 1]], starts holding one more entry), so they can be read
   * without write; valid until the next measure.
   */
  view?(): { readonly bytes: Uint8Array; readonly starts: Int32Array };
  /** The bytes view gives positions in (loaded, whatever was measured). */
  placed?(): Uint8Array;
}

/**
 * A column whose values all come from a small set (dictionary and constant
 * columns, and nulls and records made of them) read as one code per value.
 * A scan reading such a column needs to build each distinct value once; a
 * column is read either through its codes or through measure and write.
 */
export interface Coded {
  /** Codes run from 0 to cardinality - 1. */
  readonly cardinality: number;
  /** Takes the next `n` values, writing their codes to out[0:n]. */
  codes(n: number, out: Int32Array): void;
  /** The zcode element of the value with `code`. */
  element(code: number): Uint8Array;
  /**
   * What the codes index when other columns share it (an
   * ElementDictionary, see coded-column.ts): columns of one source give
   * equal elements equal codes. Absent for a column's own codes.
   */
  readonly source?: CodeSource;
}

/** Elements that the codes of several columns index (an ElementDictionary). */
export interface CodeSource {
  /** The element of `code`. */
  element(code: number): Uint8Array;
  /** The code of element b[s:e]; -1 when it has none. */
  find(b: Uint8Array, s: number, e: number): number;
}

/** The most distinct values a coded column may have. */
export const MAX_CODES = 1 << 16;

/** Where a segment starts in the file, for errors. */
export function segmentAt(ref: SegmentRef, base: number): number {
  return base + ref.seg.offset;
}

/** A reusable Int32Array of at least `n` entries. */
export function scratch(a: Int32Array, n: number): Int32Array {
  return a.length >= n ? a : new Int32Array(Math.max(n, a.length * 2, 64));
}

/**
 * Reads the rest of `reader` (`length` values from where it stands) a
 * batch at a time: `visit` gets each batch's elements, element i at
 * bytes[starts[i]:] of sizes[i] bytes, and the position of its first;
 * false from it stops the reading, and readThrough returns false.
 */
export function readThrough(
  reader: ColumnReader,
  length: number,
  visit: (bytes: Uint8Array, starts: Int32Array, sizes: Int32Array, n: number, at: number) => boolean,
): boolean {
  const batch = 8192;
  let buf = new Uint8Array(0);
  let pos: Int32Array = new Int32Array(0);
  let starts: Int32Array = new Int32Array(0);
  for (let at = 0; at < length; ) {
    const n = Math.min(batch, length - at);
    const sizes = reader.measure(n);
    const view = reader.view?.();
    let bytes: Uint8Array;
    let from: Int32Array;
    if (view !== undefined) {
      bytes = view.bytes;
      from = view.starts;
    } else {
      pos = scratch(pos, n);
      starts = scratch(starts, n);
      let end = 0;
      for (let i = 0; i < n; i++) {
        pos[i] = end;
        starts[i] = end;
        end += sizes[i]!;
      }
      if (buf.length < end) buf = new Uint8Array(Math.max(end, 2 * buf.length));
      reader.write(buf, pos, n);
      bytes = buf;
      from = starts;
    }
    if (!visit(bytes, from, sizes, n, at)) return false;
    at += n;
  }
  return true;
}

/** Bytes one batch of rebuilt values may take. */
export const MAX_BATCH_BYTES = 1 << 30;

/** The element size of a container whose body is `body` bytes. */
export function containerSize(body: number): number {
  if (body < 0x7f) return body + 1;
  let n = body + 1;
  let size = body + 1;
  while (n >= 0x80) {
    n = Math.floor(n / 128);
    size++;
  }
  if (size > MAX_BATCH_BYTES) throw new FormatError(`VNG values too large: a value needs ${size} bytes`);
  return size;
}

/** Writes the tag of a container whose body is `body` bytes at out[p:]; returns the body's offset. */
export function putTag(out: Uint8Array, p: number, body: number): number {
  if (body < 0x7f) {
    out[p] = body + 1;
    return p + 1;
  }
  return putUvarint(out, p, body + 1);
}

const tmp = { pos: 0 };

/** A column of zcode elements, copied from the segment. */
export class PrimitiveReader implements ColumnReader {
  private bytes: Uint8Array = new Uint8Array(0);
  private pos = 0;
  private index = 0;
  private starts: Int32Array = new Int32Array(0);
  private sizes: Int32Array = new Int32Array(0);

  constructor(
    readonly type: Type,
    private readonly meta: PrimitiveMeta,
    private readonly ref: SegmentRef,
    private readonly base: number,
  ) {}

  get length(): number {
    return this.meta.count;
  }

  load(): void {
    this.bytes = this.ref.bytes;
    this.pos = 0;
    this.index = 0;
  }

  private fail(what: string, i: number): FormatError {
    return new FormatError(`VNG column at offset ${segmentAt(this.ref, this.base)}: ${what} (value ${this.index + i})`);
  }

  /** An empty column (all nulls above it, or a column of type null) is coded: it has no values. */
  coded(): Coded | null {
    if (this.meta.count !== 0) return null;
    return {
      cardinality: 0,
      codes: (n) => {
        if (n > 0) throw this.fail('has no values', 0);
      },
      element: () => {
        throw this.fail('has no values', 0);
      },
    };
  }

  measure(n: number): Int32Array {
    // One start more than the values: the end of the last.
    const st = (this.starts = scratch(this.starts, n + 1));
    const sz = (this.sizes = scratch(this.sizes, n));
    const b = this.bytes;
    const len = b.length;
    let p = this.pos;
    for (let i = 0; i < n; i++) {
      const t = b[p];
      let e: number;
      if (t === undefined) throw this.fail(`ends before its ${this.meta.count} values`, i);
      if (t < 0x80) {
        e = t === 0 ? p + 1 : p + t;
      } else {
        const tag = readUvarint(b, p, tmp);
        if (tag < 0) throw this.fail('bad element tag', i);
        e = tag === 0 ? tmp.pos : tmp.pos + tag - 1;
      }
      if (e > len) throw this.fail('element overruns the column', i);
      st[i] = p;
      sz[i] = e - p;
      p = e;
    }
    st[n] = p;
    this.pos = p;
    this.index += n;
    return sz;
  }

  view(): { readonly bytes: Uint8Array; readonly starts: Int32Array } {
    return { bytes: this.bytes, starts: this.starts };
  }

  placed(): Uint8Array {
    return this.bytes;
  }

  write(out: Uint8Array, pos: Int32Array, n: number): void {
    const b = this.bytes;
    const st = this.starts;
    const sz = this.sizes;
    for (let i = 0; i < n; i++) {
      const s = st[i]!;
      const size = sz[i]!;
      let q = pos[i]!;
      pos[i] = q + size;
      if (size < 64) {
        for (let k = s, e = s + size; k < e; k++) out[q++] = b[k]!;
      } else {
        out.set(b.subarray(s, s + size), q);
      }
    }
  }
}

interface EncodedEntries {
  readonly bytes: Uint8Array;
  readonly offsets: Int32Array;
  readonly sizes: Int32Array;
}

/** Each dictionary's entries encoded once: an object's metadata stays in the column cache across queries. */
const encodedDicts = new WeakMap<readonly DictEntry[], EncodedEntries>();

/** Dictionary entries as zcode elements back to back, with their bounds and sizes. */
function encodeEntries(dict: readonly DictEntry[]): EncodedEntries {
  const known = encodedDicts.get(dict);
  if (known !== undefined) return known;
  const b = new Builder(256);
  const offsets = new Int32Array(dict.length + 1);
  dict.forEach((e, i) => {
    b.append(e.value.bytes);
    offsets[i + 1] = b.len;
  });
  const sizes = new Int32Array(dict.length).map((_, k) => offsets[k + 1]! - offsets[k]!);
  const out = { bytes: b.bytes(), offsets, sizes };
  encodedDicts.set(dict, out);
  return out;
}

const NO_ENTRIES: readonly DictEntry[] = [];

/** A column of one selector byte per value, each picking a dictionary entry. */
export class DictReader implements ColumnReader {
  private selectors: Uint8Array = new Uint8Array(0);
  private pos = 0;
  private last = 0;
  private readonly entries: Uint8Array;
  private readonly offsets: Int32Array;
  private readonly entrySizes: Int32Array;
  private sizes: Int32Array = new Int32Array(0);

  constructor(
    readonly type: Type,
    private readonly meta: PrimitiveMeta,
    private readonly ref: SegmentRef,
    private readonly base: number,
  ) {
    const e = encodeEntries(meta.dict ?? NO_ENTRIES);
    this.entries = e.bytes;
    this.offsets = e.offsets;
    this.entrySizes = e.sizes;
  }

  get length(): number {
    return this.meta.count;
  }

  load(): void {
    this.selectors = this.ref.bytes;
    this.pos = 0;
    if (this.selectors.length !== this.meta.count) {
      throw new FormatError(
        `VNG dictionary column at offset ${segmentAt(this.ref, this.base)} has ${this.selectors.length} selectors for ${this.meta.count} values`,
      );
    }
  }

  measure(n: number): Int32Array {
    const sz = (this.sizes = scratch(this.sizes, n));
    const sel = this.selectors;
    const es = this.entrySizes;
    const p = this.pos;
    if (p + n > sel.length) throw new FormatError(`VNG dictionary column at offset ${segmentAt(this.ref, this.base)} ran out of selectors`);
    for (let i = 0; i < n; i++) {
      const k = sel[p + i]!;
      if (k >= es.length) {
        throw new FormatError(
          `corrupt VNG: selector (${k}) out of range (len ${es.length}) in column at offset ${segmentAt(this.ref, this.base)}`,
        );
      }
      sz[i] = es[k]!;
    }
    this.last = p;
    this.pos = p + n;
    return sz;
  }

  coded(): Coded {
    const size = this.entrySizes.length;
    return {
      cardinality: size,
      codes: (n, out) => {
        const sel = this.selectors;
        const p = this.pos;
        if (p + n > sel.length) throw new FormatError(`VNG dictionary column at offset ${segmentAt(this.ref, this.base)} ran out of selectors`);
        let bad = 0;
        for (let i = 0; i < n; i++) {
          const k = sel[p + i]!;
          out[i] = k;
          bad |= k >= size ? 1 : 0;
        }
        // Checked once per batch; the slow pass only finds the culprit.
        if (bad !== 0) this.measure(n);
        this.pos = p + n;
      },
      element: (code) => this.entries.subarray(this.offsets[code]!, this.offsets[code + 1]!),
    };
  }

  write(out: Uint8Array, pos: Int32Array, n: number): void {
    const sel = this.selectors;
    const offs = this.offsets;
    const ent = this.entries;
    const p = this.last;
    for (let i = 0; i < n; i++) {
      const k = sel[p + i]!;
      let q = pos[i]!;
      for (let s = offs[k]!, e = offs[k + 1]!; s < e; s++) out[q++] = ent[s]!;
      pos[i] = q;
    }
  }
}

/** One element, `length` times: a Const column, or a projected field that is missing. */
export class ConstReader implements ColumnReader {
  private readonly element: Uint8Array;
  private sizes: Int32Array = new Int32Array(0);

  constructor(
    readonly type: Type,
    body: Uint8Array | null,
    readonly length: number,
  ) {
    const b = new Builder(body === null ? 1 : body.length + 10);
    b.append(body);
    this.element = b.bytes();
  }

  static of(meta: ConstMeta): ConstReader {
    return new ConstReader(meta.value.type, meta.value.bytes, meta.count);
  }

  load(): void {}

  measure(n: number): Int32Array {
    if (this.sizes.length < n) this.sizes = scratch(this.sizes, n).fill(this.element.length);
    return this.sizes;
  }

  coded(): Coded {
    return { cardinality: 1, codes: (n, out) => out.fill(0, 0, n), element: () => this.element };
  }

  write(out: Uint8Array, pos: Int32Array, n: number): void {
    const el = this.element;
    const len = el.length;
    for (let i = 0; i < n; i++) {
      let q = pos[i]!;
      for (let k = 0; k < len; k++) out[q++] = el[k]!;
      pos[i] = q;
    }
  }
}

/** A column read as another type: named and error types share their inner layout. */
export class RetypedReader implements ColumnReader {
  constructor(
    readonly type: Type,
    private readonly inner: ColumnReader,
  ) {}

  get length(): number {
    return this.inner.length;
  }

  load(): void {
    this.inner.load();
  }

  measure(n: number): Int32Array {
    return this.inner.measure(n);
  }

  write(out: Uint8Array, pos: Int32Array, n: number): void {
    this.inner.write(out, pos, n);
  }

  coded(): Coded | null {
    return this.inner.coded?.() ?? null;
  }
}
