// One service query from its request to its response bytes: compile (errors
// thrown before anything is sent), then the encoded body as the pipeline
// yields it: data, control messages, periodic stats, and an in-band error
// after the start. The spec is plain data so that a runtime can run the job
// in a worker of its own (see QueryExecutor) and pass only bytes back.

import type { Lake } from '../lake/index.js';
import type { SpillStore } from '../runtime/agg/index.js';
import { QueryCanceledError, QueryTimeoutError, ZedError } from '../errors/index.js';
import { QueryWriter, type ChannelStyle } from './query-writer.js';
import { prepareQuery, type PreparedQuery } from './run-query.js';
import { INDEX_METAS, LATEST_METAS, type QueryHead } from './source-plan.js';
import type { Outbound } from './outbound.js';
import type { Chunk } from '../formats/index.js';
import { elapsedMs } from '../util/clock.js';
import type { Scope } from './pool-access.js';
import { loadTargetsAllowed, scopedLake } from './scoped-lake.js';

/** What a client asked for: structured-cloneable, so it can cross to a worker. */
export interface QueryJobSpec {
  readonly query: string;
  readonly head: QueryHead | null;
  /** Output format name (the registry's). */
  readonly format: string;
  /** Write control messages (ZJSON and ZNG only). */
  readonly ctrl: boolean;
  readonly channel: ChannelStyle;
  /** The meta-query names of API revisions up to 1.8.0 (index rules and indexes). */
  readonly indexMetas: boolean;
  /**
   * The pools the query may see and load into (an API token's scopes);
   * the others are absent as if they did not exist. Absent: every pool.
   */
  readonly scopes?: readonly Scope[];
}

/** Where a running query failed: producing values, or encoding them. */
export type QueryErrorStage = 'pull' | 'write';

/** How the caller steers a running job. */
export interface QueryJobControl {
  /** Aborting it (the client went away) stops the query; the body then just ends. */
  readonly signal: AbortSignal;
  /**
   * Told the message of an error after the start (also sent in-band when
   * ctrl is on), and where it arose: the query ("pull") or the response's
   * encoder ("write"), as Zed's log tells them apart.
   */
  readonly onError?: (message: string, stage: QueryErrorStage) => void;
}

/** Runs service queries: in this thread, or elsewhere (a worker pool) in an adapter. */
export interface QueryExecutor {
  /**
   * Compiles `spec` and starts it. Throws (a ZedError, CompilationError
   * included) before any output; afterwards errors go in-band. Returning
   * early from the body stops the query.
   */
  start(spec: QueryJobSpec, ctl: QueryJobControl): Promise<AsyncGenerator<Uint8Array>>;
  /** Stops what it runs (server shutdown). */
  close?(): Promise<void>;
}

export interface QueryJobOptions {
  /** Unix nanoseconds, for QueryStats. */
  readonly now: () => bigint;
  readonly spillStore?: SpillStore;
  /** Bytes the query's operators may hold (see QueryMemory). */
  readonly memoryLimit?: number;
  /** Wall time a query may run, in ms (none when absent). */
  readonly timeoutMs?: number;
  /** How `get URL` reaches the network (refused when absent). */
  readonly outbound?: Outbound;
  /** Interval of QueryStats control messages, in ms. */
  readonly statsIntervalMs?: number;
  /**
   * Called between batches; a promise it returns is awaited first. A
   * runtime that runs queries on its request thread yields there, so one
   * query cannot hold the thread.
   */
  readonly pace?: () => Promise<void> | undefined;
  /**
   * Called once per batch where operators check for an abort; throws to
   * stop the query. A worker reads its stop flag and its memory here.
   */
  readonly poll?: () => void;
}

const STATS_INTERVAL_MS = 1000;
const encoder = new TextEncoder();

