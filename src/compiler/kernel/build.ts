// Builds the operator graph of a plan (Zed's compiler/kernel): each plan
// operator becomes a stream transformer over batches, with its expressions
// compiled once to closures. Fork and switch fan out and the next operator
// that needs one input combines their outputs, as in Zed's flowgraphs.

import type * as dag from '../dag/index.js';
import { isScan, leadingOp } from '../dag/index.js';
import {
  assertOp,
  type Assignment as OpAssignment,
  combineOp,
  cutOp,
  dropOp,
  explodeOp,
  exprSwitchOp,
  filterOp,
  forkOp,
  headOp,
  mergeOp,
  type OpContext,
  type PartialSink,
  passOp,
  type PipelineFn,
  putOp,
  renameOp,
  type SortKey,
  sortLimitOp,
  sortOp,
  type Stream,
  switchOp,
  tailOp,
  topOp,
  uniqOp,
  yieldOp,
} from '../../runtime/op/index.js';
import { InternalError, InvalidError } from '../../errors/index.js';
import { CompileError, UnsupportedExprError } from '../errors.js';
import type { Env, Evaluator } from './env.js';
import { compileExpr, constValue } from './expr.js';
import { buildExtraOp } from './extra-ops.js';
import { compileLateralExpr, withLaterals, type LateralSlot } from './lateral.js';
import type { Value } from '../../zed/index.js';
import { isPure } from '../optimizer/fields.js';
import { foldIntoSummarize } from './fold-summarize.js';
import { boolEvaluator, buildScan, type ScanBuild } from './scan.js';
import type { Pushdown, SourceResolver } from './source.js';
import { buildSummarize } from './summarize.js';

/** What building a plan needs beyond its expressions' environment. */
export interface BuildContext {
  readonly op: OpContext;
  readonly sources: SourceResolver;
  readonly env: Env;
  /** The query's own input, which DefaultScan reads. */
  readonly input: Stream;
  /** The pushdown made for DefaultScan, if its filter was pushed there. */
  defaultPushdown?: Pushdown;
  /** Lateral expressions compiled for the operator being built. */
  laterals: LateralSlot[];
  /** The plan's leading pool scan and the top-level fields the plan reads of its values (see poolScanFields). */
  scanFields?: { readonly scan: dag.PoolScan; readonly fields: readonly string[] };
}

/** The channel of each stream an `output` operator ended. */
const outputChannels = new WeakMap<Stream, string>();

/** `s` as the output of channel `name`: later operators leave it alone. */
function asOutput(s: Stream, name: string): Stream {
  const out: Stream = { [Symbol.asyncIterator]: () => s[Symbol.asyncIterator]() };
  outputChannels.set(out, name);
  return out;
}

/** The channel of `s` when an `output` operator ended it, else undefined. */
export function outputChannelOf(s: Stream): string | undefined {
  return outputChannels.get(s);
}

/**
 * The index of a Tail that follows the scan at `at` after one or more
 * operators that each map a value to values of its own, keeping no state
 * (pure expressions: see isPure), else null.
 */
function tailThroughEach(seq: dag.Seq, at: number): number | null {
  let i = at + 1;
  for (; i < seq.length; i++) {
    const op = seq[i]!;
    if (op.kind === 'Tail') return i > at + 1 ? i : null;
    if (!mapsEachValue(op)) return null;
  }
  return null;
}

function mapsEachValue(op: dag.Op): boolean {
  switch (op.kind) {
    case 'Filter':
      return isPure(op.expr);
    case 'Cut':
    case 'Put':
      return op.args.every((a) => isPure(a.lhs) && isPure(a.rhs));
    case 'Yield':
      return op.exprs.every(isPure);
    case 'Rename':
    case 'Drop':
      return true;
    default:
      return false;
  }
}

