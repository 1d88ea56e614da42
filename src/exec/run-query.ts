// Runs a query over the lake for the service: compile once (syntax and
// semantic errors with their spans), check the sources against the lake,
// then hand back a pipeline whose lake reads are metered for QueryStats and
// stop when the request's signal aborts. A query without `from` reads the
// request's head pool and branch (Zed's lakeparse.Commitish).

import { compile, type ColumnAggregate, type SourceEnv, type SourceResolver, type ast, type CompiledQuery } from '../compiler/index.js';
import { InvalidError, ParseError, ZedError } from '../errors/index.js';
import type { Lake } from '../lake/index.js';
import type { SpillStore } from '../runtime/agg/index.js';
import type { ChannelBatch } from '../runtime/op/index.js';
import { TypeContext, type Batch } from '../zed/index.js';
import { CompilationError, semanticErrors, syntaxCompilationError } from './compilation-error.js';
import { lakeSources, scanPool, scansData } from './lake-source.js';
import { checkPlanUrls, type Outbound } from './outbound.js';
import { clockNow, QueryMeter } from './query-meter.js';
import { LATEST_METAS, planSources, type MetaNames, type QueryHead, type SourceInfo, type SourcePlan } from './source-plan.js';

export interface RunQueryOptions {
  readonly head?: QueryHead | null;
  /**
   * The caller has no head at all (Zed's nil head: a local CLI without a
   * working branch), so `from HEAD` is an error; an absent or null head
   * is an empty one (a service request's), whose HEAD is a missing pool name.
   */
  readonly noHead?: boolean;
  /** Aborting it (the client went away) stops the query at its next read. */
  readonly signal?: AbortSignal;
  readonly zctx?: TypeContext;
  readonly spillStore?: SpillStore;
  readonly memoryLimit?: number;
  readonly metas?: MetaNames;
  /** Unix nanoseconds (for QueryStats). */
  readonly now?: () => bigint;
  readonly warn?: (msg: string) => void;
  /** Called after each batch a source reads; a promise it returns is awaited first (see QueryJobOptions.pace). */
  readonly pace?: () => Promise<void> | undefined;
  /** Called where operators check the signal, and per source batch; throws to stop the query. */
  readonly poll?: () => void;
  /** How `get URL` reaches the network; when given, its URLs are checked before the query runs. */
  readonly outbound?: Outbound;
}

export interface PreparedQuery {
  readonly compiled: CompiledQuery;
  readonly sources: readonly SourceInfo[];
  readonly meter: QueryMeter;
  readonly zctx: TypeContext;
  /** Runs the query once, yielding its main channel; returning early from the iteration stops it. */
  run(): AsyncIterable<Batch>;
  /** Runs the query once, yielding every channel's batches, tagged, and each channel's end. */
  runChannels(): AsyncIterable<ChannelBatch>;
}

/** Locations the compiler attaches to its semantic errors. */
function locOf(e: unknown): ast.Loc | null | undefined {
  if (e === null || typeof e !== 'object' || !('loc' in e)) return undefined;
  const loc = (e as { loc: unknown }).loc;
  if (loc === null) return null;
  if (typeof loc === 'object' && 'start' in loc && 'end' in loc) return loc as ast.Loc;
  return undefined;
}

/** How a source's batches are watched: metered, stopped by the signal, paced. */
interface Watch {
  readonly meter: QueryMeter;
  readonly signal: AbortSignal | undefined;
  readonly pace: (() => Promise<void> | undefined) | undefined;
  readonly poll: (() => void) | undefined;
}

/** `scanned`: the source is a pool scan, which counts what it reads itself. */
async function* metered(stream: AsyncIterable<Batch>, w: Watch, scanned: boolean): AsyncGenerator<Batch> {
  const { meter, signal, pace, poll } = w;
  if (signal?.aborted) throw signal.reason ?? new Error('query aborted');
  for await (const batch of stream) {
    poll?.();
    if (signal?.aborted) throw signal.reason ?? new Error('query aborted');
    meter.observe(batch, scanned);
    const wait = pace?.();
    if (wait !== undefined) {
      await wait;
      if (signal?.aborted) throw signal.reason ?? new Error('query aborted');
    }
    yield batch;
  }
}

