// Builds the operator graph of a parsed query: each AST operator becomes a
// stream transformer over batches, with its expressions compiled once to
// closures. Declarations open scopes; fork/switch fan out and the next
// operator combines their outputs, as in Zed's flowgraphs.

import type * as ast from '../ast/index.js';
import { lookupAggregate } from '../../runtime/agg/index.js';
import { lookupFunction } from '../../runtime/function/index.js';
import type { OpContext, PipelineFn, Stream, Assignment as OpAssignment, SortKey } from '../../runtime/op/types.js';
import { passOp } from '../../runtime/op/pass.js';
import { assertOp } from '../../runtime/op/assert.js';
import { combineOp } from '../../runtime/op/combine.js';
import { cutOp } from '../../runtime/op/cut.js';
import { dropOp } from '../../runtime/op/drop.js';
import { explodeOp } from '../../runtime/op/explode.js';
import { filterOp } from '../../runtime/op/filter.js';
import { forkOp } from '../../runtime/op/fork.js';
import { headOp } from '../../runtime/op/head.js';
import { mergeOp } from '../../runtime/op/merge.js';
import { putOp } from '../../runtime/op/put.js';
import { renameOp } from '../../runtime/op/rename.js';
import { sortOp } from '../../runtime/op/sort.js';
import { sortLimitOp } from '../../runtime/op/sort-limit.js';
import { switchOp } from '../../runtime/op/switch.js';
import { exprSwitchOp } from '../../runtime/op/expr-switch.js';
import { tailOp } from '../../runtime/op/tail.js';
import { topOp } from '../../runtime/op/top.js';
import { uniqOp } from '../../runtime/op/uniq.js';
import { yieldOp } from '../../runtime/op/yield.js';
import { TypeBool, Value, encodeBool, underlying } from '../../zed/index.js';
import { CompileError, UnsupportedExprError } from './errors.js';
import type { Env, Evaluator } from './env.js';
import { compileBool, compileExpr, compileSearch } from './expr.js';
import { compileAssignmentLval, compileLval } from './path.js';
import { constValue } from './literal.js';
import { compileType } from './type.js';
import { defineConst, defineType } from './decl.js';
import { buildSummarize, isAggCall } from './summarize.js';
import { extraOps } from './extra-ops.js';
import type { SourceResolver } from './source.js';
import { compileLateralExpr, withLaterals, type LateralSlot } from './lateral.js';

/** What building a query needs beyond its scope. */
export interface BuildContext {
  readonly op: OpContext;
  readonly sources: SourceResolver;
  /** User operators declared with `op`, by scope. */
  readonly userOps: WeakMap<Env, Map<string, ast.OpDecl & { env: Env }>>;
  /** Names of user ops being expanded, to report cycles as Zed does. */
  readonly expanding: string[];
  /** Lateral expressions compiled for the operator being built. */
  laterals: LateralSlot[];
}

const TRUE_VALUE = new Value(TypeBool, encodeBool(true));

