// Type-only node list: the plan's operators (Zed's compiler/ast/dag). A Seq
// runs its operators in order; Fork, Switch and Scope nest sequences. Scans
// start a sequence and read no parent input: DefaultScan is the query's own
// input (zq's files, the service's head pool), the others are `from`
// sources, which keep their AST node so resolvers see what was written.

import type * as ast from '../ast/index.js';
import type { AggAssignment, Assignment, Def, Expr, Func, SortExpr, This } from './expr.js';

export type Seq = readonly Op[];

export type Scan = DefaultScan | FileScan | HTTPScan | PoolScan;

export type Op =
  | Scan
  | Filter
  | Pass
  | Scope
  | Fork
  | Switch
  | Sort
  | SortLimit
  | Head
  | Tail
  | Top
  | Cut
  | Drop
  | Put
  | Rename
  | Uniq
  | Fuse
  | Shape
  | Sample
  | Join
  | Explode
  | Merge
  | Over
  | Yield
  | Summarize
  | Load
  | Output
  | Assert;

/** A key order a source guarantees: a field path and a direction. */
export interface SortKey {
  readonly path: readonly string[];
  readonly order: 'asc' | 'desc';
}

/** Inclusive bounds (ZSON values, in value order) on the pool key of the values a filter can keep. */
export interface KeySpan {
  readonly lower?: string;
  readonly upper?: string;
}

/** The query's own input; `filter` is a pushed-down predicate the input may use to skip data. */
export interface DefaultScan {
  readonly kind: 'DefaultScan';
  readonly filter: Expr | null;
}

/** `file path [format f] [order k]` */
export interface FileScan {
  readonly kind: 'FileScan';
  readonly source: ast.File;
  readonly sortKeys: readonly SortKey[];
  readonly filter: Expr | null;
  /** The scan is followed by a keyless count(): a source may answer with the count alone. */
  readonly count?: true;
}

/** `get url ...` */
export interface HTTPScan {
  readonly kind: 'HTTPScan';
  readonly source: ast.HTTP;
  readonly sortKeys: readonly SortKey[];
  readonly filter: Expr | null;
  readonly count?: true;
}

/** `from pool[@commit][:meta]` */
export interface PoolScan {
  readonly kind: 'PoolScan';
  readonly source: ast.Pool;
  readonly filter: Expr | null;
  /** The pool key, when the compiler was told it. */
  readonly sortKey?: SortKey;
  /** The pool-key range `filter` allows, for pruning objects. */
  readonly keySpan?: KeySpan;
  readonly count?: true;
}

/** where, search and bare Boolean expressions. */
export interface Filter {
  readonly kind: 'Filter';
  readonly expr: Expr;
}

export interface Pass {
  readonly kind: 'Pass';
}

export interface ConstDef {
  readonly name: string;
  /** ZSON */
  readonly value: string;
}

export interface TypeDef {
  readonly name: string;
  /** ZSON type */
  readonly type: string;
}

/** Declarations (already resolved into the body; kept for the kernel's functions and for describing the plan). */
export interface Scope {
  readonly kind: 'Scope';
  readonly consts: readonly ConstDef[];
  readonly types: readonly TypeDef[];
  readonly funcs: readonly Func[];
  readonly body: Seq;
}

/** Copies its input to each path; a path that starts with a scan reads its own source instead. */
export interface Fork {
  readonly kind: 'Fork';
  readonly paths: readonly Seq[];
}

/** `switch`: with `expr` null, cases are Boolean (null is default); otherwise cases are Literals. */
export interface Switch {
  readonly kind: 'Switch';
  readonly expr: Expr | null;
  readonly cases: readonly Case[];
}

export interface Case {
  readonly expr: Expr | null;
  readonly path: Seq;
}

export interface Sort {
  readonly kind: 'Sort';
  readonly args: readonly SortExpr[];
  readonly nullsFirst: boolean;
  readonly reverse: boolean;
}

/** `sort ... | head n` run as one bounded operator (made by the optimizer). */
export interface SortLimit {
  readonly kind: 'SortLimit';
  readonly args: readonly SortExpr[];
  readonly nullsFirst: boolean;
  readonly reverse: boolean;
  readonly limit: number;
}

export interface Head {
  readonly kind: 'Head';
  readonly count: number;
}

export interface Tail {
  readonly kind: 'Tail';
  readonly count: number;
}

/** `top`; limit 0 means the default. */
export interface Top {
  readonly kind: 'Top';
  readonly limit: number;
  readonly args: readonly Expr[] | null;
  readonly flush: boolean;
}

export interface Cut {
  readonly kind: 'Cut';
  readonly args: readonly Assignment[];
}

export interface Drop {
  readonly kind: 'Drop';
  readonly args: readonly This[];
}

export interface Put {
  readonly kind: 'Put';
  readonly args: readonly Assignment[];
}

/** Each arg moves the `rhs` path to the `lhs` path. */
export interface Rename {
  readonly kind: 'Rename';
  readonly args: readonly { readonly lhs: This; readonly rhs: This }[];
}

export interface Uniq {
  readonly kind: 'Uniq';
  readonly cflag: boolean;
}

export interface Fuse {
  readonly kind: 'Fuse';
}

export interface Shape {
  readonly kind: 'Shape';
}

export interface Sample {
  readonly kind: 'Sample';
  readonly expr: Expr | null;
}

/** Joins the two outputs of the preceding operator (left, right). */
export interface Join {
  readonly kind: 'Join';
  readonly style: 'inner' | 'left' | 'right' | 'anti';
  readonly leftKey: Expr;
  readonly rightKey: Expr;
  readonly args: readonly Assignment[];
}

export interface Explode {
  readonly kind: 'Explode';
  readonly args: readonly Expr[];
  /** ZSON type */
  readonly type: string;
  readonly as: string;
}

/** Merges its inputs in `expr` order. */
export interface Merge {
  readonly kind: 'Merge';
  readonly expr: Expr;
}

/** `over exprs [with defs] [=> (body)]`; the body runs once per input value. */
export interface Over {
  readonly kind: 'Over';
  readonly defs: readonly Def[];
  readonly exprs: readonly Expr[];
  readonly body: Seq | null;
}

export interface Yield {
  readonly kind: 'Yield';
  readonly exprs: readonly Expr[];
}

/** `limit` 0 means none. */
export interface Summarize {
  readonly kind: 'Summarize';
  readonly keys: readonly Assignment[];
  readonly aggs: readonly AggAssignment[];
  readonly limit: number;
}

export interface Load {
  readonly kind: 'Load';
  readonly pool: string;
  readonly branch: string;
  readonly author: string | null;
  readonly message: string | null;
  /** ZSON text as written. */
  readonly meta: string | null;
}

export interface Output {
  readonly kind: 'Output';
  readonly name: string;
}

/** `assert expr`; `text` is the expression's source. */
export interface Assert {
  readonly kind: 'Assert';
  readonly expr: Expr;
  readonly text: string;
}
