// Public surface of the Zed query AST: node types (unions on `kind`) and
// small helpers.

export type * from './decl.js';
export type * from './expr.js';
export type * from './loc.js';
export type * from './op.js';
export type * from './source.js';
export type * from './type.js';
export { stripLoc, type WithoutLoc } from './strip-loc.js';

import type { Decl } from './decl.js';
import type {
  Assignment,
  Def,
  Entry,
  Expr,
  Field,
  FStringElem,
  Spread,
  VectorValue,
} from './expr.js';
import type { Agg, Case, Op, SortExpr } from './op.js';
import type { Pattern, PoolSpec, Trunk } from './source.js';
import type { Type, TypeField } from './type.js';

/** Every node kind in the AST. */
export type Node =
  | Op
  | Decl
  | Expr
  | Type
  | Pattern
  | Assignment
  | Agg
  | Case
  | Def
  | Entry
  | Field
  | FStringElem
  | PoolSpec
  | SortExpr
  | Spread
  | Trunk
  | TypeField
  | VectorValue;
