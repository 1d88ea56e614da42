// Compiles query text into a runnable pipeline: parse once, then build the
// operator graph with every expression compiled to a closure. Compile errors
// (syntax and semantic) are thrown here, before any input is read.

import type { Batch, TypeContext } from '../zed/index.js';
import type { Pipeline } from '../runtime/index.js';
import { createEvalContext } from '../runtime/expr/context.js';
import { combineOp } from '../runtime/op/combine.js';
import type { OpContext, Stream } from '../runtime/op/types.js';
import type * as ast from './ast/index.js';
import { parseQuery } from './parser/index.js';
import { buildSeq, lateralHook, type BuildContext } from './kernel/seq.js';
import { newEnv } from './kernel/env.js';
import { noSources, type SourceResolver } from './kernel/source.js';

export interface CompileOptions {
  readonly zctx: TypeContext;
  readonly sources?: SourceResolver;
  readonly memoryLimit?: number;
  readonly spillStore?: OpContext['spillStore'];
  readonly warn?: (msg: string) => void;
}

export interface CompiledQuery {
  readonly text: string;
  readonly ast: ast.Seq;
  readonly pipeline: Pipeline;
  /** True when the query reads its own sources (from, file, get, pool). */
  readonly hasSource: boolean;
  /** True when the query starts with yield (zq then runs it on one null). */
  readonly startsWithYield: boolean;
  /** When the query starts with a search for one bare word: that word, for input prefilters. */
  readonly searchTerm?: string;
}

/** The bare word a query's first operator searches for, if that is all it does. */
function leadingSearchTerm(op: ast.Op | undefined): string | undefined {
  if (op === undefined || (op.kind !== 'Search' && op.kind !== 'OpExpr')) return undefined;
  const e = op.expr;
  if (e.kind !== 'Term' || e.value.kind !== 'Primitive' || e.value.type !== 'string') return undefined;
  return e.value.text;
}

function firstOp(seq: ast.Seq): ast.Op | undefined {
  const op = seq[0];
  return op !== undefined && op.kind === 'Scope' ? firstOp(op.body) : op;
}

export function compile(text: string, opts: CompileOptions): CompiledQuery {
  const seq = parseQuery(text);
  const first = firstOp(seq);
  const hasSource = first !== undefined && ['From', 'Pool', 'File', 'HTTP'].includes(first.kind);
  const opctx: OpContext = {
    zctx: opts.zctx,
    warn: opts.warn ?? (() => {}),
    ...(opts.memoryLimit !== undefined ? { memoryLimit: opts.memoryLimit } : {}),
    ...(opts.spillStore !== undefined ? { spillStore: opts.spillStore } : {}),
  };
  const env = newEnv(createEvalContext(opts.zctx));
  const bctx: BuildContext = { op: opctx, sources: opts.sources ?? noSources, userOps: new WeakMap(), expanding: [], laterals: [] };
  env.compileLateral = lateralHook(bctx);
  // Build once up front so compile errors surface now; run() uses this graph.
  let input: AsyncIterable<Batch> | null = null;
  const gate: Stream = {
    [Symbol.asyncIterator]() {
      if (input === null) throw new Error('pipeline run before its input was set');
      return input[Symbol.asyncIterator]();
    },
  };
  const outs = buildSeq(seq, env, bctx, [gate]);
  const out = outs.length === 1 ? outs[0]! : combineOp(opctx, outs);
  let ran = false;
  return {
    text,
    ast: seq,
    hasSource,
    startsWithYield: first?.kind === 'Yield',
    ...(leadingSearchTerm(first) !== undefined ? { searchTerm: leadingSearchTerm(first)! } : {}),
    pipeline: {
      run(inp) {
        if (ran) throw new Error('a compiled query runs once');
        ran = true;
        input = inp;
        return out;
      },
    },
  };
}
