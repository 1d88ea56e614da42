// Compiles query text into a runnable pipeline: parse once, analyze into a
// plan (semantic), optimize the plan, then build the operator graph with
// every expression compiled to a closure (kernel). Compile errors (syntax
// and semantic) are thrown here, before any input is read.

import { InternalError } from '../errors/index.js';
import type { Batch, TypeContext } from '../zed/index.js';
import { createEvalContext, type EvalContext, type Pipeline } from '../runtime/index.js';
import { type ChannelBatch, combineOp, muxOp, type OpContext, type Stream } from '../runtime/op/index.js';
import type * as ast from './ast/index.js';
import type * as dag from './dag/index.js';
import { parseQuery } from './parser/index.js';
import { analyze } from './semantic/index.js';
import { inputFields, optimize, poolScanFields } from './optimizer/index.js';
import type { PoolKeyLookup } from './optimizer/index.js';
import { buildSeq, lateralHook, outputChannelOf, type BuildContext } from './kernel/build.js';
import { newEnv } from './kernel/env.js';
import { Literals } from './kernel/literals.js';
import { noSources, type Pushdown, type SourceResolver } from './kernel/source.js';

export interface CompileOptions {
  readonly zctx: TypeContext;
  readonly sources?: SourceResolver;
  readonly memoryLimit?: number;
  readonly spillStore?: OpContext['spillStore'];
  /** Aborting it stops the running pipeline at its operators' next check. */
  readonly signal?: AbortSignal;
  /** Called at those checks too; throws to stop the query (see OpContext.poll). */
  readonly poll?: () => void;
  readonly warn?: (msg: string) => void;
  /** Pool keys, when the caller knows them: the optimizer then plans key spans for pool scans. */
  readonly poolKey?: PoolKeyLookup;
  /** Skip the optimizer (for comparing plans and results). */
  readonly optimize?: boolean;
}

export interface CompiledQuery {
  readonly text: string;
  readonly ast: ast.Seq;
  /** The optimized plan (plain JSON). */
  readonly dag: dag.Seq;
  readonly pipeline: Pipeline;
  /** True when the query reads its own sources (from, file, get, pool). */
  readonly hasSource: boolean;
  /** True when the query starts with yield (zq then runs it on one null). */
  readonly startsWithYield: boolean;
  /**
   * The filter the optimizer pushed into the query's own input, for readers
   * that can skip data (its raw-text terms) or apply it (then they call
   * `applied()` before yielding anything).
   */
  readonly pushdown?: Pushdown;
  /** When the pushed filter is a search for one bare word: that word. */
  readonly searchTerm?: string;
  /**
   * The top-level fields the query reads of its own input, when it reads
   * only some (readers may leave the others out of records); absent: all.
   */
  readonly fields?: readonly string[];
}


/** The word a filter searches for, when that is all it does. */
function searchWord(pd: Pushdown | undefined): string | undefined {
  const terms = pd?.terms;
  if (pd === undefined || pd.filter.kind !== 'Search' || terms === null || terms === undefined) return undefined;
  const t = terms[0]?.[0];
  return terms.length === 1 && terms[0]!.length === 1 && t !== undefined && !t.number ? t.text : undefined;
}

/**
 * Parsed queries by text. A service runs the same few query texts over and
 * over; an AST is immutable plain data, so each parse can be shared. Parse
 * errors are not kept (they are thrown again by a fresh parse).
 */
const parsed = new Map<string, ast.Seq>();
const PARSED_MAX = 256;
const PARSED_TEXT_MAX = 4096;

function parseCached(text: string): ast.Seq {
  if (text.length > PARSED_TEXT_MAX) return parseQuery(text);
  let seq = parsed.get(text);
  if (seq === undefined) {
    seq = parseQuery(text);
    if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value!);
    parsed.set(text, seq);
  }
  return seq;
}

export function compile(text: string, opts: CompileOptions): CompiledQuery {
  const query = parseCached(text);
  const sources = opts.sources ?? noSources;
  const ectx = createEvalContext(opts.zctx);
  const analysis = analyze(query, { ectx, canLoad: sources.load !== undefined });
  const plan =
    opts.optimize === false
      ? analysis.seq
      : optimize(analysis.seq, { literals: analysis.literals, ...(opts.poolKey !== undefined ? { poolKey: opts.poolKey } : {}) });
  const built = buildPlan(plan, opts, { ectx, literals: analysis.literals, funcs: analysis.funcs, slots: analysis.slots });
  const word = searchWord(built.pushdown);
  const fields = analysis.hasSource ? null : inputFields(plan);
  return {
    text,
    ast: query,
    dag: plan,
    hasSource: analysis.hasSource,
    startsWithYield: analysis.startsWithYield,
    ...(built.pushdown !== undefined ? { pushdown: built.pushdown } : {}),
    ...(word !== undefined ? { searchTerm: word } : {}),
    ...(fields !== null ? { fields } : {}),
    pipeline: built.pipeline,
  };
}

