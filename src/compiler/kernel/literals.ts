// Plan literals are ZSON text; this table turns them into values once per
// query (and remembers the values the semantic pass started from, so a
// literal is never re-parsed in the query that made it).

import type { Type, TypeContext, Value } from '../../zed/index.js';
import { formatType, formatValue, parseZsonType, parseZsonValue } from '../../zson/index.js';
import { typeOfTypeValue } from '../../runtime/index.js';

export class Literals {
  readonly #values = new Map<string, Value>();
  readonly #types = new Map<string, Type>();

  constructor(readonly zctx: TypeContext) {}

  /** The ZSON text of `v`, remembered so `value` gives `v` back. */
  text(v: Value): string {
    const s = formatValue(v);
    if (!this.#values.has(s)) this.#values.set(s, v);
    return s;
  }

  /** The value of ZSON text `s`. */
  value(s: string): Value {
    let v = this.#values.get(s);
    if (v === undefined) {
      v = parseZsonValue(s, this.zctx);
      this.#values.set(s, v);
    }
    return v;
  }

  /** The ZSON text of type `t`, remembered likewise. */
  typeText(t: Type): string {
    const s = formatType(t);
    if (!this.#types.has(s)) this.#types.set(s, t);
    return s;
  }

  /** The type ZSON text `s` names. */
  type(s: string): Type {
    let t = this.#types.get(s);
    if (t === undefined) {
      t = parseZsonType(s, this.zctx);
      this.#types.set(s, t);
    }
    return t;
  }

  /** The type a type-value literal denotes, or null when `s` is not a type value. */
  typeOfValue(s: string): Type | null {
    const v = this.value(s);
    return v.type.kind === 'primitive' && v.type.name === 'type' ? typeOfTypeValue(this.zctx, v.bytes) : null;
  }
}
