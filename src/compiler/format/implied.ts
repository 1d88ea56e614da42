// Which operator a bare expression or assignment list stands for, so the
// canonical form can name it (docs/language/pipeline-model.md, "Implied
// Operators"): a search, an aggregation, a filter, a call of a user
// operator, or a yield.

import type { Assignment, Expr } from '../ast/index.js';
import { isBool } from '../semantic/is-bool.js';
import { rootScope, type Scope } from '../semantic/scope.js';
import { isAggCall } from '../semantic/summarize.js';
import { hasSearchTerm } from './search.js';

export type ImpliedOp = 'search' | 'summarize' | 'where' | 'call' | 'yield';

// The formatter sees no declarations: names resolve to built-ins only.
function builtins(): Scope {
  return rootScope({ next: 0 });
}

/** The operator a bare expression stands for. */
export function impliedOp(e: Expr): ImpliedOp {
  if (hasSearchTerm(e)) return 'search';
  const scope = builtins();
  const call = e.kind === 'Call';
  if (isAggCall(e, scope)) return 'summarize';
  if (isBool(e, scope)) return 'where';
  // Any other call may name a user operator: it stays as written.
  return call ? 'call' : 'yield';
}

/** Whether bare assignments are an aggregation (else a put). */
export function isAggAssignments(args: readonly Assignment[]): boolean {
  const scope = builtins();
  return args.every((a) => isAggCall(a.rhs, scope));
}
