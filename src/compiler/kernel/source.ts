// Where `from`, `file`, `get` and pool sources come from. The compiler only
// declares the port; zq implements it over files and the lake over pools.
// A source may be handed the filter the optimizer pushed into it: it may
// use it to skip data (raw-text terms, a key span for pruning) and, if it
// applies the predicate to everything it yields, say so, and the query
// drops its own copy of the filter.

import type * as ast from '../ast/index.js';
import type * as dag from '../dag/index.js';
import type { PartialSink, Stream } from '../../runtime/op/index.js';
import type { Value } from '../../zed/index.js';
import { UnsupportedExprError } from '../errors.js';
import type { Env } from './env.js';

export interface LoadTarget {
  readonly pool: string;
  readonly branch: string;
  readonly author: string | null;
  readonly message: string | null;
  /** The meta text as written (ZSON). */
  readonly meta: string | null;
}

/** An inclusive range of values (in Zed's value order); an absent end is open. */
export interface KeySpan {
  readonly lower?: Value;
  readonly upper?: Value;
  /** An end made by `<` or `>`: values equal to it are outside. */
  readonly lowerExclusive?: boolean;
  readonly upperExclusive?: boolean;
}

/**
 * One way a value's raw text can satisfy a clause of a TextFilter: it holds
 * `text` (ASCII letters compared without case) or, when `number` is set, the
 * input spells some number with an exponent (such as 4.43e2), which could
 * equal the number `text` spells.
 */
export interface TextTerm {
  readonly text: string;
  readonly number: boolean;
}

/** A necessary condition on raw text: every clause needs one of its terms. */
export type TextFilter = readonly (readonly TextTerm[])[];

export interface Pushdown {
  /** The filter's plan. */
  readonly filter: dag.Expr;
  /** The filter as a predicate: keep a value only when it returns true. */
  readonly predicate: (v: Value) => boolean;
  /**
   * Raw-text terms every value the filter keeps has in its text when read
   * from a text format, or null when the filter implies none. Only for
   * skipping work: the filter still decides.
   */
  readonly terms: TextFilter | null;
  /** The range of the field at `path` the filter allows, or null when it allows any value there. */
  keySpan(path: readonly string[]): KeySpan | null;
  /**
   * The filter in the form columns evaluate (see ColumnFilterNode), or null
   * when it has none.
   */
  columnFilter(): ColumnFilterNode | null;
  /**
   * Called by a source that applies `predicate` to every value it yields,
   * before yielding any: the query then drops its own copy of the filter.
   */
  applied(): void;
}

/**
 * A summarize right after a source, offered to it to compute over columns:
 * its keys and the arguments of its aggregates are field paths of the input.
 */
/** A group key that is an expression of one field (see column-expr.ts), evaluated on that field's values. */
export interface KeyExpr {
  /** The plan's expression, plain data, for other threads to compile again. */
  readonly expr: dag.Expr;
  /** The expression given the field's value (null: the field is absent). */
  readonly eval: (v: Value | null) => Value;
}

export interface ColumnAggregate {
  /** Each key's field path: the key itself, or the one field its expression (in keyExprs) reads. */
  readonly keys: readonly (readonly string[])[];
  /** Per key, its expression when it is not the plain path (absent: none is). */
  readonly keyExprs?: readonly (KeyExpr | null)[];
  /**
   * Each aggregate: its function, its argument's field path (null for
   * count()), and its where clause as columns evaluate it.
   */
  readonly aggs: readonly ColumnAggregateAgg[];
  /** The filter pushed into the scan, when there is one and columns can evaluate it. */
  readonly filter?: ColumnFilter;
  /**
   * Set for a summarize folded through a put or yield (fold-summarize.ts):
   * an object with a column it reads that may hold error("quiet") is read
   * as values, which go through that operator.
   */
  readonly noQuiet?: boolean;
}

export interface ColumnAggregateAgg {
  readonly fn: 'count' | 'sum' | 'min' | 'max' | 'avg' | 'dcount' | 'union' | 'and' | 'or' | 'any' | 'collect' | 'collect_map' | 'fuse';
  /** The argument when it is a field path (null for count(), and for an argument in `arg`). */
  readonly path: readonly string[] | null;
  readonly where?: ColumnFilterNode;
  /** The argument when it is an expression of a few fields (see column-expr.ts), evaluated row by row. */
  readonly arg?: ColumnArgExpr;
}

/** An aggregate's argument that is an expression whose only inputs are the fields at `paths`. */
export interface ColumnArgExpr {
  readonly paths: readonly (readonly string[])[];
  /** The plan's expression, plain data, for other threads to compile again. */
  readonly expr: dag.Expr;
  /** The expression given the fields' values, in the order of `paths` (null: a field is absent). */
  readonly eval: (vs: readonly (Value | null)[]) => Value;
}

