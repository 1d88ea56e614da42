// A load's run of values held compactly: their bodies copied into an arena of
// fixed-size chunks (a value never straddles two; a bigger one gets a chunk
// of its own), with typed arrays of bounds and the pool key located inside
// each body, so a run costs little more than its value bytes (no objects per
// value, no copying as it grows) and the chunks are reused run after run.
// Sorting permutes an index array; values come back out as views for the
// object writer.
import { compareBodies, ID, TypeNull, underlying, Value, type Type, type TypeContext } from '../zed/index.js';
import { decodeZng, encodeZng } from '../formats/zng/index.js';
import type { SortOrder } from '../storage/index.js';
import { FirstSeen } from '../util/first-seen.js';
import { locateKey, type KeyLocation } from './pool-key.js';
import type { RowRef, SortedRun } from './object-writer.js';

const CHUNK = 4 << 20;
/**
 * Memory a value costs beyond its body while it is in a run and when its
 * object is written: its slots here (about 40 bytes), the view the writer
 * makes of it, and its share of the column copy's builders. Measured with
 * loads of tiny records, where it is most of the cost.
 */
export const VALUE_OVERHEAD = 96;

export class RunBuffer implements SortedRun {
  /** The chunks; chunk `#chunk` is being filled up to `#fill`. */
  #chunks: Uint8Array[] = [];
  #chunk = -1;
  #fill = 0;
  /** Value bytes held. */
  #len = 0;
  #n = 0;
  /** The chunk of each value (its body and key bounds index that chunk). */
  #at = new Int32Array(1024);
  /** Value body bounds (start -1: null) and key body bounds, per value. */
  #vs = new Int32Array(1024);
  #ve = new Int32Array(1024);
  #ks = new Int32Array(1024);
  #ke = new Int32Array(1024);
  /**
   * The type of each value and of its key, as numbers in #types (in typed
   * arrays: a million stores of objects into arrays cost a load about
   * 0.2 s of write barriers and regrowth).
   */
  #typeIds = new Int32Array(1024);
  #keyTypeIds = new Int32Array(1024);
  /** The distinct types of values and keys, numbered in order of first use. */
  #types = new FirstSeen<Type>();
  #order: Int32Array = new Int32Array(0);
  readonly #loc: KeyLocation = { type: TypeNull, start: -1, end: -1 };

  readonly #chunkSize: number;

  /**
   * With `shared`, the arena is in shared memory, so that threads a run is
   * handed to (see detach) can all read it at once. `chunkSize` is the
   * arena's chunk (default 4 MiB).
   */
  constructor(
    private readonly path: readonly string[],
    private readonly opts: { readonly shared?: boolean; readonly chunkSize?: number } = {},
  ) {
    this.#chunkSize = opts.chunkSize ?? CHUNK;
  }

  /** Value bytes held. */
  get bytes(): number {
    return this.#len;
  }

  /** Memory the run stands for: its value bytes plus VALUE_OVERHEAD per value. */
  get memory(): number {
    return this.#len + this.#n * VALUE_OVERHEAD;
  }

  get length(): number {
    return this.#n;
  }

