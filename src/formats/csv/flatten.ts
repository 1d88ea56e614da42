// Flattening of nested records for the tabular writers (CSV, TSV, table,
// text), as Zed's expr.Flattener: fields of inner records (under any names)
// become top-level fields called "outer.inner"; a null inner record yields
// nulls for all of its leaves.

import { ZIter, underlying, type Field, type RecordType, type Type, type Value } from '../../zed/index.js';

/** The flattened shape of one record type. */
export interface FlatShape {
  readonly fields: readonly Field[];
  /** Same object for every record type that flattens to the same fields (Zed's interned flat type). */
  readonly key: object;
  /** False when no field is a record, so the body needs no recoding. */
  readonly nested: boolean;
}

/** One leaf of a flattened record: its field type and body (null for null). */
export interface Leaf {
  type: Type;
  bytes: Uint8Array | null;
}

export class Flattener {
  private readonly shapes = new Map<Type, FlatShape>();
  private readonly keys = new Map<string, object>();
  private readonly serials = new Map<Type, number>();

  /** The flat shape of a value whose type is a record (under any names). */
  shape(t: Type): FlatShape {
    let s = this.shapes.get(t);
    if (s === undefined) {
      const rec = underlying(t) as RecordType;
      const fields: Field[] = [];
      const nested = flattenFields(rec, '', fields);
      let k = '';
      for (const f of fields) k += this.serial(f.type) + ':' + f.name.length + ':' + f.name + ',';
      let key = this.keys.get(k);
      if (key === undefined) {
        key = {};
        this.keys.set(k, key);
      }
      s = { fields, key, nested };
      this.shapes.set(t, s);
    }
    return s;
  }

  /** Fills `out` with the leaves of record value `v` (one per flat field) and returns its shape. */
  leaves(v: Value, out: Leaf[]): FlatShape {
    const s = this.shape(v.type);
    out.length = 0;
    const rec = underlying(v.type) as RecordType;
    appendLeaves(rec, v.bytes, out);
    return s;
  }

  private serial(t: Type): number {
    let n = this.serials.get(t);
    if (n === undefined) {
      n = this.serials.size;
      this.serials.set(t, n);
    }
    return n;
  }
}

function flattenFields(rec: RecordType, prefix: string, out: Field[]): boolean {
  let nested = false;
  for (const f of rec.fields) {
    const u = underlying(f.type);
    if (u.kind === 'record') {
      nested = true;
      flattenFields(u, prefix + f.name + '.', out);
    } else {
      out.push(prefix === '' ? f : { name: prefix + f.name, type: f.type });
    }
  }
  return nested;
}

function appendLeaves(rec: RecordType, body: Uint8Array | null, out: Leaf[]): void {
  const it = body === null ? null : new ZIter(body);
  for (const f of rec.fields) {
    const el = it === null || it.done() ? null : it.next();
    const u = underlying(f.type);
    if (u.kind === 'record') appendLeaves(u, el, out);
    else out.push({ type: f.type, bytes: el });
  }
}
