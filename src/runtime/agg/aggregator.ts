// The contract every aggregate function implements (Zed's agg.Function in
// runtime/sam/expr/agg/agg.go) and the definition the registry hands out.

import type { Type, TypeContext, Value } from '../../zed/index.js';
import type { Hash64 } from './metro-hash.js';

/**
 * The running state of one aggregate over one group. Values passed to
 * consume may be views into reused buffers: an aggregator that keeps a value
 * copies its bytes. Callers skip error("missing") and values a `where`
 * clause rejects before calling consume (GroupTable does both).
 */
export interface Aggregator {
  /** Folds one input value in. */
  consume(v: Value): void;
  /**
   * Folds in a number of type `t` (int64, exact below 2^53, or float64)
   * as consume would a value of that type holding it, when the aggregate
   * offers it (sum, min, max and avg).
   */
  consumeNumber?(t: Type, x: number): void;
  /**
   * Folds in numbers of type `t` as consumeNumber would each in turn: xs[r]
   * for r = rows[k] (or k without rows), k < n.
   */
  consumeNumbers?(t: Type, xs: Float64Array, rows: Int32Array | undefined, n: number): void;
  /**
   * Folds in `n` exact integers of type `t` (every partial sum of them
   * exact too) by their sum `total`, as consumeNumbers would fold them,
   * when their sum is all the aggregate needs of them (sum, avg); false,
   * folding nothing, when it is not.
   */
  consumeTotal?(t: Type, total: number, n: number): boolean;
  /**
   * Folds in a value given by its digest (see AggregateDef.digest), as
   * consume would the value, when the aggregate offers it.
   */
  consumeDigest?(hi: number, lo: number): void;
  /** Folds in a partial result made by resultAsPartial (possibly by another aggregator). */
  consumeAsPartial(v: Value): void;
  /** The final value; may be called repeatedly (streaming `yield sum(x)`). */
  result(zctx: TypeContext): Value;
  /** A value that consumeAsPartial of a fresh aggregator turns back into this state. */
  resultAsPartial(zctx: TypeContext): Value;
  /** Rough bytes of retained state, for the group table's memory limit. */
  memory(): number;
}

export interface AggregateDef {
  /** Zed's name for the function, e.g. "count". */
  readonly name: string;
  /** False only for count(), which counts values when called without an argument. */
  readonly needsArg: boolean;
  /** True when the state grows with the input (collect, union, ...): its memory() is re-read after each consume. */
  readonly growing: boolean;
  /**
   * For an aggregate that takes each value only by a 64-bit digest of it
   * (dcount): writes the digest of a value of type `t` whose body is
   * `buf[start:end]` (start < 0: null) to `out`, for its aggregators'
   * consumeDigest. A value's digest is the same every time, so a column's
   * coded values need theirs made once.
   */
  readonly digest?: (t: Type, buf: Uint8Array, start: number, end: number, out: Hash64) => void;
  make(): Aggregator;
}

/** Bytes charged for an aggregator object of fixed size (object header plus a few fields). */
export const FIXED_AGG_BYTES = 48;
