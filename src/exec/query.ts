// Runs a compiled query over input batches and encodes the results: the one
// path zq, the lake and the service share from values to output chunks.

import type { Chunk, Encoder } from '../formats/index.js';
import type { CompiledQuery } from '../compiler/index.js';
import type { Batch, TypeContext } from '../zed/index.js';

/** Yields encoded output chunks; stops upstream when the consumer stops. */
export async function* runQuery(
  query: CompiledQuery,
  input: AsyncIterable<Batch>,
  ctx: TypeContext,
  encoder: Encoder,
): AsyncGenerator<Chunk> {
  for await (const batch of query.pipeline.run(input, ctx)) {
    const out = encoder.write(batch);
    if (out.length > 0) yield out;
  }
  const tail = encoder.end();
  if (tail.length > 0) yield tail;
}

/** Concatenates several inputs' batches in order. */
export async function* concatInputs(inputs: readonly (() => AsyncIterable<Batch>)[]): AsyncGenerator<Batch> {
  for (const open of inputs) yield* open();
}
