// Runs a query in process over input (ZSON unless another format is named)
// and returns zq -z style output, for language tests written as (query,
// input, output) cases.
import { TypeContext, compile, encodeBatches, readValues, formatByName } from '../../src/index.js';

/** `project`: the reader leaves out the top-level fields the query does not read (CompiledQuery.fields). */
export async function runQuery(query: string, input: string, format = 'zson', opts: { project?: boolean } = {}): Promise<string> {
  const zctx = new TypeContext();
  const q = compile(query, { zctx });
  const bytes = new TextEncoder().encode(input);
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
  const enc = formatByName('zson')!.encoder!({ pretty: 0 });
  const dec = new TextDecoder();
  let out = '';
  const fields = opts.project === true ? q.fields : undefined;
  const src = q.startsWithYield && input === '' ? nullInput() : readValues(stream, zctx, fields === undefined ? { format } : { format, fields });
  for await (const c of encodeBatches(q.pipeline.run(src, zctx), enc)) out += typeof c === 'string' ? c : dec.decode(c);
  return out;
}

async function* nullInput() {
  const { NullValue } = await import('../../src/index.js');
  yield [NullValue];
}
