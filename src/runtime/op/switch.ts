// switch with Boolean cases (runtime/sam/op/switcher): each value goes to
// the first case whose expression is true. A case giving error("missing")
// is skipped; any other error is sent, in place of the value, to that case's
// branch and the next case is tried (as Zed does). The default case, if
// any, takes what no case matched, wherever it was written.

import type { Value } from '../../zed/index.js';
import { TypeBool } from '../../zed/index.js';
import { Router } from './router.js';
import type { Evaluator, OpContext, PipelineFn, Stream } from './types.js';
import { isMissing } from './values.js';

export interface SwitchCase {
  /** The case's condition; null for the default case. */
  readonly expr: Evaluator | null;
  readonly branch: PipelineFn;
}

/** The outputs of the cases' branches, in the order of `cases`. */
export function switchOp(_ctx: OpContext, parent: Stream, cases: readonly SwitchCase[]): Stream[] {
  const exprs: Evaluator[] = [];
  const exits: number[] = [];
  let dflt = -1;
  cases.forEach((c, i) => {
    if (c.expr === null) dflt = i;
    else {
      exprs.push(c.expr);
      exits.push(i);
    }
  });
  const n = cases.length;
  const router = new Router(parent, n, (batch, send) => {
    const outs: Value[][] = Array.from({ length: n }, () => []);
    for (let i = 0; i < batch.length; i++) {
      const v = batch[i]!;
      let matched = false;
      for (let k = 0; k < exprs.length; k++) {
        const r = exprs[k]!(v);
        if (r.type === TypeBool) {
          if (r.bytes !== null && r.bytes.length > 0 && r.bytes[0] !== 0) {
            outs[exits[k]!]!.push(v);
            matched = true;
            break;
          }
          continue;
        }
        if (r.type.kind === 'error') {
          if (!isMissing(r)) outs[exits[k]!]!.push(r);
        }
      }
      if (!matched && dflt >= 0) outs[dflt]!.push(v);
    }
    for (let i = 0; i < n; i++) send(i, outs[i]!);
  });
  return cases.map((c, i) => c.branch(router.exit(i)));
}
