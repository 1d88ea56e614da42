// Type-only node list: expressions, search terms and literals
// (compiler/ast/ast.go and compiler/ast/zed/value.go of Zed v1.18.0).

import type { Loc } from './loc.js';
import type { Seq } from './op.js';
import type { Type } from './type.js';

/** Any expression. */
export type Expr =
  | ID
  | Primitive
  | TypeValue
  | Term
  | UnaryExpr
  | BinaryExpr
  | Conditional
  | Call
  | Cast
  | IndexExpr
  | SliceExpr
  | Grep
  | Glob
  | Regexp
  | RecordExpr
  | ArrayExpr
  | SetExpr
  | MapExpr
  | OverExpr
  | FString;

/** An identifier: a field of `this`, `this` itself, a const, a `$` name. */
export interface ID {
  readonly kind: 'ID';
  readonly name: string;
  readonly loc: Loc;
}

/** The primitive types a literal can have. */
export type PrimitiveLiteralType =
  | 'string'
  | 'bool'
  | 'null'
  | 'int64'
  | 'float64'
  | 'ip'
  | 'net'
  | 'bytes'
  | 'duration'
  | 'time';

/**
 * A primitive literal. `text` is the literal's source text, except that
 * strings hold their decoded value (escapes resolved, no quotes) and `null`
 * has empty text. Numeric, time and address text is validated later.
 */
export interface Primitive {
  readonly kind: 'Primitive';
  readonly type: PrimitiveLiteralType;
  readonly text: string;
  readonly loc: Loc;
}

/** A type value `<T>`. */
export interface TypeValue {
  readonly kind: 'TypeValue';
  readonly value: Type;
  readonly loc: Loc;
}

/** A search term: a bare word or literal in a search expression. */
export interface Term {
  readonly kind: 'Term';
  /** The term exactly as written. */
  readonly text: string;
  readonly value: Primitive | TypeValue;
  readonly loc: Loc;
}

export type UnaryOp = '!' | '-';

export interface UnaryExpr {
  readonly kind: 'UnaryExpr';
  readonly op: UnaryOp;
  readonly operand: Expr;
  readonly loc: Loc;
}

export type BinaryOp =
  | 'or'
  | 'and'
  | '=='
  | '!='
  | 'in'
  | '<='
  | '<'
  | '>='
  | '>'
  | '~'
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '.';

/** Arithmetic, comparison, logic, `in`, `~` and field access (`.`; rhs is an ID). */
export interface BinaryExpr {
  readonly kind: 'BinaryExpr';
  readonly op: BinaryOp;
  readonly lhs: Expr;
  readonly rhs: Expr;
  readonly loc: Loc;
}

/** `cond ? then : else` */
export interface Conditional {
  readonly kind: 'Conditional';
  readonly cond: Expr;
  readonly then: Expr;
  readonly else: Expr;
  readonly loc: Loc;
}

/** A function call, possibly with a `where` clause (when it is an aggregate). */
export interface Call {
  readonly kind: 'Call';
  readonly name: ID;
  readonly args: readonly Expr[];
  readonly where: Expr | null;
  readonly loc: Loc;
}

/** `<T>(expr)` */
export interface Cast {
  readonly kind: 'Cast';
  readonly type: TypeValue;
  readonly expr: Expr;
  readonly loc: Loc;
}

/** `expr[index]` */
export interface IndexExpr {
  readonly kind: 'IndexExpr';
  readonly expr: Expr;
  readonly index: Expr;
  readonly loc: Loc;
}

/** `expr[from:to]`; either bound may be absent but not both. */
export interface SliceExpr {
  readonly kind: 'SliceExpr';
  readonly expr: Expr;
  readonly from: Expr | null;
  readonly to: Expr | null;
  readonly loc: Loc;
}

/** `grep(pattern[, expr])` */
export interface Grep {
  readonly kind: 'Grep';
  readonly pattern: Expr;
  readonly expr: Expr | null;
  readonly loc: Loc;
}

/** A glob pattern such as `foo*`; escapes are resolved except `\*`. */
export interface Glob {
  readonly kind: 'Glob';
  readonly pattern: string;
  readonly loc: Loc;
}

/** A regular expression `/pattern/`; `pattern` excludes the slashes. */
export interface Regexp {
  readonly kind: 'Regexp';
  readonly pattern: string;
  readonly loc: Loc;
}

/** `{a:1, b, ...c}` */
export interface RecordExpr {
  readonly kind: 'RecordExpr';
  readonly elems: readonly RecordElem[];
  readonly loc: Loc;
}

/** A record element: `name:value`, a bare identifier, or `...spread`. */
export type RecordElem = Field | ID | Spread;

export interface Field {
  readonly kind: 'Field';
  readonly name: string;
  readonly value: Expr;
  readonly loc: Loc;
}

export interface Spread {
  readonly kind: 'Spread';
  readonly expr: Expr;
  readonly loc: Loc;
}

/** `[1, ...a]` */
export interface ArrayExpr {
  readonly kind: 'ArrayExpr';
  readonly elems: readonly VectorElem[];
  readonly loc: Loc;
}

/** `|[1, ...a]|` */
export interface SetExpr {
  readonly kind: 'SetExpr';
  readonly elems: readonly VectorElem[];
  readonly loc: Loc;
}

export type VectorElem = VectorValue | Spread;

export interface VectorValue {
  readonly kind: 'VectorValue';
  readonly expr: Expr;
  readonly loc: Loc;
}

/** `|{k:v, ...}|` */
export interface MapExpr {
  readonly kind: 'MapExpr';
  readonly entries: readonly Entry[];
  readonly loc: Loc;
}

export interface Entry {
  readonly kind: 'Entry';
  readonly key: Expr;
  readonly value: Expr;
  readonly loc: Loc;
}

/** A lateral expression `(over exprs [with locals] | seq)`. */
export interface OverExpr {
  readonly kind: 'OverExpr';
  readonly exprs: readonly Expr[];
  readonly locals: readonly Def[];
  readonly body: Seq;
  readonly loc: Loc;
}

/** A local binding `name[=expr]` of `over ... with`; `expr` defaults to the name. */
export interface Def {
  readonly kind: 'Def';
  readonly name: ID;
  readonly expr: Expr;
  readonly loc: Loc;
}

/** A formatted string `f"...{expr}..."`. */
export interface FString {
  readonly kind: 'FString';
  readonly elems: readonly FStringElem[];
  readonly loc: Loc;
}

export type FStringElem = FStringText | FStringExpr;

export interface FStringText {
  readonly kind: 'FStringText';
  /** Decoded text. */
  readonly text: string;
  readonly loc: Loc;
}

export interface FStringExpr {
  readonly kind: 'FStringExpr';
  readonly expr: Expr;
  readonly loc: Loc;
}

/** `lhs:=rhs`; `lhs` is null where the grammar lets it be inferred. */
export interface Assignment {
  readonly kind: 'Assignment';
  readonly lhs: Expr | null;
  readonly rhs: Expr;
  readonly loc: Loc;
}
