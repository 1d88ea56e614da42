// The compiler's Source over a lake: `from pool`, `from pool@branch` and
// `from pool@<commit id>` (time travel) read the pool's objects in pool-key
// order, decoded into the query's type context; the load operator commits
// into a pool. Meta-queries (`:objects`, `:log`, ...) and pool name
// patterns are opened by meta-queries.ts.

import type { ast, dag, Pushdown, SourceEnv, SourceResolver } from '../compiler/index.js';
import type { Lake, ScanStats } from '../lake/index.js';
import { UnsupportedError, InvalidError } from '../errors/index.js';
import { TypeBytes, TypeString, underlying, Value, type TypeContext } from '../zed/index.js';
import { parseZsonValue } from '../zson/index.js';
import { ksuidHexToBytes } from '../util/ksuid.js';
import { openHttp } from './http-source.js';
import { directOutbound, type Outbound } from './outbound.js';
import { openSpecialSource } from './meta-queries.js';
import { countPool } from './pool-count.js';
import { indexLookupOf } from './index-lookup.js';
import { lakeAggregate } from './lake-aggregate.js';
import { lakeTail, lakeTopK, poolInSortOrder } from './lake-topk.js';
import { searchPool } from './lake-search.js';
import type { SearchTerm } from './search-object.js';
import { projectPool } from './lake-project.js';
import { filterPool } from './lake-filter.js';

/** How `get URL` reaches the network from a lake query. */
export interface LakeHttpOptions {
  /** Default: the runtime's fetch, unchecked (outbound.ts). */
  readonly outbound?: Outbound;
  /** Aborting it stops the request. */
  readonly signal?: AbortSignal;
}

/** `stats`, when given, adds up the bytes and objects every pool scan reads from storage. */
export function lakeSources(lake: Lake, zctx: TypeContext, fallback?: SourceResolver, stats?: ScanStats, http: LakeHttpOptions = {}): SourceResolver {
  const outbound = http.outbound ?? directOutbound;
  const httpOpts = { fetch: (url: string, init: RequestInit) => outbound.fetch(url, init), ...(http.signal !== undefined ? { signal: http.signal } : {}) };
  return {
    open(src, env, pushdown, fields) {
      if (src.kind !== 'Pool') {
        if (fallback !== undefined) return fallback.open(src, env, pushdown);
        if (src.kind === 'HTTP') return openHttp(src, zctx, httpOpts);
        throw new UnsupportedError(`${src.kind === 'File' ? 'file' : 'get'}: not available in a lake query`);
      }
      const spec = src.spec;
      const pool = plainPool(spec);
      // Meta-queries and pool name patterns: see meta-queries.ts.
      if (pool === null) return openSpecialSource(lake, zctx, spec);
      const { name, commitish } = pool;
      if (commitish === '') throw new InvalidError(`${name}: missing branch or commit after "@"`);
      // A keyword search runs on the columns where it can (lake-search.ts).
      const term = pushdown === undefined ? null : searchTermOf(pushdown.filter, env);
      if (term !== null) return searchPool(lake, zctx, name, commitish, term, pushdown!, stats);
      // A filter columns can evaluate reads only the values it keeps (lake-filter.ts).
      const column = pushdown?.columnFilter() ?? null;
      if (column !== null) return filterPool(lake, zctx, name, commitish, column, fields, pushdown!, stats);
      // A query that reads a few fields reads only their columns (lake-project.ts).
      if (fields !== undefined) return projectPool(lake, zctx, name, commitish, fields, pushdown, stats);
      return scanPool(lake, zctx, name, commitish, pushdown, stats);
    },
    // count() of a pool from metadata where it can (pool-count.ts).
    count(src, env, pushdown) {
      if (src.kind !== 'Pool') return fallback?.count?.(src, env, pushdown) ?? Promise.resolve(null);
      return countPool(lake, src, pushdown, stats);
    },
    // A summarize of field paths over a plain pool, over columns where it can (lake-aggregate.ts).
    aggregate(src, env, plan) {
      if (src.kind !== 'Pool') return fallback?.aggregate?.(src, env, plan) ?? null;
      const pool = plainPool(src.spec);
      if (pool === null || pool.commitish === '') return null;
      return lakeAggregate(lake, zctx, pool.name, pool.commitish, plan, stats);
    },
    // A sort and head over a plain pool, its candidates picked over columns where it can (lake-topk.ts).
    topK(src, env, plan) {
      if (src.kind !== 'Pool') return fallback?.topK?.(src, env, plan) ?? null;
      const pool = plainPool(src.spec);
      if (pool === null || pool.commitish === '') return null;
      return lakeTopK(lake, zctx, pool.name, pool.commitish, plan, stats);
    },
    // The last values of a pool's scan (lake-topk.ts).
    tail(src, env, count, each) {
      if (src.kind !== 'Pool') return fallback?.tail?.(src, env, count, each) ?? null;
      const pool = plainPool(src.spec);
      if (pool === null || pool.commitish === '') return null;
      return lakeTail(lake, zctx, pool.name, pool.commitish, count, stats, each);
    },
    // Whether a pool's scan is already in a sort's order (lake-topk.ts).
    async sorted(src, env, plan) {
      if (src.kind !== 'Pool') return (await fallback?.sorted?.(src, env, plan)) ?? false;
      const pool = plainPool(src.spec);
      if (pool === null || pool.commitish === '') return false;
      return poolInSortOrder(lake, zctx, pool.name, pool.commitish, plan);
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
        yield [new Value(TypeBytes, ksuidHexToBytes(r.commit))];
      })();
    },
  };
}

