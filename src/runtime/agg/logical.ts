// and() and or() over bool inputs (agg/logical.go). Nulls and values whose
// underlying type is not bool are ignored, never coerced; with no bool input
// the result is null(bool).

import { InvalidError } from '../../errors/index.js';
import { TypeBool, Value, newBool, underlying } from '../../zed/index.js';
import { FIXED_AGG_BYTES, type AggregateDef, type Aggregator } from './aggregator.js';

const NULL_BOOL = new Value(TypeBool, null);

class Logical implements Aggregator {
  // -1: no input yet; 0: false; 1: true.
  private state = -1;

  constructor(
    private readonly isAnd: boolean,
    private readonly name: string,
  ) {}

  consume(v: Value): void {
    const b = v.bytes;
    if (b === null || underlying(v.type) !== TypeBool) return;
    const x = b.length > 0 && b[0] !== 0;
    if (this.state < 0) this.state = this.isAnd ? 1 : 0;
    if (this.isAnd) {
      if (!x) this.state = 0;
    } else if (x) {
      this.state = 1;
    }
  }

  consumeAsPartial(v: Value): void {
    if (v.type !== TypeBool) throw new InvalidError(`${this.name}: partial not a bool`);
    this.consume(v);
  }

  result(): Value {
    return this.state < 0 ? NULL_BOOL : newBool(this.state === 1);
  }

  resultAsPartial(): Value {
    return this.result();
  }

  memory(): number {
    return FIXED_AGG_BYTES;
  }
}

export const andDef: AggregateDef = {
  name: 'and',
  needsArg: true,
  growing: false,
  make: () => new Logical(true, 'and'),
};

export const orDef: AggregateDef = {
  name: 'or',
  needsArg: true,
  growing: false,
  make: () => new Logical(false, 'or'),
};
