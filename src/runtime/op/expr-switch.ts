// switch on an expression's value (runtime/sam/op/exprswitch): each value
// goes to the case whose constant equals the expression's result, else to
// the default case, else nowhere; error("missing") results are dropped. As
// in Zed, cases match by the bytes of the value alone, whatever its type,
// and a null matches an empty body.

import { bytesEqual } from '../../util/utf8.js';
import type { Value } from '../../zed/index.js';
import { Router } from './router.js';
import type { Evaluator, OpContext, PipelineFn, Stream } from './types.js';
import { isMissing } from './values.js';

export interface ExprSwitchCase {
  /** The case's constant; null for the default case. */
  readonly value: Value | null;
  readonly branch: PipelineFn;
}

const EMPTY: Uint8Array = new Uint8Array(0);

/** The outputs of the cases' branches, in the order of `cases`. */
export function exprSwitchOp(_ctx: OpContext, parent: Stream, expr: Evaluator, cases: readonly ExprSwitchCase[]): Stream[] {
  const keys: Uint8Array[] = [];
  const exits: number[] = [];
  let dflt = -1;
  cases.forEach((c, i) => {
    if (c.value === null) dflt = i;
    else {
      // A later case with the same bytes wins, as in Zed's map of cases.
      const body = c.value.bytes ?? EMPTY;
      const at = keys.findIndex((k) => bytesEqual(k, body));
      if (at >= 0) exits[at] = i;
      else {
        keys.push(body);
        exits.push(i);
      }
    }
  });
  const n = cases.length;
  const router = new Router(parent, n, (batch, send) => {
    const outs: Value[][] = Array.from({ length: n }, () => []);
    for (let i = 0; i < batch.length; i++) {
      const v = batch[i]!;
      const r = expr(v);
      if (r.type.kind === 'error' && isMissing(r)) continue;
      const body = r.bytes ?? EMPTY;
      let to = dflt;
      for (let k = 0; k < keys.length; k++) {
        if (bytesEqual(keys[k]!, body)) {
          to = exits[k]!;
          break;
        }
      }
      if (to >= 0) outs[to]!.push(v);
    }
    for (let i = 0; i < n; i++) send(i, outs[i]!);
  });
  return cases.map((c, i) => c.branch(router.exit(i)));
}
