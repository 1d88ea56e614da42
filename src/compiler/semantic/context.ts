// What the semantic pass shares across a query: the type context, the
// evaluation context consts are computed in, the literal table handed on
// to the kernel, the user functions analyzed so far and the user operators
// being expanded.

import type { TypeContext } from '../../zed/index.js';
import type { EvalContext } from '../../runtime/index.js';
import type * as dag from '../dag/index.js';
import type { Literals } from '../kernel/literals.js';
import type { SlotCounter } from './scope.js';

export interface Sem {
  readonly zctx: TypeContext;
  readonly ectx: EvalContext;
  readonly literals: Literals;
  /** Analyzed user functions by id. */
  readonly funcs: Map<number, dag.Func>;
  nextFunc: number;
  /** Frame slots taken by locals. */
  readonly slots: SlotCounter;
  /** Names of user ops being expanded, to report cycles as Zed does. */
  readonly expanding: string[];
  /** Whether a `load` can run here (the sources have a lake). */
  readonly canLoad: boolean;
}
