// The evaluation context expressions and functions run in: the type context
// values are interned in, the clock and random source (injected so tests and
// replays are deterministic) and the cached error constructors.

import type { TypeContext } from '../../zed/index.js';
import { ErrorMaker } from './errors.js';
import { wallMs } from '../../util/clock.js';

export interface EvalContext {
  readonly zctx: TypeContext;
  /** The current time as int64 nanoseconds since the epoch (now(), ksuid()). */
  now(): bigint;
  /** Fills `out` with cryptographically random bytes (ksuid()). */
  randomBytes(out: Uint8Array<ArrayBuffer>): void;
  /** Error values of this context (error("missing"), WrapError, ...). */
  readonly errors: ErrorMaker;
}

export interface EvalContextOptions {
  readonly now?: () => bigint;
  readonly randomBytes?: (out: Uint8Array<ArrayBuffer>) => void;
}

/** Wall-clock nanoseconds; microsecond resolution is what the Web clock gives. */
function wallClock(): bigint {
  return BigInt(Math.round(wallMs() * 1000)) * 1000n;
}

function webRandom(out: Uint8Array<ArrayBuffer>): void {
  crypto.getRandomValues(out);
}

export function createEvalContext(zctx: TypeContext, opts: EvalContextOptions = {}): EvalContext {
  return {
    zctx,
    now: opts.now ?? wallClock,
    randomBytes: opts.randomBytes ?? webRandom,
    errors: new ErrorMaker(zctx),
  };
}
