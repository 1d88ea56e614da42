// What expressions are built with: the evaluation context, the frame that
// holds locals (slots the semantic pass assigned), the plan's user
// functions and literal table, and the hook for lateral expressions.

import { NullValue, type Value } from '../../zed/index.js';
import type { EvalContext } from '../../runtime/index.js';
import type * as dag from '../dag/index.js';
import type { Literals } from './literals.js';

/** A compiled expression; `self` is `this`. */
export type Evaluator = (self: Value) => Value;

/** Run-time state of a query's locals: one slot per local, and the user-function call depth. */
export class Frame {
  readonly vars: Value[] = [];
  depth = 0;
  constructor(slots = 0) {
    for (let i = 0; i < slots; i++) this.vars.push(NullValue);
  }
}

export interface Env {
  readonly ectx: EvalContext;
  readonly frame: Frame;
  readonly funcs: ReadonlyMap<number, dag.Func>;
  readonly literals: Literals;
  /** Streaming aggregates (and other stateful evaluators) register their reset here. */
  readonly resetters: (() => void)[];
  /** Compiles a lateral `(over ... | seq)` expression; provided by the query builder. */
  compileLateral?: (node: dag.OverExpr, env: Env) => Evaluator;
}

export function newEnv(ectx: EvalContext, literals: Literals, funcs: ReadonlyMap<number, dag.Func>, slots = 0): Env {
  return { ectx, frame: new Frame(slots), funcs, literals, resetters: [] };
}

/**
 * An environment for evaluating a const at compile time: locals read as
 * null and lateral expressions as error("missing") (so a const that needs
 * input fails as having a variable dependency).
 */
export function constEnv(ectx: EvalContext, literals: Literals, funcs: ReadonlyMap<number, dag.Func>, slots: number): Env {
  const env = newEnv(ectx, literals, funcs, slots);
  const missing = ectx.errors.missing();
  env.compileLateral = () => () => missing;
  return env;
}
