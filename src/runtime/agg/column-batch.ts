// One column of a batch of rows, as grouped aggregation over columns reads
// it (see column-groups.ts): either codes into a dictionary of elements or
// zcode elements in place.

import { decodeIntNumber, encodeFloat16, encodeFloat32, encodeFloat64, encodeInt, encodeUint, ID, readElement, underlying, Value, type Type } from '../../zed/index.js';

/** Elements that codes index, shared by the columns whose codes index them (see ColumnBatch.source). */
export interface CodeSource {
  /** The element of `code` (a view, valid until the source takes a new element). */
  element(code: number): Uint8Array;
  /** The code of element b[s:e]; -1 when it has none. */
  find(b: Uint8Array, s: number, e: number): number;
}

export interface ColumnBatch {
  readonly type: Type;
  /** Codes mode when >= 0: row i's value is element(codes[i]); -1 for elements mode. */
  readonly cardinality: number;
  readonly codes: Int32Array;
  element(code: number): Uint8Array;
  /** Codes mode: what the codes index when other columns share it, equal elements having equal codes (see the VNG Coded). */
  readonly source?: CodeSource | undefined;
  /** Elements mode: row i's zcode element is bytes[starts[i], starts[i] + sizes[i]). */
  readonly bytes: Uint8Array;
  readonly starts: Int32Array;
  readonly sizes: Int32Array;
  /**
   * Numbers mode when set (a column of numbers decoded before, see the VNG
   * NumberColumn): row i's number, or a null where numberNulls[i] is 1; the
   * elements are then not there.
   */
  readonly numbers?: Float64Array | null;
  /** Numbers mode: row i's number is 0 where it is a null; none has a magnitude past numbersMax. */
  readonly numberNulls?: Uint8Array | null;
  readonly numbersMax?: number;
  /** Numbers mode: true when no row is a null. */
  readonly numbersNullFree?: boolean;
  /** True when every row is error("missing") (the values lack the field). */
  readonly missing: boolean;
}

const el = { start: 0, end: 0 };

/** Start of the body of the element at b[s] (past its tag), or -1 for a null. */
export function bodyStart(b: Uint8Array, s: number): number {
  readElement(b, s, b.length, el);
  return el.start;
}

/**
 * The signed integer (int64, duration, time, ...) of the element at b[s],
 * exact as a number: NaN for a null or a body past six bytes. Read in
 * place (the tag of a body this short is one byte, its length plus one).
 */
export function smallIntAt(b: Uint8Array, s: number): number {
  const tag = b[s]!;
  return tag < 1 || tag > 7 ? Number.NaN : decodeIntNumber(b, s + 1, s + tag);
}

/** The value of type `t` whose element is b[s:e] (its body a view of b). */
export function elementValue(t: Type, b: Uint8Array, s: number, e: number): Value {
  readElement(b, s, e, el);
  return new Value(t, el.start < 0 ? null : b.subarray(el.start, el.end));
}

/**
 * Row i's value of a column in numbers mode (see ColumnBatch.numbers), made
 * back from its number: exact, as a column is read as numbers only when all
 * of them are.
 */
export function numberValue(col: ColumnBatch, i: number): Value {
  if (col.numberNulls![i] === 1) return new Value(col.type, null);
  const x = col.numbers![i]!;
  const id = underlying(col.type).id;
  if (id <= ID.uint64) return new Value(col.type, encodeUint(x));
  if (id === ID.float16) return new Value(col.type, encodeFloat16(x));
  if (id === ID.float32) return new Value(col.type, encodeFloat32(x));
  if (id === ID.float64) return new Value(col.type, encodeFloat64(x));
  return new Value(col.type, encodeInt(x));
}

/** The rows `rows[0..count)` of a column, as a column of their own (its dictionary and bytes shared). */
export function selectRows(col: ColumnBatch, rows: Int32Array, count: number): ColumnBatch {
  if (col.missing) return col;
  const numbers = col.numbers;
  if (numbers != null) {
    const nulls = col.numberNulls!;
    const xs = new Float64Array(count);
    const xk = new Uint8Array(count);
    for (let k = 0; k < count; k++) {
      const r = rows[k]!;
      xs[k] = numbers[r]!;
      xk[k] = nulls[r]!;
    }
    return { ...elementsOf(col), cardinality: -1, numbers: xs, numberNulls: xk, numbersMax: col.numbersMax ?? Infinity };
  }
  if (col.cardinality >= 0) {
    const codes = new Int32Array(count);
    const src = col.codes;
    for (let k = 0; k < count; k++) codes[k] = src[rows[k]!]!;
    return { ...elementsOf(col), codes };
  }
  const starts = new Int32Array(count);
  const sizes = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    const r = rows[k]!;
    starts[k] = col.starts[r]!;
    sizes[k] = col.sizes[r]!;
  }
  return { ...elementsOf(col), cardinality: -1, starts, sizes };
}

/** A batch's fields but its rows (codes, elements, numbers), for selectRows. */
function elementsOf(col: ColumnBatch): ColumnBatch {
  return { type: col.type, cardinality: col.cardinality, codes: col.codes, element: (c) => col.element(c), source: col.source, bytes: col.bytes, starts: col.starts, sizes: col.sizes, missing: false };
}