/** Builds a sequence of operators over `inputs` (several when a fork or switch precedes). */
export function buildSeq(seq: ast.Seq, env: Env, bctx: BuildContext, inputs: Stream[]): Stream[] {
  let streams = inputs;
  for (let i = 0; i < seq.length; i++) {
    const op = seq[i]!;
    // sort | head N runs as one bounded operator (the plan Zed's optimizer makes too).
    const next = seq[i + 1];
    if (op.kind === 'Sort' && next !== undefined && next.kind === 'Head') {
      const n = countOf(next.count, env, 'head');
      streams = [sortLimitOp(bctx.op, one(streams, bctx), sortKeys(op.args, env), { nullsFirst: op.nullsFirst, reverse: op.reverse }, n)];
      i++;
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
      streams = buildOp(op, env, bctx, fed);
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
export function lateralHook(bctx: BuildContext): (node: ast.OverExpr, env: Env) => Evaluator {
  return (node, env) =>
    compileLateralExpr(node, env, bctx.laterals, (body, scope, input) => one(buildSeq(body, scope, bctx, [input]), bctx));
}

function one(streams: Stream[], bctx: BuildContext): Stream {
  if (streams.length === 1) return streams[0]!;
  return combineOp(bctx.op, streams);
}

function pipelineFn(seq: ast.Seq | null, env: Env, bctx: BuildContext): PipelineFn {
  if (seq === null || seq.length === 0) return (input) => input;
  return (input) => one(buildSeq(seq, env, bctx, [input]), bctx);
}

function countOf(e: ast.Expr | null, env: Env, what: string): number {
  if (e === null) return 1;
  const v = constValue(e, env);
  const t = v === null ? null : underlying(v.type);
  if (v === null || t === null || t.kind !== 'primitive' || t.id > 9 || v.bytes === null) {
    throw new CompileError(`${what}: expression value must be an integer constant`, e.loc);
  }
  return v.type.id <= 3 ? v.asUintNumber() : v.asIntNumber();
}

function assignments(args: readonly ast.Assignment[], env: Env): OpAssignment[] {
  return args.map((a) => {
    const rhs = compileExpr(a.rhs, env);
    const lhs = a.lhs === null ? inferLval(a.rhs, env) : compileAssignmentLval(a.lhs, env);
    return { lhs, rhs };
  });
}

/** Zed names an unnamed assignment after its expression: a field path, or a call's name. */
function inferLval(e: ast.Expr, env: Env): string[] {
  if (e.kind === 'ID' || (e.kind === 'BinaryExpr' && e.op === '.')) {
    try {
      const p = compileLval(e, env);
      if (p.length > 0) return p;
    } catch {
      // fall through to the generic name
    }
  }
  // quiet(x) keeps x's name (Zed's implied quiet assignment).
  if (e.kind === 'Call' && e.name.name === 'quiet' && e.args.length === 1) return inferLval(e.args[0]!, env);
  if (e.kind === 'Call') return [e.name.name];
  throw new CompileError('assignment name could not be inferred from rhs expression', e.loc);
}

function sortKeys(args: readonly ast.SortExpr[], env: Env): SortKey[] {
  return args.map((a) => ({ expr: compileExpr(a.expr, env), order: a.order ?? 'asc' }));
}

function buildOp(op: ast.Op, env: Env, bctx: BuildContext, inputs: Stream[]): Stream[] {
  const ctx = bctx.op;
  switch (op.kind) {
    case 'Scope': {
      const child = env.child();
      for (const d of op.decls) declare(d, child, bctx);
      return buildSeq(op.body, child, bctx, inputs);
    }
    case 'Parallel': {
      const parent = one(inputs, bctx);
      return forkOp(ctx, parent, op.paths.map((p) => pipelineFn(p, env, bctx)));
    }
    case 'Switch': {
      const parent = one(inputs, bctx);
      if (op.expr === null) {
        return switchOp(
          ctx,
          parent,
          op.cases.map((c) => ({ expr: c.expr === null ? null : compileExpr(c.expr, env), branch: pipelineFn(c.path, env, bctx) })),
        );
      }
      const sel = compileExpr(op.expr, env);
      return exprSwitchOp(
        ctx,
        parent,
        sel,
        op.cases.map((c) => {
          if (c.expr === null) return { value: null, branch: pipelineFn(c.path, env, bctx) };
          const v = constValue(c.expr, env);
          if (v === null) throw new CompileError('switch case is not a constant expression', c.expr.loc);
          return { value: v, branch: pipelineFn(c.path, env, bctx) };
        }),
      );
    }
    case 'From':
      return op.trunks.map((t) => {
        const src = t.source.kind === 'Pass' ? one(inputs, bctx) : bctx.sources.open(t.source, env);
        return t.seq === null ? src : one(buildSeq(t.seq, env, bctx, [src]), bctx);
      });
    case 'Pool':
    case 'File':
    case 'HTTP':
      return [bctx.sources.open(op, env)];
    case 'Pass':
      return inputs.map((s) => passOp(ctx, s));
    case 'Assert':
      return [assertOp(ctx, one(inputs, bctx), compileExpr(op.expr, env), op.text)];
    case 'Sort':
      return [sortOp(ctx, one(inputs, bctx), sortKeys(op.args, env), { nullsFirst: op.nullsFirst, reverse: op.reverse })];
    case 'Top': {
      const limit = op.limit === null ? 0 : countOf(op.limit, env, 'top');
      const keys = op.args.length === 0 ? null : op.args.map((a) => compileExpr(a, env));
      return [topOp(ctx, one(inputs, bctx), limit, keys, op.flush)];
    }
    case 'Cut':
      return [cutOp(ctx, one(inputs, bctx), assignments(op.args, env))];
    case 'Drop':
      return [dropOp(ctx, one(inputs, bctx), op.args.map((a) => compileLval(a, env)))];
    case 'Head':
      return [headOp(ctx, one(inputs, bctx), countOf(op.count, env, 'head'))];
    case 'Tail':
      return [tailOp(ctx, one(inputs, bctx), countOf(op.count, env, 'tail'))];
    case 'Where': {
      const pred = compileBool(op.expr, env);
      return [filterOp(ctx, one(inputs, bctx), boolEvaluator(pred))];
    }
    case 'Search': {
      const pred = compileSearch(op.expr, env);
      return [filterOp(ctx, one(inputs, bctx), boolEvaluator(pred))];
    }
    case 'Uniq':
      return [uniqOp(ctx, one(inputs, bctx), op.cflag)];
    case 'Put':
      return [putOp(ctx, one(inputs, bctx), assignments(op.args, env))];
    case 'Rename':
      return [
        renameOp(
          ctx,
          one(inputs, bctx),
          op.args.map((a) => {
            if (a.lhs === null) throw new CompileError('rename: missing target', a.loc);
            return { dst: compileAssignmentLval(a.lhs, env), src: compileAssignmentLval(a.rhs, env) };
          }),
        ),
      ];
    case 'Explode': {
      const as = op.as === null ? 'value' : (compileLval(op.as, env)[0] ?? 'value');
      return [explodeOp(ctx, one(inputs, bctx), op.args.map((a) => compileExpr(a, env)), compileType(op.type, env), as)];
    }
    case 'Merge':
      return [mergeOp(ctx, inputs, compileExpr(op.expr, env))];
    case 'Yield':
      return [yieldOp(ctx, one(inputs, bctx), op.exprs.map((e) => compileExpr(e, env)))];
    case 'Summarize':
      return [buildSummarize(op.keys, op.aggs, op.limit, env, ctx, one(inputs, bctx))];
    case 'OpAssignment': {
      const allAggs = op.assignments.every((a) => isAggCall(a.rhs, env));
      if (allAggs) {
        const aggs = op.assignments.map((a) => toAggAssignment(a));
        return [buildSummarize([], aggs, 0, env, ctx, one(inputs, bctx))];
      }
      return [putOp(ctx, one(inputs, bctx), assignments(op.assignments, env))];
    }
    case 'OpExpr':
      return buildOpExpr(op, env, bctx, inputs);
    case 'Fuse':
    case 'Shape':
    case 'Join':
    case 'Sample':
    case 'Over':
    case 'Load':
    case 'Output':
    case 'Debug':
      return extraOps(op, env, bctx, inputs, { one, pipelineFn, assignments });
    default: {
      const never: never = op;
      throw new UnsupportedExprError(`unsupported operator ${(never as ast.Op).kind}`, null);
    }
  }
}

function boolEvaluator(pred: (v: Value) => boolean): Evaluator {
  const FALSE_VALUE = new Value(TypeBool, encodeBool(false));
  return (v) => (pred(v) ? TRUE_VALUE : FALSE_VALUE);
}

function toAggAssignment(a: ast.Assignment): ast.AggAssignment {
  const call = a.rhs as ast.Call;
  return {
    kind: 'Assignment',
    lhs: a.lhs,
    rhs: { kind: 'Agg', name: call.name.name, expr: call.args[0] ?? null, where: call.where, loc: call.loc },
    loc: a.loc,
  } as ast.AggAssignment;
}

/**
 * A bare expression (Zed's semOpExpr): a user op call, an aggregation (a
 * summarize whose single result is yielded bare), a filter when the
 * expression is Boolean, and otherwise an implied yield.
 */
function buildOpExpr(op: ast.OpExpr, env: Env, bctx: BuildContext, inputs: Stream[]): Stream[] {
  const e = op.expr;
  if (e.kind === 'Call') {
    const userOp = lookupUserOp(e.name.name, env, bctx);
    if (userOp !== undefined) return callUserOp(userOp, e, bctx, inputs);
    if (isAggCall(e, env)) {
      const name = e.name.name;
      const agg = toAggAssignment({ kind: 'Assignment', lhs: null, rhs: e, loc: e.loc });
      const summarized = buildSummarize([], [agg], 0, env, bctx.op, one(inputs, bctx));
      const field = compileExpr({ kind: 'ID', name, loc: e.loc }, env);
      return [yieldOp(bctx.op, summarized, [field])];
    }
  }
  if (isBool(e, env)) {
    const pred = compileSearch(e, env);
    return [filterOp(bctx.op, one(inputs, bctx), boolEvaluator(pred))];
  }
  return [yieldOp(bctx.op, one(inputs, bctx), [compileExpr(e, env)])];
}

/** Zed's isBool: whether a bare expression is a filter rather than a yield. */
function isBool(e: ast.Expr, env: Env): boolean {
  switch (e.kind) {
    case 'Primitive':
      return e.type === 'bool';
    case 'Term':
    case 'Glob':
    case 'Regexp':
    case 'Grep':
      return true;
    case 'UnaryExpr':
      return isBool(e.operand, env);
    case 'BinaryExpr':
      return ['and', 'or', 'in', '==', '!=', '<', '<=', '>', '>=', '~'].includes(e.op);
    case 'Conditional':
      return isBool(e.then, env) && isBool(e.else, env);
    case 'Call': {
      const f = env.lookupFunc(e.name.name);
      if (f !== undefined) return isBool(f.body, env);
      if (e.name.name === 'cast') {
        const t = e.args[1];
        return e.args.length === 2 && t !== undefined && t.kind === 'TypeValue' && t.value.kind === 'TypePrimitive' && t.value.name === 'bool';
      }
      return lookupFunction(e.name.name)?.boolResult === true;
    }
    default:
      return false;
  }
}

function lookupUserOp(name: string, env: Env, bctx: BuildContext): (ast.OpDecl & { env: Env }) | undefined {
  for (let s: Env | null = env; s !== null; s = s.parent) {
    const d = bctx.userOps.get(s)?.get(name);
    if (d !== undefined) return d;
  }
  return undefined;
}

function callUserOp(decl: ast.OpDecl & { env: Env }, call: ast.Call, bctx: BuildContext, inputs: Stream[]): Stream[] {
  const name = decl.name.name;
  if (bctx.expanding.includes(name)) {
    const cycle = [...bctx.expanding.slice(bctx.expanding.indexOf(name)), name].join(' -> ');
    throw new CompileError(`operator cycle found: ${cycle}`, call.loc);
  }
  if (call.args.length !== decl.params.length) {
    throw new CompileError(`${name}(): expected ${decl.params.length} argument(s), got ${call.args.length}`, call.loc);
  }
  // Parameters stand for their argument expressions, as in Zed's user ops.
  const bindings = new Map<string, ast.Expr>();
  decl.params.forEach((p, i) => bindings.set(p.name, call.args[i]!));
  const body = substitute(decl.body, bindings) as ast.Seq;
  const child = decl.env.child();
  bctx.expanding.push(name);
  try {
    return buildSeq(body, child, bctx, inputs);
  } finally {
    bctx.expanding.pop();
  }
}

/** A copy of `node` with identifiers named in `bindings` replaced by their expressions. */
function substitute(node: unknown, bindings: ReadonlyMap<string, ast.Expr>): unknown {
  if (Array.isArray(node)) return node.map((n) => substitute(n, bindings));
  if (node === null || typeof node !== 'object') return node;
  const o = node as { kind?: string; name?: unknown };
  if (o.kind === 'ID' && typeof o.name === 'string') {
    const b = bindings.get(o.name);
    if (b !== undefined) return b;
  }
  if (o.kind === 'RecordExpr') {
    // A bound shorthand field {p} becomes {p:<argument>}.
    const r = node as ast.RecordExpr;
    const elems = r.elems.map((el) => {
      const b = el.kind === 'ID' ? bindings.get(el.name) : undefined;
      return b !== undefined && el.kind === 'ID' ? { kind: 'Field', name: el.name, value: b, loc: el.loc } : substitute(el, bindings);
    });
    return { ...r, elems };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'loc' ? v : substitute(v, bindings);
  return out;
}

function declare(d: ast.Decl, env: Env, bctx: BuildContext): void {
  switch (d.kind) {
    case 'ConstDecl':
      defineConst(env, d.name.name, d.expr, d.name.loc);
      return;
    case 'TypeDecl':
      defineType(env, d.name.name, d.type, d.name.loc);
      return;
    case 'FuncDecl':
      env.defineFunc(d.name.name, d.params, d.expr);
      return;
    case 'OpDecl': {
      let m = bctx.userOps.get(env);
      if (m === undefined) {
        m = new Map();
        bctx.userOps.set(env, m);
      }
      m.set(d.name.name, { ...d, env });
      return;
    }
  }
}

export { lookupAggregate, lookupFunction };
