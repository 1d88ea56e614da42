// The values zq writes: the query's main channel. Its `debug` channel goes to
// stderr as ZSON, as zq writes it.

import { formatByName, type Batch, type CompiledQuery, type TypeContext } from '../../../src/index.js';
import type { ZqStats } from './stats.js';

/** Runs the query on `input` and yields its main channel's batches, counted as matched. */
export async function* mainChannel(
  query: CompiledQuery,
  input: AsyncIterable<Batch>,
  ctx: TypeContext,
  stats: ZqStats,
): AsyncGenerator<Batch> {
  const debug = formatByName('zson')!.encoder!({ pretty: 0 });
  for await (const c of query.pipeline.runChannels(input, ctx)) {
    if (c.batch === null) continue;
    if (c.channel === 'main') {
      stats.recordsMatched += c.batch.length;
      yield c.batch;
    } else if (c.channel === 'debug') {
      const text = debug.write(c.batch);
      process.stderr.write(typeof text === 'string' ? text : Buffer.from(text));
    }
  }
}
