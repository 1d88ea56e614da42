// The distinct values of one key column, interned: equal type and zcode
// element, equal id; ids are dense, in order of first sight. A ByteTable
// holds the elements, tagged with their type's id.

import type { Builder, Type } from '../../zed/index.js';
import { ByteTable, hashBytes } from '../../util/byte-table.js';
import type { ColumnBatch } from './column-batch.js';
import { packShort, SHORT_MAX, ShortKeyTable } from './short-key-table.js';

export class KeyValueIds {
  private readonly table = new ByteTable();
  /** Per type, its short elements' ids (see short-key-table.ts). */
  private readonly short = new Map<Type, ShortKeyTable>();
  /** The type of each id. */
  readonly types: Type[] = [];

  /** Ids given so far: 0 to size - 1. */
  get size(): number {
    return this.table.size;
  }

  /** The zcode element of id `id` (a view, valid until the next new value). */
  element(id: number): Uint8Array {
    return this.table.arena.subarray(this.table.start(id), this.table.end(id));
  }

  /** Appends id `id`'s element to b as it is. */
  writeElement(id: number, b: Builder): void {
    b.appendEncoded(this.table.arena, this.table.start(id), this.table.end(id));
  }

  /** Writes the id of each row's element (of type `t`) to ids[0:n]. */
  ids(t: Type, col: ColumnBatch, n: number, ids: Int32Array): void {
    const b = col.bytes;
    const st = col.starts;
    const sz = col.sizes;
    const tid = t.id;
    // Short elements (an IPv4 address, a port) are looked up packed into a
    // number; the others by their bytes, hashed first, then probed (so the
    // probes' memory reads do not wait on hashing).
    let table = this.short.get(t);
    if (table === undefined) this.short.set(t, (table = new ShortKeyTable()));
    let long = 0;
    for (let i = 0; i < n; i++) {
      const s = st[i]!;
      const e = s + sz[i]!;
      if (e - s > SHORT_MAX) {
        ids[i] = hashBytes(tid, b, s, e);
        long++;
        continue;
      }
      const k = packShort(b, s, e);
      let id = table.get(k);
      if (id < 0) {
        id = this.intern(t, b, s, e, hashBytes(tid, b, s, e));
        table.set(k, id);
      }
      ids[i] = id;
    }
    if (long === 0) return;
    for (let i = 0; i < n; i++) {
      const s = st[i]!;
      if (sz[i]! > SHORT_MAX) ids[i] = this.intern(t, b, s, s + sz[i]!, ids[i]!);
    }
  }

  /** The id of the value of type `t` whose element is b[s:e]. */
  id(t: Type, b: Uint8Array, s: number, e: number): number {
    return this.intern(t, b, s, e, hashBytes(t.id, b, s, e));
  }

  private intern(t: Type, b: Uint8Array, s: number, e: number, h: number): number {
    const table = this.table;
    const id = table.find(t.id, b, s, e, h);
    if (id >= 0) return id;
    this.types.push(t);
    return table.add(t.id, b, s, e, h);
  }
}
