// fork: copies every input batch to each branch (runtime/sam/op/fork). The
// branches' outputs are returned separately, for a combine, merge or join
// downstream. Buffering and closing follow Router.

import { Router } from './router.js';
import type { OpContext, PipelineFn, Stream } from './types.js';

/** The outputs of `branches`, each run over a copy of `parent`. */
export function forkOp(_ctx: OpContext, parent: Stream, branches: readonly PipelineFn[]): Stream[] {
  const n = branches.length;
  const router = new Router(parent, n, (b, send) => {
    for (let i = 0; i < n; i++) send(i, b);
  });
  return branches.map((branch, i) => branch(router.exit(i)));
}
