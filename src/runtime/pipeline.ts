// The runtime's contract: a compiled pipeline pulls batches from its inputs
// and yields batches; the CLI, the lake and the service call through it.

import type { Batch, TypeContext } from '../zed/index.js';

export interface Pipeline {
  /** Runs over the merged input and yields output batches; returning early stops upstream. */
  run(input: AsyncIterable<Batch>, ctx: TypeContext): AsyncIterable<Batch>;
}
