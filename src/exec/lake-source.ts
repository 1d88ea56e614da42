// The compiler's Source over a lake: `from pool`, `from pool@branch` and
// `from pool@<commit id>` (time travel) read the pool's objects in pool-key
// order, decoded into the query's type context; the load operator commits
// into a pool. Meta-queries (`:objects`, `:log`, ...) come with the rest of
// the lake's views.

import type { SourceResolver } from '../compiler/index.js';
import type { Lake } from '../lake/index.js';
import { UnsupportedError, InvalidError } from '../errors/index.js';
import { TypeBytes, Value, type TypeContext } from '../zed/index.js';
import { parseZsonValue } from '../zson/index.js';

export function lakeSources(lake: Lake, zctx: TypeContext, fallback?: SourceResolver): SourceResolver {
  return {
    open(src, env) {
      if (src.kind !== 'Pool') {
        if (fallback !== undefined) return fallback.open(src, env);
        throw new UnsupportedError(`${src.kind === 'File' ? 'file' : 'get'}: not available in a lake query`);
      }
      const spec = src.spec;
      if (spec.pool === null || spec.meta !== null) throw new UnsupportedError('lake meta-queries are not supported yet');
      if (spec.pool.kind !== 'String' && spec.pool.kind !== 'QuotedString') {
        throw new UnsupportedError('pool name patterns are not supported yet');
      }
      const name = spec.pool.text;
      const commitish = spec.commit ?? 'main';
      if (commitish === '') throw new InvalidError(`${name}: missing branch or commit after "@"`);
      return lake.scan(name, commitish, { ctx: zctx });
    },
    // Zed's load operator yields the new commit's id as a bytes value.
    load(target, input) {
      return (async function* () {
        const meta = target.meta === null ? undefined : parseZsonValue(target.meta, zctx);
        const r = await lake.load(target.pool, target.branch, input, {
          ...(target.author !== null ? { author: target.author } : {}),
          ...(target.message !== null ? { message: target.message } : {}),
          ...(meta !== undefined ? { meta } : {}),
        });
        const id = new Uint8Array(20);
        for (let i = 0; i < 20; i++) id[i] = parseInt(r.commit.slice(i * 2, i * 2 + 2), 16);
        yield [new Value(TypeBytes, id)];
      })();
    },
  };
}