/** Builds a sequence over `inputs` (several when a fork or switch precedes). */
export function buildSeq(seq: dag.Seq, bctx: BuildContext, inputs: Stream[]): Stream[] {
  let streams = inputs;
  for (let i = 0; i < seq.length; i++) {
    const op = seq[i]!;
    // Outputs are done: they pass every later operator by (a debug tap
    // inside a branch whose sequence goes on, for one).
    const ended = streams.filter((s) => outputChannels.has(s));
    if (ended.length > 0) {
      const live = streams.filter((s) => !outputChannels.has(s));
      if (live.length === 0) return streams;
      return [...buildSeq(seq.slice(i), bctx, live), ...ended];
    }
    if (isScan(op)) {
      // A tail after operators that map each value to values of its own:
      // the source may run them over its last values only.
      const tailAt = tailThroughEach(seq, i);
      const tail = bctx.sources.tail;
      if (tailAt !== null && op.kind === 'PoolScan' && op.filter === null && tail !== undefined) {
        const mid = seq.slice(i + 1, tailAt);
        const each = (s: Stream): Stream => one(buildSeq(mid, bctx, [s]), bctx);
        const last = tail.call(bctx.sources, op.source, bctx.env, (seq[tailAt] as dag.Tail).count, each);
        if (last !== null) {
          streams = [last];
          i = tailAt - 1;
          continue;
        }
      }
      const summarizeOp = (s: dag.Summarize, parent: Stream | null, feed?: (sink: PartialSink) => Stream): Stream => buildSummarize(s, bctx.env, bctx.op, parent, feed);
      // A summarize after a put or yield may fold through it (fold-summarize.ts).
      const mid = seq[i + 1];
      const after = seq[i + 2];
      if (op.kind === 'PoolScan' && (mid?.kind === 'Put' || mid?.kind === 'Yield') && after?.kind === 'Summarize') {
        const summarize = foldIntoSummarize(mid, after);
        if (summarize !== null) {
          const built = buildScan(op, after, bctx, summarizeOp, undefined, { summarize, through: (s) => one(buildSeq([mid], bctx, [s]), bctx) });
          streams = [built.stream];
          // The put or yield and the summarize, both built in; else the
          // scan alone, and they are built next as written.
          if (built.consumedNext) i += 2;
          continue;
        }
      }
      const next = seq[i + 1];
      const built: ScanBuild = buildScan(
        op,
        next?.kind === 'Summarize' || next?.kind === 'SortLimit' || next?.kind === 'Sort' || next?.kind === 'Tail' ? next : undefined,
        bctx,
        summarizeOp,
        (s, parent) => sortOp(bctx.op, parent, sortKeys(s.args, bctx.env), { nullsFirst: s.nullsFirst, reverse: s.reverse }),
      );
      streams = [built.stream];
      if (built.consumedNext) i++;
      continue;
    }
    // Lateral expressions in this operator's expressions register here; the
    // step that evaluates them is put in front of the operator lazily, so it
    // sees every slot compiled while the operator was built.
    const saved = bctx.laterals;
    const slots: LateralSlot[] = [];
    bctx.laterals = slots;
    try {
      const fed = streams.map((s) => lazyLaterals(bctx.op, s, slots));
      streams = buildOp(op, bctx, fed);
    } finally {
      bctx.laterals = saved;
    }
  }
  return streams;
}

function lazyLaterals(ctx: OpContext, s: Stream, slots: LateralSlot[]): Stream {
  return {
    [Symbol.asyncIterator]() {
      return (slots.length === 0 ? s : withLaterals(ctx, s, slots))[Symbol.asyncIterator]();
    },
  };
}

/** The hook the expression compiler calls for `(over ... | ...)`. */
export function lateralHook(bctx: BuildContext): (node: dag.OverExpr, env: Env) => Evaluator {
  return (node, env) => compileLateralExpr(node, env, bctx.laterals, (body, input) => one(buildSeq(body, bctx, [input]), bctx));
}

export function one(streams: Stream[], bctx: BuildContext): Stream {
  if (streams.length === 1) return streams[0]!;
  return combineOp(bctx.op, streams);
}

export function pipelineFn(seq: dag.Seq, bctx: BuildContext): PipelineFn {
  if (seq.length === 0) return (input) => input;
  return (input) => one(buildSeq(seq, bctx, [input]), bctx);
}

export function assignments(args: readonly dag.Assignment[], env: Env): OpAssignment[] {
  return args.map((a) => ({ lhs: a.lhs.path, rhs: compileExpr(a.rhs, env), ...(a.rhs.kind === 'This' ? { from: a.rhs.path } : {}) }));
}

/** The value of a constant the semantic pass made (a switch case). */
function literalOf(e: dag.Expr, env: Env): Value {
  const v = constValue(e, env);
  if (v === null) throw new InvalidError(`Plan has a switch case that is not a literal: ${e.kind}`);
  return v;
}

function sortKeys(args: readonly dag.SortExpr[], env: Env): SortKey[] {
  return args.map((a) => ({ expr: compileExpr(a.key, env), order: a.order }));
}

/**
 * Fork: each path that starts with a scan reads its own source; the others
 * share the input (directly when only one does).
 */
