// Lexical scopes of the semantic pass: consts (evaluated once, kept as
// values), named types, user functions and operators, and locals (function
// parameters, `over ... with` bindings) bound to frame slots. Lookups walk
// outward; a nearer local or function hides an outer const of the same name
// and a nearer const hides an outer local, as in Zed.

import type { Type, Value } from '../../zed/index.js';
import type * as ast from '../ast/index.js';
import type * as dag from '../dag/index.js';

/** A `func` declaration; its body is analyzed on first use. */
export interface FuncInfo {
  readonly id: number;
  readonly name: string;
  readonly params: readonly ast.ID[];
  readonly body: ast.Expr;
  /** The scope the function was declared in. */
  readonly scope: Scope;
  plan: dag.Func | null;
  analyzing: boolean;
}

/** An `op` declaration, expanded at each call. */
export interface OpInfo {
  readonly decl: ast.OpDecl;
  readonly scope: Scope;
}

export class Scope {
  readonly consts = new Map<string, { value: Value; text: string }>();
  readonly funcs = new Map<string, FuncInfo>();
  readonly types = new Map<string, Type>();
  readonly locals = new Map<string, dag.Var>();
  readonly ops = new Map<string, OpInfo>();
  /** Declarations in order, for the plan's Scope node. */
  readonly constDefs: dag.ConstDef[] = [];
  readonly typeDefs: dag.TypeDef[] = [];
  readonly funcInfos: FuncInfo[] = [];

  constructor(
    readonly parent: Scope | null,
    readonly slots: SlotCounter,
  ) {}

  child(): Scope {
    return new Scope(this, this.slots);
  }

  /** Binds `name` to a fresh frame slot in this scope. */
  defineLocal(name: string): dag.Var {
    const v: dag.Var = { kind: 'Var', name, slot: this.slots.next++ };
    this.locals.set(name, v);
    return v;
  }

  lookupConst(name: string): { value: Value; text: string } | undefined {
    for (let s: Scope | null = this; s !== null; s = s.parent) {
      const c = s.consts.get(name);
      if (c !== undefined) return c;
      if (s.locals.has(name) || s.funcs.has(name)) return undefined;
    }
    return undefined;
  }

  lookupLocal(name: string): dag.Var | undefined {
    for (let s: Scope | null = this; s !== null; s = s.parent) {
      const v = s.locals.get(name);
      if (v !== undefined) return v;
      if (s.consts.has(name)) return undefined;
    }
    return undefined;
  }

  lookupFunc(name: string): FuncInfo | undefined {
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

  lookupOp(name: string): OpInfo | undefined {
    for (let s: Scope | null = this; s !== null; s = s.parent) {
      const o = s.ops.get(name);
      if (o !== undefined) return o;
    }
    return undefined;
  }
}

/** The frame slots a query's locals have taken so far. */
export interface SlotCounter {
  next: number;
}

/** A root scope whose descendants draw frame slots from `slots`. */
export function rootScope(slots: SlotCounter): Scope {
  return new Scope(null, slots);
}
