// Columns of elements placed once: where each element starts and how long
// it is, in the column's segment when they lie there as they are (plain
// primitive columns, see ColumnReader.view), else in bytes of its own. Kept
// in the lake's column cache, so that a query reading the column again
// (most often a filter on a string or a key that takes many values) takes
// its rows without walking every element's tag again.

import type { ColumnReader } from './column-reader.js';

/** Values measured at once. */
const BATCH = 8192;

/** One object's column of elements: row i's at bytes[starts[i]:] of sizes[i] bytes. */
export class ElementColumn {
  constructor(
    readonly bytes: Uint8Array,
    readonly starts: Int32Array,
    readonly sizes: Int32Array,
  ) {}

  get byteLength(): number {
    return this.bytes.byteLength + this.starts.byteLength + this.sizes.byteLength;
  }
}

/**
 * The `length` values of a fresh `reader` as an ElementColumn. Elements
 * lying in the reader's segment as they are stay there (the segment's bytes
 * are copied out of a larger buffer, so that keeping the column keeps no
 * more than its own bytes); others (nulls among them, say) are copied into
 * the column's own bytes. Null should the elements of one batch lie in
 * the segment and the next's not.
 */
export function elementColumn(reader: ColumnReader, length: number): ElementColumn | null {
  const starts = new Int32Array(length);
  const sizes = new Int32Array(length);
  let inPlace: Uint8Array | null = null;
  let own = new Uint8Array(0);
  let end = 0;
  let pos = new Int32Array(0);
  for (let at = 0; at < length; ) {
    const n = Math.min(BATCH, length - at);
    const sz = reader.measure(n);
    sizes.set(sz.subarray(0, n), at);
    const view: { readonly bytes: Uint8Array; readonly starts: Int32Array } | undefined = at === 0 || inPlace !== null ? reader.view?.() : undefined;
    if (view !== undefined && (at === 0 || view.bytes === inPlace)) {
      inPlace = view.bytes;
      starts.set(view.starts.subarray(0, n), at);
    } else {
      // Elements that left the segment they lay in: not placed (the reader then read in part).
      if (inPlace !== null) return null;
      if (pos.length < n) pos = new Int32Array(n);
      let need = end;
      for (let i = 0; i < n; i++) {
        starts[at + i] = need;
        pos[i] = need;
        need += sz[i]!;
      }
      if (own.length < need) {
        const grown = new Uint8Array(Math.max(need, 2 * own.length));
        grown.set(own.subarray(0, end));
        own = grown;
      }
      reader.write(own, pos, n);
      end = need;
    }
    at += n;
  }
  if (inPlace === null) return new ElementColumn(own.slice(0, end), starts, sizes);
  return new ElementColumn(inPlace.byteLength < inPlace.buffer.byteLength ? inPlace.slice() : inPlace, starts, sizes);
}
