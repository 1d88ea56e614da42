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
  /** Whether the query reads its own sources (else the plan starts with a DefaultScan). */
  readonly hasSource: boolean;
  /** Whether the plan starts with a yield (Zed's StartsWithYield: a bare expression that is not a filter counts). */
  readonly startsWithYield: boolean;
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

/**
 * Whether the query reads its own sources: its first operator (inside a
 * leading scope, or a leading fork's first path, as Zed decides) is a source.
 */
export function startsWithSource(seq: ast.Seq): boolean {
  const op = seq[0];
  if (op === undefined) return false;
  if (op.kind === 'Scope') return startsWithSource(op.body);
  if (op.kind === 'Parallel') return op.paths[0] !== undefined && startsWithSource(op.paths[0]);
  return op.kind === 'From' || op.kind === 'Pool' || op.kind === 'File' || op.kind === 'HTTP';
}

/**
 * Whether a plan reads its own sources (Zed's HasSource, which looks at the
 * plan): a source first, inside a leading scope or a fork's first path; it
 * sees what the AST cannot, such as a user operator whose body starts with
 * `file`.
 */
export function planHasSource(seq: dag.Seq): boolean {
  const op = seq[0];
  if (op === undefined) return false;
  switch (op.kind) {
    case 'FileScan':
    case 'HTTPScan':
    case 'PoolScan':
      return true;
    case 'Scope':
      return planHasSource(op.body);
    case 'Fork':
      return op.paths[0] !== undefined && planHasSource(op.paths[0]);
    default:
      return false;
  }
}

/** Whether a plan's first operator (inside a leading scope) is a yield. */
function planStartsWithYield(seq: dag.Seq): boolean {
  const op = seq[0];
  if (op === undefined) return false;
  if (op.kind === 'Scope') return planStartsWithYield(op.body);
  return op.kind === 'Yield';
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
  const hasSource = startsWithSource(query) || planHasSource(plan);
  return {
    seq: hasSource ? plan : withDefaultScan(plan),
    hasSource,
    startsWithYield: planStartsWithYield(plan),
    funcs: sem.funcs,
    slots: sem.slots.next,
    literals: sem.literals,
  };
}

/** Analyzes a lone expression (in an empty scope), for tools and tests. */
export function analyzeExpr(e: ast.Expr, opts: AnalyzeOptions): Analysis & { expr: dag.Expr } {
  const sem = newSem(opts);
  const expr = semExpr(e, rootScope(sem.slots), sem);
  return { seq: [], hasSource: false, startsWithYield: false, expr, funcs: sem.funcs, slots: sem.slots.next, literals: sem.literals };
}
