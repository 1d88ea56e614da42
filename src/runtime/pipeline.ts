// The runtime's contract: a compiled pipeline pulls batches from its inputs
// and yields batches. Operators arrive with the language (issue #3); this
// file fixes the seam the CLI, the lake and the service call through.

import type { Batch, TypeContext } from '../zed/index.js';

export interface Pipeline {
  /** Runs over the merged input and yields output batches; returning early stops upstream. */
  run(input: AsyncIterable<Batch>, ctx: TypeContext): AsyncIterable<Batch>;
}

/** The pipeline that passes every value through unchanged. */
export const passPipeline: Pipeline = {
  run(input) {
    return input;
  },
};
