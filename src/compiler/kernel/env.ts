// The scope expressions compile in: consts, user functions, named types and
// local variables (function parameters, `over ... with` bindings), plus the
// evaluation context. Locals live in slots of one Frame shared by a scope
// tree, so a compiled evaluator reads a local as `frame.vars[slot]`.

import { NullValue, type Type, type Value } from '../../zed/index.js';
import type { EvalContext } from '../../runtime/index.js';
import type { Expr, ID, OverExpr } from '../ast/index.js';

/** A compiled expression; `self` is `this`. */
export type Evaluator = (self: Value) => Value;

/** A user function declared with `func name(params): (body)`. */
export interface UserFunc {
  readonly name: string;
  readonly params: readonly ID[];
  readonly body: Expr;
  /** The scope the function was declared in; its body sees that scope's consts, types and functions. */
  readonly env: Env;
}

/** Run-time state one scope tree shares: local slots and the user-function call depth. */
export class Frame {
  readonly vars: Value[] = [];
  depth = 0;
}

export interface Env {
  readonly ectx: EvalContext;
  readonly parent: Env | null;
  readonly frame: Frame;
  readonly consts: Map<string, Value>;
  readonly funcs: Map<string, UserFunc>;
  readonly types: Map<string, Type>;
  /** Local names bound in this scope, to slots of `frame`. */
  readonly locals: Map<string, number>;
  /** Streaming aggregates (and other stateful evaluators) compiled in this scope tree register here. */
  readonly resetters: (() => void)[];
  /** Compiles a lateral `(over ... | seq)` expression; provided by the query compiler. */
  compileLateral?: (node: OverExpr, env: Env) => Evaluator;
  /** A nested scope sharing this one's frame, resetters and lateral hook. */
  child(): Env;
  /** Binds `name` to a fresh slot in this scope and returns the slot. */
  defineLocal(name: string): number;
  lookupConst(name: string): Value | undefined;
  lookupFunc(name: string): UserFunc | undefined;
  lookupType(name: string): Type | undefined;
  lookupLocal(name: string): number | undefined;
  /** Declares a user function in this scope. */
  defineFunc(name: string, params: readonly ID[], body: Expr): void;
}

class Scope implements Env {
  readonly consts = new Map<string, Value>();
  readonly funcs = new Map<string, UserFunc>();
  readonly types = new Map<string, Type>();
  readonly locals = new Map<string, number>();
  compileLateral?: (node: OverExpr, env: Env) => Evaluator;

  constructor(
    readonly ectx: EvalContext,
    readonly parent: Scope | null,
    readonly frame: Frame,
    readonly resetters: (() => void)[],
  ) {}

  child(): Env {
    const c = new Scope(this.ectx, this, this.frame, this.resetters);
    const hook = this.compileLateral;
    if (hook !== undefined) c.compileLateral = hook;
    return c;
  }

  defineLocal(name: string): number {
    const slot = this.frame.vars.length;
    this.frame.vars.push(NullValue);
    this.locals.set(name, slot);
    return slot;
  }

  defineFunc(name: string, params: readonly ID[], body: Expr): void {
    this.funcs.set(name, { name, params, body, env: this });
  }

  lookupConst(name: string): Value | undefined {
    for (let s: Scope | null = this; s !== null; s = s.parent) {
      const v = s.consts.get(name);
      if (v !== undefined) return v;
      // A nearer local or function of the same name hides outer consts.
      if (s.locals.has(name) || s.funcs.has(name)) return undefined;
    }
    return undefined;
  }

  lookupFunc(name: string): UserFunc | undefined {
    for (let s: Scope | null = this; s !== null; s = s.parent) {
      const f = s.funcs.get(name);
      if (f !== undefined) return f;
    }
    return undefined;
  }

  lookupType(name: string): Type | undefined {
    for (let s: Scope | null = this; s !== null; s = s.parent) {
      const t = s.types.get(name);
      if (t !== undefined) return t;
    }
    return undefined;
  }

  lookupLocal(name: string): number | undefined {
    for (let s: Scope | null = this; s !== null; s = s.parent) {
      const slot = s.locals.get(name);
      if (slot !== undefined) return slot;
      if (s.consts.has(name)) return undefined;
    }
    return undefined;
  }
}

/** A root scope in `ectx` with its own frame. */
export function newEnv(ectx: EvalContext): Env {
  return new Scope(ectx, null, new Frame(), []);
}