/**
 * A scan's filter in a form columns can evaluate: `and`, `or` and `not` of
 * comparisons of a field with a constant, and of other expressions that
 * read one field. `pred` is the comparison the row path compiles (true or
 * false for any value that is not an error); `row` is the whole filter over
 * values, for rows read as values.
 */
export interface ColumnFilter {
  readonly node: ColumnFilterNode;
  readonly row: (v: Value) => boolean;
  /** The scan's pushdown, for a source that reads values after all (to prune by it). */
  readonly pushdown: Pushdown;
}

/**
 * A `sort` by one field path and `head` right after a source (the optimizer's
 * SortLimit), offered to it to pick over columns: the source may yield, in
 * its own order, only values that could be among the first `limit` (every
 * one that could, ties included), and the sort then runs over those.
 */
export interface ColumnTopK {
  readonly path: readonly string[];
  /** The order values are taken in: largest first when true. */
  readonly desc: boolean;
  /** Nulls (and missing fields) before every other value, not after. */
  readonly nullsFirst: boolean;
  readonly limit: number;
}

export type ColumnFilterNode =
  | { readonly kind: 'and' | 'or'; readonly lhs: ColumnFilterNode; readonly rhs: ColumnFilterNode }
  | { readonly kind: 'not'; readonly node: ColumnFilterNode }
  | {
      readonly kind: 'leaf';
      readonly path: readonly string[];
      readonly op: '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in';
      /** The constant compared with (for `in`, the container); `pred` is leafPredicate(op, value). */
      readonly value: Value;
      readonly pred: (v: Value) => boolean;
    }
  | {
      /** An expression whose only input is the field at `path` (see column-expr.ts). */
      readonly kind: 'expr';
      readonly path: readonly string[];
      /** The plan's expression, plain data, for other threads to compile again. */
      readonly expr: dag.Expr;
      /** The expression given the field's value (null: the field is absent). */
      readonly eval: (v: Value | null) => Value;
    }
  | {
      /** An expression whose only inputs are the fields at `paths` (two or more, see column-expr.ts). */
      readonly kind: 'exprs';
      readonly paths: readonly (readonly string[])[];
      /** The plan's expression, plain data, for other threads to compile again. */
      readonly expr: dag.Expr;
      /** The expression given the fields' values, in the order of `paths` (null: a field is absent). */
      readonly eval: (vs: readonly (Value | null)[]) => Value;
    };

export interface SourceResolver {
  /**
   * Opens a source operator (pool, file or URL) as a stream of batches.
   * `fields`, when given, are the only top-level fields the query reads of
   * the values: a source may leave the others out of its records.
   */
  open(src: ast.Pool | ast.File | ast.HTTP, env: Env, pushdown?: Pushdown, fields?: readonly string[]): Stream;
  /** Commits the input to a pool (the load operator) and yields what Zed's load yields; absent without a lake. */
  load?(target: LoadTarget, input: Stream): Stream;
  /**
   * How many values a source holds (those `pushdown`'s filter keeps, when
   * given), if it can tell without reading them; otherwise null and the
   * query counts what `open` yields.
   */
  count?(src: ast.Pool | ast.File | ast.HTTP, env: Env, pushdown?: Pushdown): Promise<bigint | null>;
  /**
   * Takes on the summarize `plan` describes where it can: null when it
   * cannot at all; else a feed that passes what it aggregated itself to the
   * sink as partials and yields the rest of the input as values.
   */
  aggregate?(src: ast.Pool | ast.File | ast.HTTP, env: Env, plan: ColumnAggregate): ((sink: PartialSink) => Stream) | null;
  /** Takes on picking the candidates of a sort and head (see ColumnTopK), or null when it cannot. */
  topK?(src: ast.Pool | ast.File | ast.HTTP, env: Env, plan: ColumnTopK): Stream | null;
  /**
   * Takes on a `tail` of `count` values right after the source, or after
   * operators `each` builds, which map each value to values of its own
   * (zero or more, keeping no state): the values it yields, in its order,
   * end with the last `count` values of the source (through `each`), and
   * may be fewer than all of them; null when it cannot.
   */
  tail?(src: ast.Pool | ast.File | ast.HTTP, env: Env, count: number, each?: (s: Stream) => Stream): Stream | null;
  /**
   * Whether `open` (with no filter) yields the source's values in the order
   * a sort by `plan` (its limit aside) makes, ties as a stable sort leaves
   * them: then the sort need not run.
   */
  sorted?(src: ast.Pool | ast.File | ast.HTTP, env: Env, plan: ColumnTopK): Promise<boolean>;
}

/** The resolver for contexts with no sources, which rejects them with Zed's wording. */
export const noSources: SourceResolver = {
  open(src) {
    const what = src.kind === 'Pool' ? 'from' : src.kind === 'File' ? 'file' : 'get';
    throw new UnsupportedExprError(`${what}: no data source is available here`, null);
  },
};
