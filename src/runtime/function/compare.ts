// compare(a, b [, nullsMax]): Zed's total order as an int64 -1, 0 or +1
// (function/compare.go); any two values compare, nulls last unless
// nullsMax is false.

import { TypeBool, TypeInt64, Value, compareValues, encodeInt, underlying } from '../../zed/index.js';
import type { FunctionDef } from './registry.js';

const RESULTS = [-1, 0, 1].map((n) => new Value(TypeInt64, encodeInt(n)));

export const compareFunctions: readonly FunctionDef[] = [
  {
    name: 'compare',
    minArgs: 2,
    maxArgs: 3,
    make(ectx) {
      const max = { nullsMax: true };
      const min = { nullsMax: false };
      return (args) => {
        let opts = max;
        if (args.length === 3) {
          const n = args[2]!;
          if (underlying(n.type) !== TypeBool) return ectx.errors.wrap('compare: nullsMax arg is not bool', n);
          if (!n.asBool()) opts = min;
        }
        return RESULTS[compareValues(args[0]!, args[1]!, opts) + 1]!;
      };
    },
  },
];
