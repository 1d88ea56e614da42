// any(): an arbitrary input value (agg/any.go): the first one, replaced only
// while it is a null and a non-null arrives. With no input the result is null.

import { NullValue, type Value } from '../../zed/index.js';
import { FIXED_AGG_BYTES, type AggregateDef, type Aggregator } from './aggregator.js';
import { copyValue } from './values.js';

class Any implements Aggregator {
  private v: Value | null = null;

  consume(v: Value): void {
    const cur = this.v;
    if (cur === null || (cur.bytes === null && v.bytes !== null)) this.v = copyValue(v);
  }

  consumeAsPartial(v: Value): void {
    this.consume(v);
  }

  result(): Value {
    return this.v ?? NullValue;
  }

  resultAsPartial(): Value {
    return this.result();
  }

  memory(): number {
    return FIXED_AGG_BYTES + (this.v?.bytes?.length ?? 0);
  }
}

export const anyDef: AggregateDef = {
  name: 'any',
  needsArg: true,
  growing: true,
  make: () => new Any(),
};