  add(v: Value): void {
    const i = this.#n;
    if (i === this.#vs.length) this.#growIndex();
    const body = v.bytes;
    let start = -1;
    let end = -1;
    if (body !== null) {
      const c = this.#chunks[this.#chunk];
      if (c === undefined || this.#fill + body.length > c.length) this.#nextChunk(body.length);
      start = this.#fill;
      this.#chunks[this.#chunk]!.set(body, start);
      end = start + body.length;
      this.#fill = end;
      this.#len += body.length;
    }
    const data = this.#chunks[this.#chunk] ?? EMPTY;
    locateKey(v.type, data, start, end, this.path, this.#loc);
    this.#at[i] = this.#chunk;
    this.#vs[i] = start;
    this.#ve[i] = end;
    this.#ks[i] = this.#loc.start;
    this.#ke[i] = this.#loc.end;
    this.#typeIds[i] = this.#types.indexOf(v.type);
    this.#keyTypeIds[i] = this.#types.indexOf(this.#loc.type);
    this.#n = i + 1;
  }

  /**
   * Orders the run by key in pool order, ties by the raw value bytes in the
   * same direction (spec lake-api.md §8); input already in order is left as is.
   */
  sort(order: SortOrder): void {
    const n = this.#n;
    const sign = order === 'asc' ? 1 : -1;
    const cmp = (a: number, b: number): number => sign * (this.#compareKeys(a, b) || this.#compareBodies(a, b));
    const idx = new Int32Array(n);
    let sorted = true;
    for (let i = 0; i < n; i++) {
      idx[i] = i;
      if (sorted && i > 0 && cmp(i - 1, i) > 0) sorted = false;
    }
    if (!sorted) idx.sort(cmp);
    this.#order = idx;
  }

  /** The i-th value in sorted order, as a view into the arena (valid until reset). */
  value(i: number): Value {
    const k = this.#order[i]!;
    const s = this.#vs[k]!;
    return new Value(this.#types.items[this.#typeIds[k]!]!, s < 0 ? null : this.#chunks[this.#at[k]!]!.subarray(s, this.#ve[k]!));
  }

  /** Where the i-th value in sorted order lies in the arena, written to `ref` (valid until reset). */
  at(i: number, ref: RowRef): void {
    const k = this.#order[i]!;
    ref.type = this.#types.items[this.#typeIds[k]!]!;
    ref.buf = this.#chunks[this.#at[k]!] ?? EMPTY;
    ref.start = this.#vs[k]!;
    ref.end = this.#ve[k]!;
  }

  /** Body length of the i-th key in sorted order (0 for null). */
  keyLength(i: number): number {
    const k = this.#order[i]!;
    const s = this.#ks[k]!;
    return s < 0 ? 0 : this.#ke[k]! - s;
  }

  /** The i-th key in sorted order, copied out of the arena. */
  key(i: number): Value {
    const k = this.#order[i]!;
    const s = this.#ks[k]!;
    return new Value(this.#types.items[this.#keyTypeIds[k]!]!, s < 0 ? null : this.#chunks[this.#at[k]!]!.slice(s, this.#ke[k]!));
  }

  /** The key of the value added last, as a view (valid until more is added). */
  lastAddedKey(): Value | null {
    const k = this.#n - 1;
    if (k < 0) return null;
    const s = this.#ks[k]!;
    return new Value(this.#types.items[this.#keyTypeIds[k]!]!, s < 0 ? null : this.#chunks[this.#at[k]!]!.subarray(s, this.#ke[k]!));
  }

  /**
   * Hands the run over (to be written by another thread, see RunParts) and
   * leaves it empty, keeping only the spare chunks it was given back (see
   * recycle), none of those it filled.
   */
  detach(): RunParts {
    const n = this.#n;
    // Each distinct type as a null of it, in ZNG, which carries named types whole.
    const typeBytes = encodeZng(
      this.#types.items.map((t) => new Value(t, null)),
      { compress: false },
    );
    const parts: RunParts = {
      n,
      chunks: this.#chunks.slice(0, this.#chunk + 1),
      at: this.#at.slice(0, n),
      vs: this.#vs.slice(0, n),
      ve: this.#ve.slice(0, n),
      ks: this.#ks.slice(0, n),
      ke: this.#ke.slice(0, n),
      typeIds: this.#typeIds.slice(0, n),
      keyTypeIds: this.#keyTypeIds.slice(0, n),
      types: typeBytes,
      order: this.#order.length === n ? this.#order : null,
    };
    // The chunks past the one being filled (taken back, see recycle) stay for the next run.
    const spares = this.#chunks.slice(this.#chunk + 1);
    this.reset();
    this.#chunks = spares;
    return parts;
  }

  /**
   * Takes back the chunks of a run this one handed over (detach), once no
   * thread reads them, to fill again instead of new ones.
   */
  recycle(chunks: readonly Uint8Array[]): void {
    for (const c of chunks) if (c.length === this.#chunkSize) this.#chunks.push(c);
  }

  /** A run holding what `detach` handed over, its types in `ctx`. */
  static attach(parts: RunParts, path: readonly string[], ctx: TypeContext): RunBuffer {
    const run = new RunBuffer(path);
    const types = decodeZng(parts.types, ctx).map((v) => v.type);
    run.#chunks = [...parts.chunks];
    run.#chunk = parts.chunks.length - 1;
    run.#fill = run.#chunks[run.#chunk]?.length ?? 0;
    run.#n = parts.n;
    run.#at = parts.at;
    run.#vs = parts.vs;
    run.#ve = parts.ve;
    run.#ks = parts.ks;
    run.#ke = parts.ke;
    run.#typeIds = parts.typeIds;
    run.#keyTypeIds = parts.keyTypeIds;
    run.#types = new FirstSeen(types);
    run.#len = valueBytes(parts.vs, parts.ve, parts.n);
    if (parts.order !== null) run.#order = parts.order;
    return run;
  }

  /** Empties the run, keeping its memory for the next. */
  reset(): void {
    this.#n = 0;
    this.#len = 0;
    // Keep the standard chunks for the next run; drop outsized ones.
    this.#chunks = this.#chunks.filter((c) => c.length === this.#chunkSize);
    this.#chunk = -1;
    this.#fill = 0;
    this.#types = new FirstSeen<Type>();
    this.#order = new Int32Array(0);
  }

  #compareKeys(a: number, b: number): number {
    const sa = this.#ks[a]!;
    const sb = this.#ks[b]!;
    // Nulls (and missing keys) after every value.
    if (sa < 0) return sb < 0 ? 0 : 1;
    if (sb < 0) return -1;
    const ta = this.#types.items[this.#keyTypeIds[a]!]!;
    const tb = this.#types.items[this.#keyTypeIds[b]!]!;
    const da = this.#chunks[this.#at[a]!]!;
    const db = this.#chunks[this.#at[b]!]!;
    if (ta === tb) {
      const id = underlying(ta).id;
      if (id === ID.string || id === ID.bytes) return compareRange(da, sa, this.#ke[a]!, db, sb, this.#ke[b]!);
    }
    return compareBodies(ta, da.subarray(sa, this.#ke[a]!), tb, db.subarray(sb, this.#ke[b]!), true);
  }

  #compareBodies(a: number, b: number): number {
    const sa = this.#vs[a]!;
    const sb = this.#vs[b]!;
    if (sa < 0) return sb < 0 ? 0 : -1;
    if (sb < 0) return 1;
    return compareRange(this.#chunks[this.#at[a]!]!, sa, this.#ve[a]!, this.#chunks[this.#at[b]!]!, sb, this.#ve[b]!);
  }

  #growIndex(): void {
    const n = this.#vs.length * 2;
    const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.#at = grow(this.#at);
    this.#vs = grow(this.#vs);
    this.#ve = grow(this.#ve);
    this.#ks = grow(this.#ks);
    this.#ke = grow(this.#ke);
    this.#typeIds = grow(this.#typeIds);
    this.#keyTypeIds = grow(this.#keyTypeIds);
  }

  /** Moves to the next chunk (a spare one, or a new one big enough for `need` bytes). */
  #nextChunk(need: number): void {
    this.#chunk++;
    this.#fill = 0;
    const spare = this.#chunks[this.#chunk];
    if (spare !== undefined && spare.length >= need) return;
    const size = Math.max(this.#chunkSize, need);
    const chunk = this.opts.shared === true ? new Uint8Array(new SharedArrayBuffer(size)) : new Uint8Array(size);
    if (spare === undefined) this.#chunks.push(chunk);
    else this.#chunks.splice(this.#chunk, 0, chunk);
  }
}

const EMPTY = new Uint8Array(0);

// (attach's loop, in a function of its own: a loop in attach itself was
// compiled again, on stack, at nearly every run.)

/** The bytes of the n values whose bodies are vs[i]..ve[i] (vs[i] -1 for a null). */
function valueBytes(vs: Int32Array, ve: Int32Array, n: number): number {
  let len = 0;
  for (let i = 0; i < n; i++) {
    const s = vs[i]!;
    if (s >= 0) len += ve[i]! - s;
  }
  return len;
}

/**
 * A run as plain arrays, to be handed to another thread: the arena's chunks
 * (in shared memory for a `shared` run), the bounds of each value and of
 * its key, their types as indexes into `types` (a ZNG stream of one null
 * value of each distinct type), and the sorted order.
 */
export interface RunParts {
  readonly n: number;
  /** In shared memory when the run was made `shared`. */
  readonly chunks: readonly Uint8Array[];
  readonly at: Int32Array<ArrayBuffer>;
  readonly vs: Int32Array<ArrayBuffer>;
  readonly ve: Int32Array<ArrayBuffer>;
  readonly ks: Int32Array<ArrayBuffer>;
  readonly ke: Int32Array<ArrayBuffer>;
  readonly typeIds: Int32Array<ArrayBuffer>;
  readonly keyTypeIds: Int32Array<ArrayBuffer>;
  readonly types: Uint8Array;
  /** The sorted order, when the run was sorted (see RunBuffer.sort). */
  readonly order: Int32Array | null;
}

/** Bytewise comparison of da[a:ae] and db[b:be], -1, 0 or 1. */
function compareRange(da: Uint8Array, a: number, ae: number, db: Uint8Array, b: number, be: number): number {
  const n = Math.min(ae - a, be - b);
  for (let i = 0; i < n; i++) {
    const x = da[a + i]!;
    const y = db[b + i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  const la = ae - a;
  const lb = be - b;
  return la === lb ? 0 : la < lb ? -1 : 1;
}
