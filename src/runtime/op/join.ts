// join: a sorted merge join of two inputs on equal keys (runtime/sam/op/
// join), as Zed does it: an input not known to be sorted by its key is
// sorted first (nulls last), left values come out in key order, and each
// left value meets the run of right values with an equal key (compared as
// Zed's order does, so 1 and 1.0 match and a null matches a null). Values
// whose key is missing are skipped on both sides. A match is the left
// record with the right record's `cut` of the assignments appended; right
// field names already in the left record get a _2, _3... suffix.

import type { Value } from '../../zed/index.js';
import { compareKeyValues } from './compare.js';
import { Cutter } from './cut.js';
import { isMissingKey, JoinSets, NEED_MORE, RightCursor } from './join-set.js';
import { RecordSplicer } from './join-splice.js';
import { sortOp } from './sort.js';
import { checkAbort, type Assignment, type Batch, type Evaluator, type OpContext, type Order, type Stream } from './types.js';
import { ErrorValues } from './values.js';

export type JoinStyle = 'inner' | 'left' | 'right' | 'anti';

export interface JoinOptions {
  readonly style: JoinStyle;
  /** The key of the left (main) input. */
  readonly leftKey: Evaluator;
  /** The key of the right input (the join's subquery or second branch). */
  readonly rightKey: Evaluator;
  /** The order the left input is known to be sorted in by its key; absent when unknown. */
  readonly leftDir?: Order;
  readonly rightDir?: Order;
  /** Fields taken from the matching right value (a cut of it). */
  readonly assignments: readonly Assignment[];
}

export function joinOp(ctx: OpContext, left: Stream, right: Stream, opts: JoinOptions): Stream {
  let { leftKey, rightKey, leftDir, rightDir } = opts;
  if (opts.style === 'right') {
    [left, right] = [right, left];
    [leftKey, rightKey] = [rightKey, leftKey];
    [leftDir, rightDir] = [rightDir, leftDir];
  }
  const o: Order = leftDir ?? rightDir ?? 'asc';
  if (leftDir !== o) left = sortOp(ctx, left, [{ expr: leftKey, order: o }]);
  if (rightDir !== o) right = sortOp(ctx, right, [{ expr: rightKey, order: o }]);
  return run(ctx, left, right, leftKey, rightKey, o, opts);
}

async function* run(
  ctx: OpContext,
  left: Stream,
  right: Stream,
  leftKey: Evaluator,
  rightKey: Evaluator,
  o: Order,
  opts: JoinOptions,
): AsyncGenerator<Batch> {
  const inner = opts.style === 'inner';
  const anti = opts.style === 'anti';
  const cutter = new Cutter(ctx, new ErrorValues(ctx.zctx), opts.assignments);
  const splicer = new RecordSplicer(ctx.zctx);
  const rightValues = new RightCursor(right, rightKey);
  const joinSets = new JoinSets(rightValues, keyComparator(o));
  try {
    for await (const batch of left) {
      checkAbort(ctx);
      const out: Value[] = [];
      for (let i = 0; i < batch.length; i++) {
        const l = batch[i]!;
        const key = leftKey(l);
        if (isMissingKey(key)) continue;
        let set = joinSets.find(key);
        while (set === NEED_MORE) {
          await rightValues.fill();
          set = joinSets.find(key);
        }
        if (set === null) {
          if (!inner) out.push(l);
          continue;
        }
        if (anti) continue;
        for (const r of set) out.push(splicer.splice(l, cutter.eval(r)));
      }
      if (out.length > 0) yield out;
    }
  } finally {
    await rightValues.close();
  }
}

/** Compares keys as Zed's order does (nulls last) in direction `o`. */
function keyComparator(o: Order): (a: Value, b: Value) => number {
  return o === 'desc' ? (a, b) => compareKeyValues(b, a, true, false) : (a, b) => compareKeyValues(a, b, true, false);
}
