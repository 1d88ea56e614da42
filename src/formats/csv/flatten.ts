// Flattening of nested records for the tabular writers (CSV, TSV, table,
// text), as Zed's expr.Flattener: fields of inner records (under any names)
// become top-level fields called "outer.inner"; a null inner record yields
// nulls for all of its leaves.

import { readElement, underlying, type Field, type RecordType, type Type, type Value } from '../../zed/index.js';

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

  /**
   * Fills `out` with the leaves of record value `v` (one per flat field) and
   * returns its shape. The Leaf objects in `out` are reused from call to
   * call: read them before the next call.
   */
  leaves(v: Value, out: Leaf[]): FlatShape {
    const s = this.shape(v.type);
    const rec = underlying(v.type) as RecordType;
    out.length = appendLeaves(rec, v.bytes, out, 0);
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

const el = { start: 0, end: 0 };

/** Sets out[at...] to the leaves of a record body; returns the next index. */
function appendLeaves(rec: RecordType, body: Uint8Array | null, out: Leaf[], at: number): number {
  let off = 0;
  const end = body === null ? 0 : body.length;
  for (const f of rec.fields) {
    let bytes: Uint8Array | null = null;
    if (body !== null && off < end) {
      off = readElement(body, off, end, el);
      if (el.start >= 0) bytes = body.subarray(el.start, el.end);
    }
    const u = underlying(f.type);
    if (u.kind === 'record') {
      at = appendLeaves(u, bytes, out, at);
      continue;
    }
    const leaf = out[at];
    if (leaf === undefined) out.push({ type: f.type, bytes });
    else {
      leaf.type = f.type;
      leaf.bytes = bytes;
    }
    at++;
  }
  return at;
}