/**
 * The values of a pool at a commitish, with the filter the optimizer pushed
 * into the scan applied: its range of the pool key prunes objects and seek
 * streams, and an equality prunes objects by their field indexes.
 */
export function scanPool(lake: Lake, zctx: TypeContext, name: string, commitish: string, pushdown: Pushdown | undefined, stats: ScanStats | undefined): AsyncIterable<Value[]> {
  const lookup = pushdown === undefined ? null : indexLookupOf(pushdown.filter, zctx);
  const scan = lake.scan(name, commitish, {
    ctx: zctx,
    ...(pushdown !== undefined ? { keySpan: (path: readonly string[]) => pushdown.keySpan(path) } : {}),
    ...(lookup !== null ? { indexLookup: lookup } : {}),
    ...(stats !== undefined ? { stats } : {}),
  });
  return pushdown === undefined ? scan : filtered(scan, pushdown);
}

/** Whether a source reads a pool's data objects (whose scans count what they read). */
export function scansData(src: ast.Source): boolean {
  return src.kind === 'Pool' && src.spec.meta === null;
}

/** The pool and commitish a source names, or null for a meta-query or a pool name pattern. */
function plainPool(spec: ast.PoolSpec): { name: string; commitish: string } | null {
  if (spec.pool === null || spec.meta !== null || (spec.pool.kind !== 'String' && spec.pool.kind !== 'QuotedString')) return null;
  return { name: spec.pool.text, commitish: spec.commit ?? 'main' };
}

/** The scan with the pushed filter applied as it is read, so the query drops its own copy. */
async function* filtered(scan: AsyncIterable<Value[]>, pushdown: Pushdown): AsyncGenerator<Value[]> {
  pushdown.applied();
  const keep = pushdown.predicate;
  for await (const batch of scan) {
    let i = 0;
    while (i < batch.length && keep(batch[i]!)) i++;
    if (i === batch.length) {
      yield batch;
      continue;
    }
    const out = batch.slice(0, i);
    for (i++; i < batch.length; i++) if (keep(batch[i]!)) out.push(batch[i]!);
    if (out.length > 0) yield out;
  }
}

/**
 * The term of a filter that is a keyword search over the whole value, as the
 * compiler searches it: a string's, or a literal's (its text and value); else null.
 */
function searchTermOf(filter: dag.Expr, env: SourceEnv): SearchTerm | null {
  if (filter.kind !== 'Search' || filter.expr.kind !== 'This' || filter.expr.path.length !== 0) return null;
  const v = env.literals.value(filter.value);
  if (underlying(v.type) !== TypeString) return { text: filter.text, literal: filter.value };
  return v.bytes !== null ? { text: v.asString().normalize('NFC'), literal: null } : null;
}
