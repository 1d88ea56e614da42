// The lake's port for running Zed queries (agg index rules) without the lake
// importing the compiler: give `lakeQueryRunner()` to the Lake's deps.
import { compile } from '../compiler/index.js';
import type { LakeQueryRunner } from '../lake/index.js';
import { TypeContext, type Batch, type Value } from '../zed/index.js';

export function lakeQueryRunner(): LakeQueryRunner {
  return {
    check(text: string): void {
      compile(text, { zctx: new TypeContext() });
    },
    run(text: string, input: AsyncIterable<readonly Value[]>, ctx: TypeContext): AsyncIterable<readonly Value[]> {
      const q = compile(text, { zctx: ctx });
      async function* batches(): AsyncGenerator<Batch> {
        for await (const b of input) yield b.slice();
      }
      return q.pipeline.run(batches(), ctx);
    },
  };
}
