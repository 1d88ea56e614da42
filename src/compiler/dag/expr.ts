// Type-only node list: the plan's expressions. Names are resolved (fields
// are `This` paths, locals are frame slots, consts are literals), literals
// and types are ZSON text, and every call says what it calls, so the plan is
// plain JSON and the kernel needs no scopes to build it.

import type { Seq } from './op.js';

export type Expr =
  | This
  | Var
  | Literal
  | Dot
  | IndexExpr
  | SliceExpr
  | UnaryExpr
  | BinaryExpr
  | Conditional
  | Call
  | UdfCall
  | Agg
  | MapCall
  | Cast
  | TypeName
  | Search
  | RegexpSearch
  | RegexpMatch
  | RecordExpr
  | ArrayExpr
  | SetExpr
  | MapExpr
  | OverExpr
  | FString;

/** A path from `this`; the empty path is `this` itself. */
export interface This {
  readonly kind: 'This';
  readonly path: readonly string[];
}

/** A local (function parameter or `with` binding) in a frame slot. */
export interface Var {
  readonly kind: 'Var';
  readonly name: string;
  readonly slot: number;
}

/** A constant as ZSON text (a literal, a const, a type value). */
export interface Literal {
  readonly kind: 'Literal';
  readonly value: string;
}

/** `lhs.rhs` on a value that is not a path from `this`. */
export interface Dot {
  readonly kind: 'Dot';
  readonly lhs: Expr;
  readonly rhs: string;
}

export interface IndexExpr {
  readonly kind: 'IndexExpr';
  readonly expr: Expr;
  readonly index: Expr;
}

export interface SliceExpr {
  readonly kind: 'SliceExpr';
  readonly expr: Expr;
  readonly from: Expr | null;
  readonly to: Expr | null;
}

export interface UnaryExpr {
  readonly kind: 'UnaryExpr';
  readonly op: '!' | '-';
  readonly operand: Expr;
}

export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>=';
export type ArithOp = '+' | '-' | '*' | '/' | '%';
export type BinaryOp = 'and' | 'or' | 'in' | CompareOp | ArithOp;

export interface BinaryExpr {
  readonly kind: 'BinaryExpr';
  readonly op: BinaryOp;
  readonly lhs: Expr;
  readonly rhs: Expr;
}

export interface Conditional {
  readonly kind: 'Conditional';
  readonly cond: Expr;
  readonly then: Expr;
  readonly else: Expr;
}

/** A built-in function; implied arguments (`this` for some) are explicit. */
export interface Call {
  readonly kind: 'Call';
  readonly name: string;
  readonly args: readonly Expr[];
}

/** A user function, by the id of its definition in a Scope's `funcs`. */
export interface UdfCall {
  readonly kind: 'UdfCall';
  readonly name: string;
  readonly id: number;
  readonly args: readonly Expr[];
}

/** An aggregate: a summarize output, or a streaming aggregate in an expression. */
export interface Agg {
  readonly kind: 'Agg';
  readonly name: string;
  readonly expr: Expr | null;
  readonly where: Expr | null;
}

/** map(expr, f): `inner` evaluated with each element of expr as `this`. */
export interface MapCall {
  readonly kind: 'MapCall';
  readonly expr: Expr;
  readonly inner: Expr;
}

/** `<T>(expr)`: `type` is a type-value Literal, or a TypeName the data defines. */
export interface Cast {
  readonly kind: 'Cast';
  readonly expr: Expr;
  readonly type: Expr;
}

/** A named type no declaration or earlier data defines: looked up at run time. */
export interface TypeName {
  readonly kind: 'TypeName';
  readonly name: string;
}

/**
 * A search term over `expr`: a string value (ZSON) matches strings and field
 * names containing it, ignoring case; any other value matches equal values
 * anywhere, and its source `text` inside strings.
 */
export interface Search {
  readonly kind: 'Search';
  readonly text: string;
  readonly value: string;
  readonly expr: Expr;
}

/** A regexp (or glob, as a regexp) matched against strings and field names in `expr`. */
export interface RegexpSearch {
  readonly kind: 'RegexpSearch';
  readonly pattern: string;
  readonly expr: Expr;
}

/** `expr ~ /pattern/` */
export interface RegexpMatch {
  readonly kind: 'RegexpMatch';
  readonly pattern: string;
  readonly expr: Expr;
}

export interface RecordExpr {
  readonly kind: 'RecordExpr';
  readonly elems: readonly (Field | Spread)[];
}

export interface Field {
  readonly kind: 'Field';
  readonly name: string;
  readonly value: Expr;
}

export interface Spread {
  readonly kind: 'Spread';
  readonly expr: Expr;
}

export interface VectorValue {
  readonly kind: 'VectorValue';
  readonly expr: Expr;
}

export interface ArrayExpr {
  readonly kind: 'ArrayExpr';
  readonly elems: readonly (VectorValue | Spread)[];
}

export interface SetExpr {
  readonly kind: 'SetExpr';
  readonly elems: readonly (VectorValue | Spread)[];
}

export interface Entry {
  readonly key: Expr;
  readonly value: Expr;
}

export interface MapExpr {
  readonly kind: 'MapExpr';
  readonly entries: readonly Entry[];
}

/** A local binding: `expr` (evaluated on the outer value) goes into `slot`. */
export interface Def {
  readonly name: string;
  readonly slot: number;
  readonly expr: Expr;
}

/** A lateral expression `(over exprs with defs | body)`. */
export interface OverExpr {
  readonly kind: 'OverExpr';
  readonly defs: readonly Def[];
  readonly exprs: readonly Expr[];
  readonly body: Seq;
}

/** f"...": each element cast to string, then concatenated. */
export interface FString {
  readonly kind: 'FString';
  readonly elems: readonly Expr[];
}

/** `lhs := rhs`; `lhs` is a non-empty path (or empty for `this` where allowed). */
export interface Assignment {
  readonly kind: 'Assignment';
  readonly lhs: This;
  readonly rhs: Expr;
}

/** A summarize output `lhs := agg(...)`. */
export interface AggAssignment {
  readonly kind: 'AggAssignment';
  readonly lhs: This;
  readonly rhs: Agg;
}

/** A sort key. */
export interface SortExpr {
  readonly key: Expr;
  readonly order: 'asc' | 'desc';
}

/** A user function; `expr` is analyzed when first called. */
export interface Func {
  readonly id: number;
  readonly name: string;
  readonly params: readonly string[];
  /** Frame slots of the parameters. */
  readonly slots: readonly number[];
  readonly expr: Expr;
}