/** A plan built into a pipeline. */
export interface BuiltPlan {
  readonly pipeline: Pipeline;
  /** The filter pushed into the plan's DefaultScan (see CompiledQuery.pushdown). */
  readonly pushdown?: Pushdown;
}

/** What the semantic pass already has for a plan it made (otherwise found in the plan). */
interface PlanContext {
  readonly ectx: EvalContext;
  readonly literals: Literals;
  readonly funcs: ReadonlyMap<number, dag.Func>;
  readonly slots: number;
}

/** The user functions a plan's scopes define, wherever they are. */
function planFuncs(node: unknown, out: Map<number, dag.Func>): Map<number, dag.Func> {
  if (Array.isArray(node)) {
    for (const n of node) planFuncs(n, out);
  } else if (node !== null && typeof node === 'object') {
    const o = node as { kind?: unknown; funcs?: unknown };
    if (o.kind === 'Scope' && Array.isArray(o.funcs)) for (const f of o.funcs as dag.Func[]) out.set(f.id, f);
    for (const v of Object.values(node)) if (typeof v === 'object') planFuncs(v, out);
  }
  return out;
}

/**
 * Builds a plan (from compile, or a plan read back from JSON) into a
 * pipeline; the pipeline is built once, now, and run() hands it its input.
 */
export function buildPlan(plan: dag.Seq, opts: CompileOptions, known?: PlanContext): BuiltPlan {
  const sources = opts.sources ?? noSources;
  const ectx = known?.ectx ?? createEvalContext(opts.zctx);
  const opctx: OpContext = {
    zctx: opts.zctx,
    warn: opts.warn ?? (() => {}),
    ...(opts.memoryLimit !== undefined ? { memoryLimit: opts.memoryLimit } : {}),
    ...(opts.spillStore !== undefined ? { spillStore: opts.spillStore } : {}),
    ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
    ...(opts.poll !== undefined ? { poll: opts.poll } : {}),
  };
  let input: AsyncIterable<Batch> | null = null;
  const gate: Stream = {
    [Symbol.asyncIterator]() {
      if (input === null) throw new InternalError('Pipeline run before its input was set');
      return input[Symbol.asyncIterator]();
    },
  };
  const env = newEnv(ectx, known?.literals ?? new Literals(opts.zctx), known?.funcs ?? planFuncs(plan, new Map()), known?.slots ?? 0);
  const scanFields = poolScanFields(plan);
  const bctx: BuildContext = { op: opctx, sources, env, input: gate, laterals: [], ...(scanFields !== null ? { scanFields } : {}) };
  env.compileLateral = lateralHook(bctx);
  // Leaves an `output` operator ended go to its channel; the others to main.
  const byChannel = new Map<string, Stream[]>();
  for (const s of buildSeq(plan, bctx, [gate])) {
    const name = outputChannelOf(s) ?? 'main';
    const list = byChannel.get(name);
    if (list === undefined) byChannel.set(name, [s]);
    else list.push(s);
  }
  // main first, then the others in the order their outputs come in the plan.
  const channels = [...byChannel]
    .sort(([a], [b]) => (a === 'main' ? -1 : b === 'main' ? 1 : 0))
    .map(([name, streams]) => ({ name, stream: streams.length === 1 ? streams[0]! : combineOp(opctx, streams) }));
  let ran = false;
  const start = (inp: AsyncIterable<Batch>): void => {
    if (ran) throw new InternalError('A compiled query runs once');
    ran = true;
    input = inp;
  };
  // Every channel's batches, tagged (one channel has no merging to do).
  const tagged = async function* (): AsyncGenerator<ChannelBatch> {
    if (channels.length > 1) {
      yield* muxOp(opctx, channels);
      return;
    }
    const { name, stream } = channels[0]!;
    for await (const batch of stream) yield { channel: name, batch };
    yield { channel: name, batch: null };
  };
  return {
    ...(bctx.defaultPushdown !== undefined ? { pushdown: bctx.defaultPushdown } : {}),
    pipeline: {
      channels: channels.map((c) => c.name),
      run(inp) {
        start(inp);
        if (channels.length === 1 && channels[0]!.name === 'main') return channels[0]!.stream;
        // The other channels run too (a fork feeds its branches together) but go nowhere.
        return (async function* () {
          for await (const c of tagged()) if (c.channel === 'main' && c.batch !== null) yield c.batch;
        })();
      },
      runChannels(inp) {
        start(inp);
        return tagged();
      },
    },
  };
}