/** The key of a pool source: its place in the query text (the compiler may copy nodes). */
function sourceKey(src: ast.Pool): string {
  return `${src.loc.start}:${src.loc.end}`;
}

/**
 * Sources for the compiler: each pool source, once planned, reads the pools
 * the plan gives it (HEAD made the head, a pattern its pools) through the
 * lake's own Source, metered and stopped by the signal.
 */
function plannedSources(inner: SourceResolver, plan: () => SourcePlan, w: Watch): SourceResolver {
  const targets = (src: ast.Pool): readonly ast.Pool[] => plan().pools.get(sourceKey(src)) ?? [src];
  const resolver: SourceResolver = {
    open(src, env, pushdown, fields) {
      if (src.kind !== 'Pool') return metered(inner.open(src, env, pushdown), w, false);
      return (async function* () {
        for (const t of targets(src)) yield* metered(inner.open(t, env, pushdown, fields), w, scansData(t));
      })();
    },
  };
  const count = inner.count;
  if (count !== undefined) {
    resolver.count = async (src, env, pushdown) => {
      if (src.kind !== 'Pool') return count.call(inner, src, env, pushdown);
      let total = 0n;
      for (const t of targets(src)) {
        const n = await count.call(inner, t, env, pushdown);
        if (n === null) return null;
        total += n;
      }
      return total;
    };
  }
  const aggregate = inner.aggregate;
  if (aggregate !== undefined) {
    // Decided per pool when the query runs: a pool the lake cannot
    // aggregate over columns is read as values, as open would.
    resolver.aggregate = (src, env, plan) => {
      if (src.kind !== 'Pool') return aggregate.call(inner, src, env, plan);
      return (sink) =>
        (async function* () {
          for (const t of targets(src)) {
            const feed = aggregate.call(inner, t, env, plan);
            yield* metered(feed === null ? valuesOf(inner, t, env, plan) : feed(sink), w, scansData(t));
          }
        })();
    };
  }
  const topK = inner.topK;
  if (topK !== undefined) {
    // The candidates of each pool in turn, in the order open reads the pools.
    resolver.topK = (src, env, plan) => {
      if (src.kind !== 'Pool') return topK.call(inner, src, env, plan);
      return (async function* () {
        for (const t of targets(src)) yield* metered(topK.call(inner, t, env, plan) ?? inner.open(t, env), w, scansData(t));
      })();
    };
  }
  const tail = inner.tail;
  if (tail !== undefined) {
    resolver.tail = (src, env, count, each) => {
      if (src.kind !== 'Pool') return tail.call(inner, src, env, count, each);
      return (async function* () {
        // One pool's tail only: of pools read one after another, a tail may take values of several.
        const ts = targets(src);
        if (ts.length === 1) {
          // What the scan reads is metered, not what `each` makes of it.
          const scanned = scansData(ts[0]!);
          const last = tail.call(inner, ts[0]!, env, count, each === undefined ? undefined : (s) => each(metered(s, w, scanned)));
          if (last !== null) {
            yield* each === undefined ? metered(last, w, scanned) : last;
            return;
          }
        }
        for (const t of ts) {
          const s = metered(inner.open(t, env), w, scansData(t));
          yield* each === undefined ? s : each(s);
        }
      })();
    };
  }
  const sorted = inner.sorted;
  if (sorted !== undefined) {
    // One pool's scan only: pools read one after another are not in one order.
    resolver.sorted = async (src, env, plan) => {
      if (src.kind !== 'Pool') return sorted.call(inner, src, env, plan);
      const ts = targets(src);
      return ts.length === 1 && (await sorted.call(inner, ts[0]!, env, plan));
    };
  }
  const load = inner.load;
  if (load !== undefined) resolver.load = (target, input) => load.call(inner, target, input);
  return resolver;
}

