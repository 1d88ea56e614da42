// A query's values as a table: nested records flattened to columns
// (`r.a`, `r.b`), columns in order of first appearance across all the
// value types seen, and cells computed only for the rows on screen (a
// value keeps its zcode; a plan per type says where each column lives).

import { formatPrimitive, formatType, formatValue } from '../../../src/zson/index.js';
import { elements, ID, underlying, Value, type Type } from '../../../src/zed/index.js';

export interface Column {
  /** The dotted path (`r.a`), or `this` for values that are not records. */
  readonly key: string;
  /** The ZSON types seen in this column. */
  readonly types: Set<string>;
  /** Every value seen here is a time (the chart's x). */
  time: boolean;
  /** Every value seen here is a number (the chart's y). */
  numeric: boolean;
}

export interface Cell {
  readonly text: string;
  /** The value's type in ZSON, shown on hover. */
  readonly type: string;
  readonly isNull: boolean;
  readonly value: Value;
}

/** A column's leaf in values of one type, in the order of a depth-first walk of the type. */
interface Leaf {
  readonly column: number;
}

const NUMERIC = new Set<number>([
  ID.uint8, ID.uint16, ID.uint32, ID.uint64, ID.int8, ID.int16, ID.int32, ID.int64, ID.float16, ID.float32, ID.float64,
]);

export class ResultSet {
  readonly columns: Column[] = [];
  readonly rows: Value[] = [];
  readonly #byKey = new Map<string, number>();
  readonly #plans = new Map<Type, Leaf[]>();
  readonly #typeText = new Map<Type, string>();

  add(values: readonly Value[]): void {
    for (const v of values) {
      if (!this.#plans.has(v.type)) this.#plans.set(v.type, this.#plan(v.type));
      this.rows.push(v);
    }
  }

  /** The text of a type, cached (types are interned: one object per type). */
  typeText(t: Type): string {
    let s = this.#typeText.get(t);
    if (s === undefined) {
      s = formatType(t);
      this.#typeText.set(t, s);
    }
    return s;
  }

  #column(key: string, leaf: Type): number {
    let i = this.#byKey.get(key);
    if (i === undefined) {
      i = this.columns.length;
      this.columns.push({ key, types: new Set(), time: true, numeric: true });
      this.#byKey.set(key, i);
    }
    const c = this.columns[i]!;
    c.types.add(this.typeText(leaf));
    const u = underlying(leaf);
    if (u.kind !== 'primitive' || u.id !== ID.time) c.time = false;
    if (u.kind !== 'primitive' || !NUMERIC.has(u.id)) c.numeric = false;
    return i;
  }

  #plan(t: Type): Leaf[] {
    const leaves: Leaf[] = [];
    const walk = (type: Type, prefix: string) => {
      const u = underlying(type);
      if (u.kind === 'record' && u.fields.length > 0) {
        for (const f of u.fields) walk(f.type, prefix === '' ? f.name : `${prefix}.${f.name}`);
        return;
      }
      leaves.push({ column: this.#column(prefix === '' ? 'this' : prefix, type) });
    };
    walk(t, '');
    return leaves;
  }

  /** The cells of row `i`, by column (undefined where its type has no such column). */
  cells(i: number): (Cell | undefined)[] {
    const v = this.rows[i]!;
    const out: (Cell | undefined)[] = new Array(this.columns.length);
    const plan = this.#plans.get(v.type) ?? [];
    let n = 0;
    // The plan's leaves are in the order of this walk: each container is split once.
    const walk = (type: Type, bytes: Uint8Array | null) => {
      const u = underlying(type);
      if (u.kind === 'record' && u.fields.length > 0) {
        const els = bytes === null ? null : elements(bytes);
        u.fields.forEach((f, k) => walk(f.type, els === null ? null : (els[k] ?? null)));
        return;
      }
      out[plan[n++]!.column] = this.#cell(new Value(type, bytes));
    };
    walk(v.type, v.bytes);
    return out;
  }

  #cell(v: Value): Cell {
    const type = this.typeText(v.type);
    if (v.bytes === null) return { text: 'null', type, isNull: true, value: v };
    const u = underlying(v.type);
    let text: string;
    if (u.kind === 'primitive') text = u.id === ID.string ? v.asString() : formatPrimitive(u, v.bytes);
    else text = formatValue(v);
    return { text, type, isNull: false, value: v };
  }
}

/** A number of a numeric or time value (times in seconds, for the chart). */
export function numberOf(v: Value): number | null {
  if (v.bytes === null) return null;
  const u = underlying(v.type);
  if (u.kind !== 'primitive') return null;
  if (u.id === ID.time) return Number(v.asInt()) / 1e9;
  if (u.id === ID.float16 || u.id === ID.float32 || u.id === ID.float64) return v.asFloat();
  if (u.id <= ID.uint64) return v.asUintNumber();
  return v.asIntNumber();
}