/** Resolves on each tick of a clock, for periodic QueryStats. */
class Ticker {
  #resolve: (() => void) | null = null;
  #promise: Promise<'tick'>;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(ms: number) {
    this.#promise = this.#arm();
    this.#timer = setInterval(() => {
      const r = this.#resolve;
      this.#promise = this.#arm();
      r?.();
    }, ms);
  }

  #arm(): Promise<'tick'> {
    return new Promise<'tick'>((resolve) => {
      this.#resolve = () => resolve('tick');
    });
  }

  get next(): Promise<'tick'> {
    return this.#promise;
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

function bytesOf(c: Chunk): Uint8Array {
  return typeof c === 'string' ? encoder.encode(c) : c;
}

/** True when the query was stopped because its client went away (nobody reads an error then). */
function canceled(signal: AbortSignal): boolean {
  return signal.aborted && !(signal.reason instanceof ZedError && !(signal.reason instanceof QueryCanceledError));
}

/** The message of a failure, as the client reads it: a limit that stopped the query says which. */
function failureMessage(e: unknown, signal: AbortSignal): string {
  if (signal.aborted) return signal.reason instanceof ZedError ? signal.reason.message : new QueryCanceledError().message;
  return e instanceof Error ? e.message : String(e);
}

/** The response body's bytes: data, control messages, the writer's end. */
async function* produce(q: PreparedQuery, writer: QueryWriter, spec: QueryJobSpec, ctl: QueryJobControl, signal: AbortSignal, opts: QueryJobOptions): AsyncGenerator<Uint8Array> {
  const it = q.runChannels()[Symbol.asyncIterator]();
  const ticker = spec.ctrl ? new Ticker(opts.statsIntervalMs ?? STATS_INTERVAL_MS) : null;
  const pace = opts.pace;
  let failed = false;
  let stage: QueryErrorStage = 'pull';
  try {
    let pending = it.next();
    for (;;) {
      pending.catch(() => {});
      const r = ticker === null ? await pending : await Promise.race([pending, ticker.next]);
      if (r === 'tick') {
        for (const c of writer.stats(q.meter.stats())) yield bytesOf(c);
        continue;
      }
      if (r.done === true) break;
      const wait = pace?.();
      if (wait !== undefined) await wait;
      pending = it.next();
      const { channel, batch } = r.value;
      stage = 'write';
      const out = batch === null ? writer.channelEnd(channel) : batch.length > 0 ? writer.batch(batch, channel) : [];
      stage = 'pull';
      for (const c of out) yield bytesOf(c);
    }
    stage = 'write';
    for (const c of writer.stats(q.meter.stats())) yield bytesOf(c);
  } catch (e) {
    failed = true;
    const message = failureMessage(e, signal);
    ctl.onError?.(message, stage);
    // A client that went away reads nothing more; one stopped by a limit reads why.
    if (canceled(signal)) return;
    for (const c of writer.error(message)) yield bytesOf(c);
  } finally {
    ticker?.stop();
    if (failed || signal.aborted) void it.return?.(undefined)?.catch(() => {});
  }
  let tail: Chunk;
  try {
    tail = writer.end();
  } catch (e) {
    // An encoder that failed mid-stream may fail again at its end: the body just stops.
    if (!failed) ctl.onError?.(e instanceof Error ? e.message : String(e), 'write');
    return;
  }
  yield bytesOf(tail);
}

/**
 * What each spilling operator (sort, fuse, summarize) may hold before it
 * spills: their own defaults (Zed's 128 and 256 MiB) unless the query's
 * limit is so small that a few of them at their defaults would pass it.
 */
function spillThreshold(queryLimit: number | undefined): number | undefined {
  if (queryLimit === undefined || queryLimit >= 1 << 30) return undefined;
  return Math.max(1 << 20, Math.floor(queryLimit / 8));
}

/** The caller's signal, and the time limit when there is one, as one signal. */
function jobSignal(outer: AbortSignal, timeoutMs: number | undefined): { signal: AbortSignal; dispose: () => void } {
  if (timeoutMs === undefined || !(timeoutMs > 0)) return { signal: outer, dispose: () => {} };
  const abort = new AbortController();
  const onOuter = () => abort.abort(outer.reason);
  if (outer.aborted) abort.abort(outer.reason);
  else outer.addEventListener('abort', onOuter, { once: true });
  const timer = setTimeout(() => abort.abort(new QueryTimeoutError(timeoutMs)), timeoutMs);
  return {
    signal: abort.signal,
    dispose: () => {
      clearTimeout(timer);
      outer.removeEventListener('abort', onOuter);
    },
  };
}

/** Compiles and starts one query over `lake`; see QueryExecutor.start. */
export async function startQueryJob(whole: Lake, spec: QueryJobSpec, ctl: QueryJobControl, opts: QueryJobOptions): Promise<AsyncGenerator<Uint8Array>> {
  const { signal, dispose } = jobSignal(ctl.signal, opts.timeoutMs);
  const lake = spec.scopes === undefined ? whole : scopedLake(whole, spec.scopes);
  let q: PreparedQuery;
  let writer: QueryWriter;
  try {
    q = await prepareQuery(lake, spec.query, {
      head: spec.head,
      signal,
      metas: spec.indexMetas ? INDEX_METAS : LATEST_METAS,
      now: opts.now,
      ...(opts.spillStore !== undefined ? { spillStore: opts.spillStore } : {}),
      ...(opts.pace !== undefined ? { pace: opts.pace } : {}),
      ...(opts.outbound !== undefined ? { outbound: opts.outbound } : {}),
      ...(opts.poll !== undefined ? { poll: opts.poll } : {}),
      ...(spillThreshold(opts.memoryLimit) !== undefined ? { memoryLimit: spillThreshold(opts.memoryLimit)! } : {}),
    });
    if (signal.aborted) throw signal.reason;
    // A load its scopes may not write is refused before the response starts.
    if (spec.scopes !== undefined) await loadTargetsAllowed(whole, spec.scopes, q.compiled.ast);
    writer = new QueryWriter({
      format: spec.format,
      ctrl: spec.ctrl,
      channel: spec.channel,
      channelIds: new Map(q.compiled.pipeline.channels.map((c, i) => [c, i])),
    });
  } catch (e) {
    dispose();
    throw e;
  }
  const body = produce(q, writer, spec, ctl, signal, opts);
  return (async function* () {
    try {
      yield* body;
    } finally {
      dispose();
    }
  })();
}

/** Runs each query in this thread, over `lake`. */
export function inProcessExecutor(lake: Lake, opts: QueryJobOptions): QueryExecutor {
  return { start: (spec, ctl) => startQueryJob(lake, spec, ctl, opts) };
}

/**
 * A pace that yields to the runtime's task queue once `sliceMs` of work has
 * passed since the last yield, so timers and other requests' I/O get their
 * turn. (Where the clock stands still during computation, as on Workers,
 * every `everyBatches` batches yields anyway.)
 */
export function yieldingPace(sliceMs = 10, everyBatches = 64): () => Promise<void> | undefined {
  let last = elapsedMs();
  let batches = 0;
  return () => {
    const t = elapsedMs();
    if (t - last < sliceMs && ++batches < everyBatches) return undefined;
    batches = 0;
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        last = elapsedMs();
        resolve();
      }, 0),
    );
  };
}
