// Encoding a query's output: the one loop zq, tests and (later) the service
// share from batches of values to output chunks.

import type { Chunk, Encoder } from '../formats/index.js';
import type { Batch } from '../zed/index.js';

/** Yields the encoder's output for each batch, then its end; stops upstream when the consumer stops. */
export async function* encodeBatches(batches: AsyncIterable<Batch>, encoder: Encoder): AsyncGenerator<Chunk> {
  for await (const batch of batches) {
    const out = encoder.write(batch);
    if (out.length > 0) yield out;
  }
  const tail = encoder.end();
  if (tail.length > 0) yield tail;
}
