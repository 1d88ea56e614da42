// Type-only node list: declarations that open a scope (const, func, op, type).

import type { Expr, ID } from './expr.js';
import type { Loc } from './loc.js';
import type { Seq } from './op.js';
import type { Type } from './type.js';

export type Decl = ConstDecl | FuncDecl | OpDecl | TypeDecl;

/** `const name = expr` */
export interface ConstDecl {
  readonly kind: 'ConstDecl';
  readonly name: ID;
  readonly expr: Expr;
  readonly loc: Loc;
}

/** `func name(params): (expr)` */
export interface FuncDecl {
  readonly kind: 'FuncDecl';
  readonly name: ID;
  readonly params: readonly ID[];
  readonly expr: Expr;
  readonly loc: Loc;
}

/** `op name(params): (body)`; a body with declarations is one Scope. */
export interface OpDecl {
  readonly kind: 'OpDecl';
  readonly name: ID;
  readonly params: readonly ID[];
  readonly body: Seq;
  readonly loc: Loc;
}

/** `type name = T` */
export interface TypeDecl {
  readonly kind: 'TypeDecl';
  readonly name: ID;
  readonly type: Type;
  readonly loc: Loc;
}
