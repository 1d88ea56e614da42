// The contract between dataflow operators and the compiler that wires them:
// streams of batches, expressions compiled to closures, assignment targets
// (lvals) and the context every operator gets.

import type { SpillStore } from '../agg/index.js';
import type { Batch, TypeContext, Value } from '../../zed/index.js';

export type { Batch };

/**
 * A sequence of batches. Operators pull from their parents with for-await;
 * returning early (break, return, a throw) closes the parent so its
 * `finally` blocks run. A yielded batch is never mutated afterwards by
 * anyone, so consumers may keep it and the values in it.
 */
export type Stream = AsyncIterable<Batch>;

/**
 * An expression compiled to a closure. Runtime faults are error values
 * (error("missing") for an absent field), never exceptions. The result must
 * stay valid after later calls: fresh bytes, or views into the immutable
 * input value; operators keep results without copying them.
 */
export type Evaluator = (v: Value) => Value;

/** A sub-pipeline (a fork or switch branch): input stream to output stream. */
export type PipelineFn = (input: Stream) => Stream;

/**
 * The body of a lateral query (`over ... => ( body )`): called once per outer
 * value with a stream of the values derived from it. `outer` is the value
 * the `with` bindings are evaluated on; the compiler closes over it.
 */
export type LateralFn = (input: Stream, outer: Value) => Stream;

/** Sort direction of a key. */
export type Order = 'asc' | 'desc';

/** One key of sort, top, merge or join. */
export interface SortKey {
  readonly expr: Evaluator;
  readonly order: Order;
}

export interface OpContext {
  readonly zctx: TypeContext;
  /** Aborts the query: blocking operators check it once per batch. */
  readonly signal?: AbortSignal;
  /**
   * Called with the signal's check (once per batch in blocking operators);
   * a runtime's own checks, such as a query's stop flag or its memory, throw
   * from here to stop the query.
   */
  readonly poll?: () => void;
  /** Bytes sort, fuse and summarize may hold before spilling. */
  readonly memoryLimit?: number;
  /** Where sort, fuse and summarize spill; without one they stay in memory (summarize fails past its limit). */
  readonly spillStore?: SpillStore;
  warn(msg: string): void;
}

/** The failure of a dynamic lval element, e.g. this[x] where x is error("missing"). */
export class LvalError {
  constructor(readonly message: string) {}
}

/** A field name computed per value (the `b` in this[b]); see dynamicName in paths.ts. */
export type DynamicName = (v: Value) => string | LvalError;

/** One step of an assignment target: a constant field name or a computed one. */
export type LvalElem = string | DynamicName;

/** An assignment target such as a.b or this[x]["y"]: its steps from `this`. */
export type Lval = readonly LvalElem[];

/** A field assignment `lhs := rhs` (put, cut, join). */
export interface Assignment {
  readonly lhs: Lval;
  readonly rhs: Evaluator;
  /** When rhs reads a field of the input (`this.a.b`): its path. */
  readonly from?: readonly string[];
}

/** Values per output batch for operators that build batches from scratch (Zed's op.BatchLen). */
export const BATCH_LEN = 100;

/** Throws the signal's reason when the query was aborted. */
export function checkAbort(ctx: OpContext): void {
  ctx.poll?.();
  const s = ctx.signal;
  if (s !== undefined && s.aborted) throw s.reason ?? new Error('query aborted');
}
