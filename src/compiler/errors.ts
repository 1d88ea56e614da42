// Errors the compiler raises: semantic errors that carry the offending
// node's source span, and the run-time stack overflow of runaway
// user-function recursion (Zed panics with "stack overflow", udf.go).

import { InvalidError, UnsupportedError } from '../errors/index.js';
import type { Loc } from './ast/loc.js';

/** A semantic error in an expression, with the span of the node at fault. */
export class CompileError extends InvalidError {
  readonly loc: Loc | null;
  constructor(message: string, loc: Loc | null, options?: { cause?: unknown }) {
    super(message, options);
    this.loc = loc;
  }
}

/** An expression form this compiler cannot build on its own (e.g. lateral `over` without a hook). */
export class UnsupportedExprError extends UnsupportedError {
  readonly loc: Loc | null;
  constructor(message: string, loc: Loc | null) {
    super(message);
    this.loc = loc;
  }
}

/** User functions nested deeper than Zed's limit (or the JS stack): the query fails. */
export class StackOverflowError extends InvalidError {
  constructor() {
    super('stack overflow');
  }
}
