// Writes a column of (non-null) primitive values. As Zed's writer does
// (vng/primitive.go): values are kept as zcode elements; while the column has
// at most 256 distinct values it is kept as one dictionary selector byte per
// value instead (the elements are written out if it outgrows that); a column of one distinct value
// becomes a Const, which takes no data bytes. Columns of uint8, int8 and bool
// never use a dictionary. Min and max are kept in Zed's value order.

import { InternalError } from '../../errors/index.js';
import { ByteWriter } from '../../util/byte-writer.js';
import { putUvarint } from '../../util/uvarint.js';
import { ID, Value, compareBodies, type PrimitiveType } from '../../zed/index.js';
import type { ColumnWriter, Layout } from './column-writer.js';
import { DictTracker } from './dict-tracker.js';
import type { DictEntry, Meta } from './metadata.js';
import { rangeComparatorFor, type RangeComparator } from './range-compare.js';
import type { ShreddedNode } from './shred-wasm.js';

export class PrimitiveWriter implements ColumnWriter {
  private readonly elems = new ByteWriter(1024);
  private count = 0;
  private dict: DictTracker | null;
  private selectors: ByteWriter | null;
  /** The smallest and largest bodies so far, in buffers of their own (no allocation per new one); -1: none yet. */
  private min: Uint8Array = new Uint8Array(16);
  private minLen = -1;
  private max: Uint8Array = new Uint8Array(16);
  private maxLen = -1;
  private readonly cmp: RangeComparator;

  constructor(
    readonly type: PrimitiveType,
    private readonly minMax = true,
  ) {
    const id = type.id;
    const useDict = id !== ID.uint8 && id !== ID.int8 && id !== ID.bool;
    this.dict = useDict ? new DictTracker() : null;
    this.selectors = useDict ? new ByteWriter(1024) : null;
    this.cmp = rangeComparatorFor(type);
  }

  /**
   * Takes the state the WebAssembly shredder left (shred-wasm.ts), which
   * keeps no min and max (a writer made with minMax false).
   */
  adopt(s: ShreddedNode): void {
    if (this.minMax) throw new InternalError('VNG writer: shredded column with min and max');
    this.count = s.count;
    const d = s.dict;
    if (d !== null && this.dict !== null) {
      const dict = this.dict;
      for (const body of d.bodies) dict.add(body, 0, body.length);
      d.counts.forEach((c, k) => (dict.counts[k] = c));
      this.selectors!.assign(d.selectors);
      return;
    }
    this.dict = null;
    this.selectors = null;
    this.elems.assign(s.elems ?? new Uint8Array(0));
  }

  write(b: Uint8Array, s: number, e: number): void {
    if (s < 0) throw new InternalError('VNG writer: null sent to a primitive column');
    this.count++;
    const dict = this.dict;
    if (dict !== null) {
      // While the dictionary holds, its selectors stand for the elements,
      // which are written out only if it is dropped.
      const k = dict.add(b, s, e);
      if (k >= 0) {
        this.selectors!.byte(k);
        return;
      }
      this.dropDict(dict);
    }
    this.append(b, s, e);
    this.track(b, s, e);
  }

  /** Appends the element for body b[s:e]. */
  private append(b: Uint8Array, s: number, e: number): void {
    const n = e - s;
    const w = this.elems;
    w.reserve(n + 10);
    const buf = w.buf;
    let p = putUvarint(buf, w.len, n + 1);
    if (n < 32) {
      for (let i = s; i < e; i++) buf[p++] = b[i]!;
    } else {
      buf.set(b.subarray(s, e), p);
      p += n;
    }
    w.len = p;
  }

  private track(b: Uint8Array, s: number, e: number): void {
    if (!this.minMax) return;
    // (A column in order, as the pool key's is, has a new largest or smallest body at each value.)
    if (this.minLen < 0 || this.cmp(b, s, e, this.min, 0, this.minLen) < 0) {
      this.min = copyInto(this.min, b, s, e);
      this.minLen = e - s;
    }
    if (this.maxLen < 0 || this.cmp(b, s, e, this.max, 0, this.maxLen) > 0) {
      this.max = copyInto(this.max, b, s, e);
      this.maxLen = e - s;
    }
  }

  /** Min and max from the dictionary's entries, seen in first-seen order. */
  private trackDict(dict: DictTracker): void {
    const ab = dict.arena.buf;
    for (let k = 0; k < dict.size; k++) this.track(ab, dict.starts[k]!, dict.ends[k]!);
  }

  /** Gives up the dictionary: its min and max are tracked, and the elements it stood for written out, in order. */
  private dropDict(dict: DictTracker): void {
    this.trackDict(dict);
    const sel = this.selectors!.view();
    const ab = dict.arena.buf;
    for (let i = 0; i < sel.length; i++) {
      const k = sel[i]!;
      this.append(ab, dict.starts[k]!, dict.ends[k]!);
    }
    this.dict = null;
    this.selectors = null;
  }

  finish(layout: Layout): Meta {
    const { type, count } = this;
    const dict = this.dict;
    if (dict !== null && dict.size === 1) return { kind: 'const', value: new Value(type, dict.body(0)), count };
    if (dict !== null && dict.size > 1) {
      this.trackDict(dict);
      const bodies = Array.from({ length: dict.size }, (_, k) => dict.body(k));
      const order = bodies.map((_, k) => k).sort((x, y) => compareBodies(type, bodies[x]!, type, bodies[y]!, false));
      const remap = new Uint8Array(dict.size);
      order.forEach((k, at) => (remap[k] = at));
      const sel = this.selectors!.view();
      for (let i = 0; i < sel.length; i++) sel[i] = remap[sel[i]!]!;
      const entries: DictEntry[] = order.map((k) => ({ value: new Value(type, bodies[k]!), count: dict.counts[k]! }));
      return this.meta(layout.store(sel), entries);
    }
    // No values (dict !== null, empty) or too many distinct ones for a dictionary.
    return this.meta(layout.store(dict !== null ? new Uint8Array(0) : this.elems.view()), null);
  }

  private meta(location: ReturnType<Layout['store']>, dict: DictEntry[] | null): Meta {
    const { type } = this;
    return {
      kind: 'primitive',
      type,
      location,
      dict,
      min: this.minLen < 0 ? null : new Value(type, this.min.slice(0, this.minLen)),
      max: this.maxLen < 0 ? null : new Value(type, this.max.slice(0, this.maxLen)),
      count: this.count,
    };
  }
}

/** b[s:e] copied to the start of `into`, or of a larger buffer when it does not fit; returns the buffer. */
function copyInto(into: Uint8Array, b: Uint8Array, s: number, e: number): Uint8Array {
  const n = e - s;
  const out = into.length < n ? new Uint8Array(2 * n) : into;
  for (let i = 0; i < n; i++) out[i] = b[s + i]!;
  return out;
}
