// The optimizer (Zed's compiler/optimizer): rewrites a plan into one that
// computes the same output faster. Rules run over every sequence, nested
// ones first:
//   1. merge adjacent filters, drop pass operators;
//   2. copy a pure filter after a fork or switch into each branch (top down,
//      so the branches' own rules see it), move pure filters upstream past
//      operators they commute with, and merge again;
//   3. push the filter that then follows a scan into the scan;
//   4. run `sort | head` as one bounded operator;
//   5. mark scans followed by a keyless count();
//   6. with pool keys known, give pool scans the key span their filter allows.

import type * as dag from '../dag/index.js';
import { mapChildSeqs, rewriteSeqs } from '../dag/index.js';
import type { Literals } from '../kernel/literals.js';
import { liftFilters, mergeFilters, pushFiltersIntoBranches, removePass } from './filters.js';
import { fuseSortHead } from './sort-limit.js';
import { markCounts, poolKeyFacts, pushFilters, type PoolKeyLookup } from './sources.js';

export interface OptimizeOptions {
  readonly literals: Literals;
  /** The key of a pool a query reads, when the caller knows it. */
  readonly poolKey?: PoolKeyLookup;
}

export function optimize(seq: dag.Seq, opts: OptimizeOptions): dag.Seq {
  let out = rewriteSeqs(seq, (s) => removePass(mergeFilters(s)));
  out = topDown(out, pushFiltersIntoBranches);
  out = rewriteSeqs(out, (s) => mergeFilters(liftFilters(s)));
  out = rewriteSeqs(out, pushFilters);
  out = rewriteSeqs(out, fuseSortHead);
  out = rewriteSeqs(out, markCounts);
  if (opts.poolKey !== undefined) out = rewriteSeqs(out, poolKeyFacts(opts.poolKey, opts.literals));
  return out;
}

/** Rewrites every sequence top-down: `fn` on a sequence, then on the sequences nested in its result. */
function topDown(seq: dag.Seq, fn: (seq: dag.Seq) => dag.Seq): dag.Seq {
  return fn(seq).map((op) => mapChildSeqs(op, (s) => topDown(s, fn)));
}
