// The semantic pass (Zed's compiler/semantic): resolves names, types,
// consts, functions and user operators, checks what the parser cannot, and
// turns the AST into a plan (dag). Errors are CompileErrors with the span
// of the node at fault.

import { checkOutputs } from './outputs.js';
import type { EvalContext } from '../../runtime/index.js';
import type * as ast from '../ast/index.js';
import type * as dag from '../dag/index.js';
import { Literals } from '../kernel/literals.js';
import type { Sem } from './context.js';
import { semExpr } from './expr.js';

export { globToRegexp } from './expr.js';
import { semSeq } from './op.js';
import { rootScope } from './scope.js';

export interface AnalyzeOptions {
  readonly ectx: EvalContext;
  /** Shared with the kernel so literals are not parsed again. */
  readonly literals?: Literals;
  /** Whether `load` may be used (the sources have a lake); default false. */
  readonly canLoad?: boolean;
}

export interface Analysis {
  readonly seq: dag.Seq;
  /** The user functions the plan calls, by id. */
  readonly funcs: ReadonlyMap<number, dag.Func>;
  /** How many frame slots the plan's locals use. */
  readonly slots: number;
  readonly literals: Literals;
}

function newSem(opts: AnalyzeOptions): Sem {
  return {
    zctx: opts.ectx.zctx,
    ectx: opts.ectx,
    literals: opts.literals ?? new Literals(opts.ectx.zctx),
    funcs: new Map(),
    nextFunc: 0,
    slots: { next: 0 },
    expanding: [],
    canLoad: opts.canLoad ?? false,
  };
}

/** Whether the query reads its own sources: its first operator (inside a leading scope) is a source. */
export function startsWithSource(seq: ast.Seq): boolean {
  const op = seq[0];
  if (op === undefined) return false;
  if (op.kind === 'Scope') return startsWithSource(op.body);
  return op.kind === 'From' || op.kind === 'Pool' || op.kind === 'File' || op.kind === 'HTTP';
}

/** Puts the query's own input in front of a plan that has no source of its own. */
function withDefaultScan(seq: dag.Seq): dag.Seq {
  const first = seq[0];
  if (first !== undefined && first.kind === 'Scope') return [{ ...first, body: withDefaultScan(first.body) }, ...seq.slice(1)];
  return [{ kind: 'DefaultScan', filter: null }, ...seq];
}

/** Analyzes a parsed query into its plan. */
export function analyze(query: ast.Seq, opts: AnalyzeOptions): Analysis {
  const sem = newSem(opts);
  checkOutputs(query);
  const plan = semSeq(query, rootScope(sem.slots), sem).seq;
  return {
    seq: startsWithSource(query) ? plan : withDefaultScan(plan),
    funcs: sem.funcs,
    slots: sem.slots.next,
    literals: sem.literals,
  };
}

/** Analyzes a lone expression (in an empty scope), for tools and tests. */
export function analyzeExpr(e: ast.Expr, opts: AnalyzeOptions): Analysis & { expr: dag.Expr } {
  const sem = newSem(opts);
  const expr = semExpr(e, rootScope(sem.slots), sem);
  return { seq: [], expr, funcs: sem.funcs, slots: sem.slots.next, literals: sem.literals };
}