/** A source's values for a summarize it could not aggregate over columns: through the plan's filter, when it has one. */
async function* valuesOf(inner: SourceResolver, src: ast.Pool, env: SourceEnv, plan: ColumnAggregate): AsyncGenerator<Batch> {
  const filter = plan.filter;
  if (filter === undefined) {
    yield* inner.open(src, env);
    return;
  }
  for await (const b of inner.open(src, env, filter.pushdown)) yield b.filter(filter.row);
}

/** Compiles `text` against the lake; throws CompilationError (or a lake error) before anything runs. */
export async function prepareQuery(lake: Lake, text: string, opts: RunQueryOptions = {}): Promise<PreparedQuery> {
  const zctx = opts.zctx ?? new TypeContext();
  const now = opts.now ?? clockNow;
  const meter = new QueryMeter(now(), now);
  let plan: SourcePlan | null = null;
  const watch: Watch = { meter, signal: opts.signal, pace: opts.pace, poll: opts.poll };
  const sources = plannedSources(
    lakeSources(lake, zctx, undefined, meter.scan, {
      ...(opts.outbound !== undefined ? { outbound: opts.outbound } : {}),
      ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
    }),
    () => {
      if (plan === null) throw new Error('query run before its sources were planned');
      return plan;
    },
    watch,
  );
  let compiled: CompiledQuery;
  try {
    compiled = compile(text, {
      zctx,
      sources,
      ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
      ...(opts.poll !== undefined ? { poll: opts.poll } : {}),
      ...(opts.spillStore !== undefined ? { spillStore: opts.spillStore } : {}),
      ...(opts.memoryLimit !== undefined ? { memoryLimit: opts.memoryLimit } : {}),
      ...(opts.warn !== undefined ? { warn: opts.warn } : {}),
    });
  } catch (e) {
    if (e instanceof ParseError) throw syntaxCompilationError(text, e);
    const loc = locOf(e);
    if (loc !== undefined && e instanceof Error) {
      const at = loc ?? { start: 0, end: text.length };
      throw semanticErrors(text, [{ msg: e.message, start: at.start, end: at.end }]);
    }
    throw e;
  }
  // A URL the outbound policy refuses fails the request before it answers (outbound.ts).
  if (opts.outbound !== undefined) await checkPlanUrls(compiled.dag, opts.outbound, opts.signal);
  const head = opts.head ?? null;
  plan = await planSources(lake, text, compiled.ast, opts.noHead === true ? undefined : head, opts.metas ?? LATEST_METAS);
  let input: AsyncIterable<Batch> = (async function* () {})();
  let infos = plan.sources;
  if (!compiled.hasSource) {
    // Zed's default source: the head pool at the head branch (main by default).
    const poolName = head?.pool ?? '';
    if (poolName === '') throw new InvalidError('no pool name given');
    const branch = head?.branch ?? '';
    let pool;
    try {
      pool = await lake.getPool(poolName);
      await lake.resolveCommitish(`0x${pool.id}`, branch === '' ? 'main' : branch);
    } catch (e) {
      // No span to point at: the head came with the request, not the query text.
      if (e instanceof ZedError) throw new CompilationError(e.message, [], false, { cause: e });
      throw e;
    }
    // The filter the optimizer pushed into the query's input applies to this scan, as to a from's.
    input = metered(scanPool(lake, zctx, `0x${pool.id}`, branch === '' ? 'main' : branch, compiled.pushdown, meter.scan), watch, true);
    infos = [{ kind: 'Pool', name: pool.name, id: pool.id, inferred: true }];
  }
  return {
    compiled,
    sources: infos,
    meter,
    zctx,
    // (The pipeline itself refuses a second run.)
    run: () => compiled.pipeline.run(input, zctx),
    runChannels: () => compiled.pipeline.runChannels(input, zctx),
  };
}
