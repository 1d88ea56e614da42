// The table of aggregate functions by name (agg.go NewPattern).

import { InvalidError } from '../../errors/index.js';
import type { AggregateDef } from './aggregator.js';
import { anyDef } from './any.js';
import { avgDef } from './avg.js';
import { collectMapDef } from './collect-map.js';
import { collectDef } from './collect.js';
import { countDef } from './count.js';
import { dcountDef } from './dcount.js';
import { fuseDef } from './fuse.js';
import { andDef, orDef } from './logical.js';
import { maxDef, minDef, sumDef } from './math.js';
import { unionDef } from './union.js';

const defs: ReadonlyMap<string, AggregateDef> = new Map(
  [andDef, anyDef, avgDef, collectDef, collectMapDef, countDef, dcountDef, fuseDef, maxDef, minDef, orDef, sumDef, unionDef].map(
    (d) => [d.name, d],
  ),
);

/** The aggregate function called `name`, or undefined. */
export function lookupAggregate(name: string): AggregateDef | undefined {
  return defs.get(name);
}

/** Every aggregate function name, sorted. */
export function aggregateNames(): string[] {
  return [...defs.keys()].sort();
}

/**
 * The aggregate `name` called with or without an argument; throws with
 * Zed's messages ("unknown aggregation function: x", "sum: argument
 * required"), which Zed's tests compare verbatim.
 */
export function resolveAggregate(name: string, hasArg: boolean): AggregateDef {
  const def = defs.get(name);
  if (def === undefined) throw new InvalidError(`unknown aggregation function: ${name}`);
  if (def.needsArg && !hasArg) throw new InvalidError(`${name}: argument required`);
  return def;
}
