// Columns of elements placed once: where each element starts and how long
// it is, in the column's segment when they lie there as they are (plain
// primitive columns, see ColumnReader.view), else in bytes of its own. Kept
// in the lake's column cache, so that a query reading the column again
// (most often a filter on a string or a key that takes many values) takes
// its rows without walking every element's tag again.

import type { ColumnReader } from './column-reader.js';

/** Values measured at once. */
const BATCH = 8192;

/**
 * One object's column of elements, row i's from starts[i] to starts[i + 1]
 * (the elements lie back to back): in `bytes`, or, when null, in the
 * column's segment as they are, which the reader gives (ColumnReader.placed).
 */
export class ElementColumn {
  constructor(
    readonly bytes: Uint8Array | null,
    /** One more than the rows: where each element starts, and the end. */
    readonly starts: Int32Array,
  ) {}

  get byteLength(): number {
    return (this.bytes?.byteLength ?? 0) + this.starts.byteLength;
  }
}

/**
 * The `length` values of a fresh `reader` as an ElementColumn. Elements
 * lying in the reader's segment as they are stay there (then only where
 * they start is kept); others (nulls among them, say) are copied into the
 * column's own bytes. Null should the elements of one batch lie in the
 * segment and the next's not, or the segment's elements not lie back to back.
 */
export function elementColumn(reader: ColumnReader, length: number): ElementColumn | null {
  const starts = new Int32Array(length + 1);
  let inPlace: Uint8Array | null = null;
  let own = new Uint8Array(0);
  let end = 0;
  let pos = new Int32Array(0);
  for (let at = 0; at < length; ) {
    const n = Math.min(BATCH, length - at);
    const sz = reader.measure(n);
    const view: { readonly bytes: Uint8Array; readonly starts: Int32Array } | undefined = at === 0 || inPlace !== null ? reader.view?.() : undefined;
    if (view !== undefined && (at === 0 || view.bytes === inPlace)) {
      inPlace = view.bytes;
      for (let i = 0; i < n; i++) {
        const s = view.starts[i]!;
        if (s !== end && at + i > 0) return null;
        starts[at + i] = s;
        end = s + sz[i]!;
      }
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
  starts[length] = end;
  return new ElementColumn(inPlace === null ? own.slice(0, end) : null, starts);
}