function buildFork(op: dag.Fork, bctx: BuildContext, inputs: Stream[]): Stream[] {
  const out: Stream[] = new Array<Stream>(op.paths.length);
  const fed: number[] = [];
  op.paths.forEach((p, i) => {
    const lead = leadingOp(p);
    if (lead !== undefined && isScan(lead)) out[i] = one(buildSeq(p, bctx, []), bctx);
    else fed.push(i);
  });
  if (fed.length === 1) {
    out[fed[0]!] = one(buildSeq(op.paths[fed[0]!]!, bctx, [one(inputs, bctx)]), bctx);
  } else if (fed.length > 1) {
    const branches = forkOp(bctx.op, one(inputs, bctx), fed.map((i) => pipelineFn(op.paths[i]!, bctx)));
    fed.forEach((i, k) => (out[i] = branches[k]!));
  }
  return out;
}

function buildOp(op: dag.Op, bctx: BuildContext, inputs: Stream[]): Stream[] {
  const ctx = bctx.op;
  const env = bctx.env;
  switch (op.kind) {
    case 'DefaultScan':
    case 'FileScan':
    case 'HTTPScan':
    case 'PoolScan':
      // buildSeq builds scans itself.
      throw new InternalError(`Scan ${op.kind} built as an operator`);
    case 'Scope':
      return buildSeq(op.body, bctx, inputs);
    case 'Fork':
      return buildFork(op, bctx, inputs);
    case 'Switch': {
      const parent = one(inputs, bctx);
      if (op.expr === null) {
        return switchOp(
          ctx,
          parent,
          op.cases.map((c) => ({ expr: c.expr === null ? null : compileExpr(c.expr, env), branch: pipelineFn(c.path, bctx) })),
        );
      }
      const sel = compileExpr(op.expr, env);
      return exprSwitchOp(
        ctx,
        parent,
        sel,
        op.cases.map((c) => ({ value: c.expr === null ? null : literalOf(c.expr, env), branch: pipelineFn(c.path, bctx) })),
      );
    }
    case 'Filter':
      return [filterOp(ctx, one(inputs, bctx), boolEvaluator(op.expr, env))];
    case 'Pass':
      return inputs.map((s) => passOp(ctx, s));
    case 'Output':
      return inputs.map((s) => asOutput(s, op.name));
    case 'Assert':
      return [assertOp(ctx, one(inputs, bctx), compileExpr(op.expr, env), op.text)];
    case 'Sort':
      return [sortOp(ctx, one(inputs, bctx), sortKeys(op.args, env), { nullsFirst: op.nullsFirst, reverse: op.reverse })];
    case 'SortLimit':
      return [
        sortLimitOp(ctx, one(inputs, bctx), sortKeys(op.args, env), { nullsFirst: op.nullsFirst, reverse: op.reverse }, op.limit),
      ];
    case 'Top': {
      const keys = op.args === null ? null : op.args.map((a) => compileExpr(a, env));
      return [topOp(ctx, one(inputs, bctx), op.limit, keys, op.flush)];
    }
    case 'Cut':
      return [cutOp(ctx, one(inputs, bctx), assignments(op.args, env))];
    case 'Drop':
      return [dropOp(ctx, one(inputs, bctx), op.args.map((a) => [...a.path]))];
    case 'Head':
      return [headOp(ctx, one(inputs, bctx), op.count)];
    case 'Tail':
      return [tailOp(ctx, one(inputs, bctx), op.count)];
    case 'Uniq':
      return [uniqOp(ctx, one(inputs, bctx), op.cflag)];
    case 'Put':
      return [putOp(ctx, one(inputs, bctx), assignments(op.args, env))];
    case 'Rename':
      return [renameOp(ctx, one(inputs, bctx), op.args.map((a) => ({ dst: [...a.lhs.path], src: [...a.rhs.path] })))];
    case 'Explode':
      return [explodeOp(ctx, one(inputs, bctx), op.args.map((a) => compileExpr(a, env)), env.literals.type(op.type), op.as)];
    case 'Merge':
      return [mergeOp(ctx, inputs, compileExpr(op.expr, env))];
    case 'Yield':
      return [yieldOp(ctx, one(inputs, bctx), op.exprs.map((e) => compileExpr(e, env)))];
    case 'Summarize':
      return [buildSummarize(op, env, ctx, one(inputs, bctx))];
    case 'Load': {
      const load = bctx.sources.load;
      if (load === undefined) throw new CompileError('load operator cannot be used without a lake', null);
      const target = { pool: op.pool, branch: op.branch, author: op.author, message: op.message, meta: op.meta };
      return [load.call(bctx.sources, target, one(inputs, bctx))];
    }
    case 'Fuse':
    case 'Shape':
    case 'Sample':
    case 'Join':
    case 'Over':
      return buildExtraOp(op, bctx, inputs);
    default: {
      const never: never = op;
      throw new UnsupportedExprError(`unsupported operator ${(never as dag.Op).kind}`, null);
    }
  }
}
