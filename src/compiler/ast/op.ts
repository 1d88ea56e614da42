// Type-only node list: operators of a dataflow sequence (compiler/ast/ast.go
// of Zed v1.18.0, with Zed's names as `kind` values).

import type { Decl } from './decl.js';
import type { Assignment, Def, Expr, ID } from './expr.js';
import type { Loc } from './loc.js';
import type { File, HTTP, Pool, Trunk } from './source.js';
import type { Type } from './type.js';

/** Operators joined by `|`; never empty. */
export type Seq = readonly Op[];

export type Op =
  | Scope
  | Parallel
  | Switch
  | From
  | Pool
  | File
  | HTTP
  | Pass
  | Assert
  | Sort
  | Top
  | Cut
  | Drop
  | Head
  | Tail
  | Where
  | Uniq
  | Put
  | Rename
  | Fuse
  | Shape
  | Join
  | Sample
  | Explode
  | Merge
  | Over
  | Yield
  | Load
  | Output
  | Debug
  | Summarize
  | Search
  | OpAssignment
  | OpExpr;

/** Declarations and the sequence they are visible in. */
export interface Scope {
  readonly kind: 'Scope';
  readonly decls: readonly Decl[];
  readonly body: Seq;
  readonly loc: Loc;
}

/** `fork ( => seq => seq ... )` */
export interface Parallel {
  readonly kind: 'Parallel';
  readonly paths: readonly Seq[];
  readonly loc: Loc;
}

/** `switch [expr] ( case x => seq ... default => seq )` */
export interface Switch {
  readonly kind: 'Switch';
  /** Null in the form whose cases are boolean expressions. */
  readonly expr: Expr | null;
  readonly cases: readonly Case[];
  readonly loc: Loc;
}

/** A switch leg; `expr` is null for `default`. */
export interface Case {
  readonly kind: 'Case';
  readonly expr: Expr | null;
  readonly path: Seq;
  readonly loc: Loc;
}

/** `from ( source [=> seq] ... )` */
export interface From {
  readonly kind: 'From';
  readonly trunks: readonly Trunk[];
  readonly loc: Loc;
}

export interface Pass {
  readonly kind: 'Pass';
  readonly loc: Loc;
}

/** `assert expr`; `text` is the expression's source text. */
export interface Assert {
  readonly kind: 'Assert';
  readonly expr: Expr;
  readonly text: string;
  readonly loc: Loc;
}

/** `sort [-r] [-nulls first|last] [expr [asc|desc], ...]` */
export interface Sort {
  readonly kind: 'Sort';
  readonly reverse: boolean;
  readonly nullsFirst: boolean;
  readonly args: readonly SortExpr[];
  readonly loc: Loc;
}

export interface SortExpr {
  readonly kind: 'SortExpr';
  readonly expr: Expr;
  readonly order: 'asc' | 'desc' | null;
  readonly loc: Loc;
}

/** `top [limit] [-flush] [field, ...]` */
export interface Top {
  readonly kind: 'Top';
  readonly limit: Expr | null;
  readonly args: readonly Expr[];
  readonly flush: boolean;
  readonly loc: Loc;
}

export interface Cut {
  readonly kind: 'Cut';
  readonly args: readonly Assignment[];
  readonly loc: Loc;
}

export interface Drop {
  readonly kind: 'Drop';
  readonly args: readonly Expr[];
  readonly loc: Loc;
}

export interface Head {
  readonly kind: 'Head';
  readonly count: Expr | null;
  readonly loc: Loc;
}

export interface Tail {
  readonly kind: 'Tail';
  readonly count: Expr | null;
  readonly loc: Loc;
}

export interface Where {
  readonly kind: 'Where';
  readonly expr: Expr;
  readonly loc: Loc;
}

/** `uniq [-c]` */
export interface Uniq {
  readonly kind: 'Uniq';
  readonly cflag: boolean;
  readonly loc: Loc;
}

export interface Put {
  readonly kind: 'Put';
  readonly args: readonly Assignment[];
  readonly loc: Loc;
}

export interface Rename {
  readonly kind: 'Rename';
  readonly args: readonly Assignment[];
  readonly loc: Loc;
}

export interface Fuse {
  readonly kind: 'Fuse';
  readonly loc: Loc;
}

export interface Shape {
  readonly kind: 'Shape';
  readonly loc: Loc;
}

export type JoinStyle = 'inner' | 'left' | 'right' | 'anti';

/** `[style] join [( seq )] on key[=key] [assignments]` */
export interface Join {
  readonly kind: 'Join';
  readonly style: JoinStyle;
  readonly rightInput: Seq | null;
  readonly leftKey: Expr;
  readonly rightKey: Expr | null;
  readonly args: readonly Assignment[];
  readonly loc: Loc;
}

export interface Sample {
  readonly kind: 'Sample';
  readonly expr: Expr | null;
  readonly loc: Loc;
}

/** `explode exprs by T [as lval]` */
export interface Explode {
  readonly kind: 'Explode';
  readonly args: readonly Expr[];
  readonly type: Type;
  readonly as: Expr | null;
  readonly loc: Loc;
}

export interface Merge {
  readonly kind: 'Merge';
  readonly expr: Expr;
  readonly loc: Loc;
}

/** `over exprs [with locals] [=> ( seq )]` */
export interface Over {
  readonly kind: 'Over';
  readonly exprs: readonly Expr[];
  readonly locals: readonly Def[];
  readonly body: Seq | null;
  readonly loc: Loc;
}

export interface Yield {
  readonly kind: 'Yield';
  readonly exprs: readonly Expr[];
  readonly loc: Loc;
}

/** `load pool[@branch] [author "a"] [message "m"] [meta "x"]` */
export interface Load {
  readonly kind: 'Load';
  readonly pool: string;
  readonly branch: string | null;
  readonly author: string | null;
  readonly message: string | null;
  readonly meta: string | null;
  readonly loc: Loc;
}

export interface Output {
  readonly kind: 'Output';
  readonly name: ID;
  readonly loc: Loc;
}

export interface Debug {
  readonly kind: 'Debug';
  readonly expr: Expr | null;
  readonly loc: Loc;
}

/**
 * `[summarize] aggs [by keys] [with -limit n]` or `[summarize] by keys`.
 * `limit` is 0 when absent.
 */
export interface Summarize {
  readonly kind: 'Summarize';
  readonly keys: readonly Assignment[];
  readonly aggs: readonly AggAssignment[];
  readonly limit: number;
  readonly loc: Loc;
}

/** An aggregate call `name(expr) [where expr]`. */
export interface Agg {
  readonly kind: 'Agg';
  readonly name: string;
  readonly expr: Expr | null;
  readonly where: Expr | null;
  readonly loc: Loc;
}

/** An assignment whose right-hand side is an aggregate call. */
export interface AggAssignment {
  readonly kind: 'Assignment';
  readonly lhs: Expr | null;
  readonly rhs: Agg;
  readonly loc: Loc;
}

/** `search <search expression>` */
export interface Search {
  readonly kind: 'Search';
  readonly expr: Expr;
  readonly loc: Loc;
}

/**
 * Bare assignments, `a:=x, b:=y`: a put or a summarize, which the semantic
 * pass decides.
 */
export interface OpAssignment {
  readonly kind: 'OpAssignment';
  readonly assignments: readonly Assignment[];
  readonly loc: Loc;
}

/**
 * A bare expression used as an operator: a filter (search or boolean), an
 * aggregation like `count()`, or a user op call; the semantic pass decides.
 */
export interface OpExpr {
  readonly kind: 'OpExpr';
  readonly expr: Expr;
  readonly loc: Loc;
}
