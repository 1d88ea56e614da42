// The distinct values of one key column, interned: equal type and zcode
// element, equal id; ids are dense, in order of first sight. A ByteTable
// holds the elements, tagged with their type's id. While every id comes
// from the codes of one shared source (a pool's dictionary of the column,
// see ColumnBatch.source), whose codes stand for distinct elements, an id
// only notes its code: the elements stay in the source, and are copied
// into the table only once ids come from elsewhere too.

import type { Builder, Type } from '../../zed/index.js';
import { ByteTable, hashBytes } from '../../util/byte-table.js';
import type { CodeSource, ColumnBatch } from './column-batch.js';
import { packShort, SHORT_MAX, ShortKeyTable } from './short-key-table.js';

export class KeyValueIds {
  private readonly table = new ByteTable();
  /** Per type, its short elements' ids (see short-key-table.ts). */
  private readonly short = new Map<Type, ShortKeyTable>();
  /** The type of each id. */
  readonly types: Type[] = [];
  /** While ids are only noted codes (see idOfCode): their source, else null. */
  private source: CodeSource | null = null;
  /** Id i's code in `source`, for the first `noted` ids. */
  private codes = new Int32Array(0);
  private noted = 0;
  /** While ids are noted codes, once a value came other than by its code: each code's id + 1 (0: none yet). */
  private idOfCodePlus: Int32Array | null = null;

  /** Ids given so far: 0 to size - 1. */
  get size(): number {
    return this.noted > 0 ? this.noted : this.table.size;
  }

  /** The zcode element of id `id` (a view, valid until the next new value). */
  element(id: number): Uint8Array {
    if (this.noted > 0) return this.source!.element(this.codes[id]!);
    return this.table.arena.subarray(this.table.start(id), this.table.end(id));
  }

  /** Appends id `id`'s element to b as it is. */
  writeElement(id: number, b: Builder): void {
    if (this.noted > 0) {
      const el = this.source!.element(this.codes[id]!);
      b.appendEncoded(el, 0, el.length);
      return;
    }
    b.appendEncoded(this.table.arena, this.table.start(id), this.table.end(id));
  }

  /**
   * The id of the value of type `t` that `code` of `source` stands for,
   * asked once per code and source (the caller keeps what it was told):
   * while all ids so far came from this source, a new id that notes the
   * code.
   */
  idOfCode(t: Type, source: CodeSource, code: number): number {
    if (this.table.size === 0 && (this.source === null || this.source === source)) {
      this.source = source;
      const known = this.idOfCodePlus;
      if (known !== null && code < known.length && known[code]! > 0) return known[code]! - 1;
      const id = this.noted;
      if (id === this.codes.length) {
        const grown = new Int32Array(Math.max(256, 2 * id));
        grown.set(this.codes);
        this.codes = grown;
      }
      this.codes[id] = code;
      this.types.push(t);
      this.noted = id + 1;
      if (known !== null) {
        if (code >= known.length) {
          const grown = new Int32Array(Math.max(code + 1, 2 * known.length));
          grown.set(known);
          this.idOfCodePlus = grown;
        }
        this.idOfCodePlus![code] = id + 1;
      }
      return id;
    }
    const el = source.element(code);
    return this.id(t, el, 0, el.length);
  }

  /** Copies the elements of the ids that only note codes into the table, under the same ids. */
  private settle(): void {
    const source = this.source;
    if (source === null) return;
    this.source = null;
    const n = this.noted;
    this.noted = 0;
    for (let id = 0; id < n; id++) {
      const el = source.element(this.codes[id]!);
      this.table.add(this.types[id]!.id, el, 0, el.length, hashBytes(this.types[id]!.id, el, 0, el.length));
    }
    this.codes = new Int32Array(0);
    this.idOfCodePlus = null;
  }

  /** Writes the id of each row's element (of type `t`) to ids[0:n]. */
  ids(t: Type, col: ColumnBatch, n: number, ids: Int32Array): void {
    this.settle();
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
    // A value the noted ids' source holds, of their type, is its code's.
    const source = this.source;
    if (source !== null && this.noted > 0 && t === this.types[0]) {
      const code = source.find(b, s, e);
      if (code >= 0) {
        if (this.idOfCodePlus === null) {
          let known = new Int32Array(Math.max(code + 1, 256));
          for (let id = 0; id < this.noted; id++) {
            const c = this.codes[id]!;
            if (c >= known.length) {
              const grown = new Int32Array(2 * c + 1);
              grown.set(known);
              known = grown;
            }
            known[c] = id + 1;
          }
          this.idOfCodePlus = known;
        }
        return this.idOfCode(t, source, code);
      }
    }
    this.settle();
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
