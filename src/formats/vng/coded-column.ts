// Columns of many distinct values read once as codes, so that a query
// grouping by one again reads codes as it does a dictionary column's: each
// distinct value is then looked up once per query instead of once per row.
// The codes index an ElementDictionary that the same column of several
// objects shares (a pool's column at a path, of one type): over a pool a
// group-by key's values are then interned once per query, whichever objects
// hold them. A dictionary only grows; codes, once given, keep their element.

import { ByteTable, hashBytes } from '../../util/byte-table.js';
import { readThrough, type Coded, type ColumnReader } from './column-reader.js';
import { asFormatError } from './errors.js';

/** The distinct zcode elements of columns of one type, as dense codes in order of first sight. */
export class ElementDictionary {
  readonly #table = new ByteTable();

  /** Codes given so far: 0 to size - 1. */
  get size(): number {
    return this.#table.size;
  }

  /** The element of `code` (a view, valid until the next new element). */
  element(code: number): Uint8Array {
    const t = this.#table;
    return t.arena.subarray(t.start(code), t.end(code));
  }

  /** Whether element b[s:e] has a code. */
  has(b: Uint8Array, s: number, e: number): boolean {
    return this.find(b, s, e) >= 0;
  }

  /** The code of element b[s:e]; -1 when it has none. */
  find(b: Uint8Array, s: number, e: number): number {
    return this.#table.find(0, b, s, e, hashBytes(0, b, s, e));
  }

  /** The code of element b[s:e], given when new. */
  codeOf(b: Uint8Array, s: number, e: number): number {
    return this.#table.intern(0, b, s, e, hashBytes(0, b, s, e));
  }

  /** Bytes held, about. */
  get byteLength(): number {
    return this.#table.arena.byteLength + 16 * this.#table.size;
  }
}

/** Rows up to which a column is read as codes however many distinct values it has. */
const SHORT_COLUMN = 16384;

/** One object's column as codes into a dictionary, row by row. */
export class CodedColumn {
  constructor(
    readonly dictionary: ElementDictionary,
    readonly codes: Int32Array,
    /** Bytes of the dictionary's elements the column holds. */
    readonly elementBytes: number,
  ) {}

  get byteLength(): number {
    return this.codes.byteLength + this.elementBytes;
  }

  /** The column read from its first row. */
  reader(): Coded {
    const codes = this.codes;
    const dict = this.dictionary;
    let row = 0;
    return {
      // Every code the column holds was given before this.
      cardinality: dict.size,
      source: dict,
      codes(n: number, out: Int32Array): void {
        out.set(codes.subarray(row, row + n));
        row += n;
      },
      element: (code: number) => dict.element(code),
    };
  }
}

/**
 * Reads the rest of `reader` (all of it, when fresh: `length` values) as
 * codes into `dictionary`; null, having given no code, when more than
 * `maxShare` of its rows' worth of values are new both to the column and to
 * the dictionary (codes would save little), unless it is short; or when
 * the dictionary would grow past `maxBytes`.
 */
export function codeColumn(reader: ColumnReader, length: number, dictionary: ElementDictionary, maxShare: number, maxBytes: number): CodedColumn | null {
  try {
    return readCodes(reader, length, dictionary, maxShare, maxBytes);
  } catch (e) {
    throw asFormatError(e, 'VNG');
  }
}

function readCodes(reader: ColumnReader, length: number, dictionary: ElementDictionary, maxShare: number, maxBytes: number): CodedColumn | null {
  // The column's own distinct values first, so that a column of too many
  // gives the shared dictionary none.
  const local = new ByteTable();
  const rows = new Int32Array(length);
  readThrough(reader, length, (bytes, starts, sizes, n, at) => {
    for (let i = 0; i < n; i++) {
      const s = starts[i]!;
      const e = s + sizes[i]!;
      rows[at + i] = local.intern(0, bytes, s, e, hashBytes(0, bytes, s, e));
    }
    return true;
  });
  const arena = local.arena;
  // Values new to the dictionary as well as to the column's other rows (a
  // column of ids, each once) would be coded for nothing; but a short
  // column costs little either way, and may share its values with the next.
  if (length > SHORT_COLUMN && local.size > maxShare * length) {
    let fresh = 0;
    for (let c = 0; c < local.size; c++) if (!dictionary.has(arena, local.start(c), local.end(c))) fresh++;
    if (fresh > maxShare * length) return null;
  }
  // Long values (a hostile pool's) must not grow a dictionary without bound.
  const bytes = arena.byteLength + 16 * local.size;
  if (dictionary.byteLength + bytes > maxBytes) return null;
  const toShared = new Int32Array(local.size);
  for (let c = 0; c < local.size; c++) toShared[c] = dictionary.codeOf(arena, local.start(c), local.end(c));
  for (let i = 0; i < length; i++) rows[i] = toShared[rows[i]!]!;
  // What the column alone may keep alive in the dictionary counts as its own.
  return new CodedColumn(dictionary, rows, bytes);
}
