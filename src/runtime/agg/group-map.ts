// The group-by table of summarize. A key tuple is encoded into one byte
// string (per value: uvarint type ID, then its zcode element, so equal
// strings mean the same interned types and bytes, as Zed groups) and
// interned in a ByteTable, whose ids are the groups. Aggregators live in one
// flat array, `width` per group, in insertion order.

import { putUvarint, readUvarint } from '../../util/uvarint.js';
import { Value, readElement, type Type, type TypeContext } from '../../zed/index.js';
import type { Aggregator } from './aggregator.js';
import { ByteTable, hashBytes } from '../../util/byte-table.js';

const pos = { pos: 0 };
const el = { start: 0, end: 0 };

export class GroupMap {
  /** Entry e is the key tuple interned as e. */
  private readonly table = new ByteTable();
  /** The probe key's encoding (see encode). */
  private probe = new Uint8Array(256);
  private probeLen = 0;
  private probeHash = 0;
  /** Aggregators of entry e are aggs[e * width ... e * width + width - 1]; null once taken. */
  readonly aggs: (Aggregator | null)[] = [];

  constructor(readonly width: number) {}

  get size(): number {
    return this.table.size;
  }

  /** Encodes `key` as the probe and hashes it. */
  private encode(key: readonly Value[]): void {
    let need = 0;
    for (let k = 0; k < key.length; k++) need += 20 + (key[k]!.bytes?.length ?? 0);
    if (need > this.probe.length) this.probe = new Uint8Array(Math.max(need, 2 * this.probe.length));
    const p = this.probe;
    let off = 0;
    for (let k = 0; k < key.length; k++) {
      const v = key[k]!;
      off = putUvarint(p, off, v.type.id);
      const b = v.bytes;
      if (b === null) {
        p[off++] = 0;
        continue;
      }
      const n = b.length;
      off = putUvarint(p, off, n + 1);
      // A loop beats TypedArray.set on the short bodies keys usually have.
      if (n < 32) for (let i = 0; i < n; i++) p[off + i] = b[i]!;
      else p.set(b, off);
      off += n;
    }
    this.probeLen = off;
    this.probeHash = hashBytes(0, p, 0, off);
  }

  /**
   * The entry of `key`, or -1 after preparing an insert of it (the next
   * call must then be insert). Keys may be views into reused buffers.
   */
  find(key: readonly Value[]): number {
    this.encode(key);
    return this.table.find(0, this.probe, 0, this.probeLen, this.probeHash);
  }

  /** Adds the key of the last failed find with its aggregators; returns its entry. */
  insert(row: readonly Aggregator[]): number {
    const e = this.table.add(0, this.probe, 0, this.probeLen, this.probeHash);
    for (let j = 0; j < row.length; j++) this.aggs.push(row[j]!);
    return e;
  }

  /** The key values of entry `e`, decoded into `zctx` (the context the keys came from). */
  keys(e: number, zctx: TypeContext): Value[] {
    const a = this.table.arena;
    const end = this.table.end(e);
    const out: Value[] = [];
    for (let off = this.table.start(e); off < end; ) {
      const id = readUvarint(a, off, pos);
      off = readElement(a, pos.pos, end, el);
      const t = zctx.lookupById(id)!;
      out.push(new Value(t, el.start < 0 ? null : a.slice(el.start, el.end)));
    }
    return out;
  }

  /**
   * The key types and bodies of entry `e` without copying: bodies are views
   * into the arena, valid until the next insert or clear.
   */
  keyViews(e: number, zctx: TypeContext, types: Type[], bodies: (Uint8Array | null)[]): void {
    const a = this.table.arena;
    const end = this.table.end(e);
    let k = 0;
    for (let off = this.table.start(e); off < end; k++) {
      const id = readUvarint(a, off, pos);
      off = readElement(a, pos.pos, end, el);
      types[k] = zctx.lookupById(id)!;
      bodies[k] = el.start < 0 ? null : a.subarray(el.start, el.end);
    }
  }

  /** The aggregators of entry `e`, releasing the table's references to them. */
  take(e: number): Aggregator[] {
    const w = this.width;
    const row = new Array<Aggregator>(w);
    for (let j = 0; j < w; j++) {
      row[j] = this.aggs[e * w + j]!;
      this.aggs[e * w + j] = null;
    }
    return row;
  }

  clear(): void {
    this.table.clear();
    this.aggs.length = 0;
  }
}
