// What a join match yields: the left record with the fields of the right
// value's cut appended, right names already in the left record renamed
// with a _2, _3... suffix.

import { Value, type Field, type RecordType, type Type, type TypeContext } from '../../zed/index.js';
import { isQuiet, valueUnder } from './values.js';

export class RecordSplicer {
  /** The combined record type of each pair of left and right record types. */
  private readonly types = new Map<Type, Map<Type, RecordType>>();

  constructor(private readonly zctx: TypeContext) {}

  /** The left value with `cut` (the right value's cut) appended; an error cut is the result unless quiet. */
  splice(left: Value, cut: Value): Value {
    if (cut.type.kind === 'error') return isQuiet(cut) ? left : cut;
    const lu = valueUnder(left);
    const ru = valueUnder(cut);
    if (lu.type.kind !== 'record' || ru.type.kind !== 'record') return left;
    const t = this.combined(lu.type, ru.type);
    const lb = lu.bytes;
    if (lb === null) return new Value(t, null);
    const rb = ru.bytes ?? new Uint8Array(0);
    const bytes = new Uint8Array(lb.length + rb.length);
    bytes.set(lb);
    bytes.set(rb, lb.length);
    return new Value(t, bytes);
  }

  private combined(l: RecordType, r: RecordType): RecordType {
    let byRight = this.types.get(l);
    if (byRight === undefined) {
      byRight = new Map();
      this.types.set(l, byRight);
    }
    let t = byRight.get(r);
    if (t === undefined) {
      const fields: Field[] = l.fields.slice();
      for (const f of r.fields) {
        let name = f.name;
        for (let k = 2; l.indexOf(name) >= 0; k++) name = `${f.name}_${k}`;
        fields.push({ name, type: f.type });
      }
      t = this.zctx.lookupRecord(fields);
      byRight.set(r, t);
    }
    return t;
  }
}
