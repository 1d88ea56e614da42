// Operators: AST to plan, one sequence at a time. Each operator's output
// count (fan-out) is tracked as the kernel will wire it: fork, switch and
// multi-source `from` fan out; pass keeps its inputs apart; the next
// operator that needs one input combines them. Shortcuts are decided here
// (a bare Boolean is a filter, a bare aggregate a summarize, ...), user
// operators are expanded in place, and declarations open scopes.

import { NullValue, TypeString, elements, underlying } from '../../zed/index.js';
import { decodeUtf8 } from '../../util/utf8.js';
import { constEnv } from '../kernel/env.js';
import { compileExpr } from '../kernel/expr.js';
import type * as ast from '../ast/index.js';
import type * as dag from '../dag/index.js';
import { CompileError, UnsupportedExprError } from '../errors.js';
import type { Sem } from './context.js';
import { declare } from './decl.js';
import { semDefs, semExpr, semId } from './expr.js';
import { isBool } from './is-bool.js';
import { constValue, literal } from './literal.js';
import { assignmentPath, inferPath, lvalPath, thisNode, thisPath } from './lval.js';
import type { Scope } from './scope.js';
import { isAggCall, semSummarize, toAggAssignment } from './summarize.js';
import { semType } from './type.js';
import { callUserOp } from './user-op.js';

export interface SeqPlan {
  readonly seq: dag.Op[];
  /** How many output streams the sequence has. */
  readonly fanOut: number;
}

/** Analyzes `seq` over `fanIn` input streams. */
export function semSeq(seq: ast.Seq, scope: Scope, sem: Sem, fanIn = 1): SeqPlan {
  const out: dag.Op[] = [];
  let n = fanIn;
  for (let i = 0; i < seq.length; i++) {
    const op = seq[i]!;
    if (op.kind === 'Debug') {
      // Zed's debug: the values go on through the rest of the sequence and,
      // beside it, through the expression (default this) to channel "debug".
      const expr: dag.Expr = op.expr === null ? { kind: 'This', path: [] } : semExpr(op.expr, scope, sem);
      const rest = semSeq(seq.slice(i + 1), scope, sem);
      out.push({
        kind: 'Fork',
        paths: [rest.seq.length === 0 ? [{ kind: 'Pass' }] : rest.seq, [{ kind: 'Yield', exprs: [expr] }, { kind: 'Output', name: 'debug' }]],
      });
      return { seq: out, fanOut: rest.fanOut };
    }
    n = semOp(op, scope, sem, out, n);
  }
  return { seq: out, fanOut: n };
}

/** Appends the plan of `op` (over `n` inputs) to `out`; returns its fan-out. */
function semOp(op: ast.Op, scope: Scope, sem: Sem, out: dag.Op[], n: number): number {
  switch (op.kind) {
    case 'Scope': {
      const inner = scope.child();
      for (const d of op.decls) declare(d, inner, sem);
      const body = semSeq(op.body, inner, sem, n);
      out.push({
        kind: 'Scope',
        consts: inner.constDefs,
        types: inner.typeDefs,
        funcs: inner.funcInfos.flatMap((f) => (f.plan === null ? [] : [f.plan])),
        body: body.seq,
      });
      return body.fanOut;
    }
    case 'Parallel':
      out.push({ kind: 'Fork', paths: op.paths.map((p) => semSeq(p, scope, sem).seq) });
      return op.paths.length;
    case 'Switch':
      out.push(semSwitch(op, scope, sem));
      return op.cases.length;
    case 'From':
      return semFrom(op, scope, sem, out);
    case 'Pool':
    case 'File':
    case 'HTTP':
      out.push(scanOf(op, scope, sem));
      return 1;
    case 'Pass':
      out.push({ kind: 'Pass' });
      return n;
    case 'Debug':
      throw new CompileError('debug: handled by its sequence', op.loc);
    case 'Output':
      out.push({ kind: 'Output', name: op.name.name });
      return n;
    case 'Assert':
      out.push({ kind: 'Assert', expr: semExpr(op.expr, scope, sem), text: op.text });
      return 1;
    case 'Sort':
      out.push({ kind: 'Sort', args: sortExprs(op.args, scope, sem), nullsFirst: op.nullsFirst, reverse: op.reverse });
      return 1;
    case 'Top': {
      const limit = op.limit === null ? 0 : countOf(op.limit, scope, sem, 'top');
      const args = op.args.length === 0 ? null : op.args.map((a) => semExpr(a, scope, sem));
      out.push({ kind: 'Top', limit, args, flush: op.flush });
      return 1;
    }
    case 'Cut':
      out.push({ kind: 'Cut', args: assignments(op.args, scope, sem) });
      return 1;
    case 'Drop':
      out.push({ kind: 'Drop', args: op.args.map((a) => thisNode(lvalPath(a, scope, sem))) });
      return 1;
    case 'Head':
      out.push({ kind: 'Head', count: countOf(op.count, scope, sem, 'head') });
      return 1;
    case 'Tail':
      out.push({ kind: 'Tail', count: countOf(op.count, scope, sem, 'tail') });
      return 1;
    case 'Where':
    case 'Search':
      out.push({ kind: 'Filter', expr: semExpr(op.expr, scope, sem) });
      return 1;
    case 'Uniq':
      out.push({ kind: 'Uniq', cflag: op.cflag });
      return 1;
    case 'Put':
      out.push({ kind: 'Put', args: assignments(op.args, scope, sem) });
      return 1;
    case 'Rename':
      out.push({
        kind: 'Rename',
        args: op.args.map((a) => {
          if (a.lhs === null) throw new CompileError('rename: missing target', a.loc);
          return { lhs: thisNode(assignmentPath(a.lhs, scope, sem)), rhs: thisNode(assignmentPath(a.rhs, scope, sem)) };
        }),
      });
      return 1;
    case 'Fuse':
      out.push({ kind: 'Fuse' });
      return 1;
    case 'Shape':
      out.push({ kind: 'Shape' });
      return 1;
    case 'Sample':
      out.push({ kind: 'Sample', expr: op.expr === null ? null : semExpr(op.expr, scope, sem) });
      return 1;
    case 'Explode': {
      const as = op.as === null ? 'value' : (lvalPath(op.as, scope, sem)[0] ?? 'value');
      const args = op.args.map((a) => semExpr(a, scope, sem));
      out.push({ kind: 'Explode', args, type: sem.literals.typeText(semType(op.type, scope, sem)), as });
      return 1;
    }
    case 'Merge':
      out.push({ kind: 'Merge', expr: semExpr(op.expr, scope, sem) });
      return 1;
    case 'Yield':
      out.push({ kind: 'Yield', exprs: op.exprs.map((e) => semExpr(e, scope, sem)) });
      return 1;
    case 'Summarize':
      out.push(semSummarize(op.keys, op.aggs, op.limit, scope, sem));
      return 1;
    case 'OpAssignment': {
      if (op.assignments.every((a) => isAggCall(a.rhs, scope))) {
        out.push(semSummarize([], op.assignments.map(toAggAssignment), 0, scope, sem));
      } else {
        out.push({ kind: 'Put', args: assignments(op.assignments, scope, sem) });
      }
      return 1;
    }
    case 'OpExpr':
      return semOpExpr(op, scope, sem, out, n);
    case 'Join':
      return semJoin(op, scope, sem, out, n);
    case 'Over': {
      const exprs = op.exprs.map((e) => semExpr(e, scope, sem));
      if (op.body === null) {
        out.push({ kind: 'Over', defs: [], exprs, body: null });
        return 1;
      }
      const inner = scope.child();
      const defs = semDefs(op.locals, scope, inner, sem);
      out.push({ kind: 'Over', defs, exprs, body: semSeq(op.body, inner, sem).seq });
      return 1;
    }
    case 'Load':
      if (!sem.canLoad) throw new CompileError('load operator cannot be used without a lake', op.loc);
      out.push({ kind: 'Load', pool: op.pool, branch: op.branch ?? 'main', author: op.author, message: op.message, meta: op.meta });
      return 1;
    default: {
      const never: never = op;
      throw new UnsupportedExprError(`unsupported operator ${(never as ast.Op).kind}`, null);
    }
  }
}

function semSwitch(op: ast.Switch, scope: Scope, sem: Sem): dag.Switch {
  if (op.expr === null) {
    return {
      kind: 'Switch',
      expr: null,
      cases: op.cases.map((c) => ({ expr: c.expr === null ? null : semExpr(c.expr, scope, sem), path: semSeq(c.path, scope, sem).seq })),
    };
  }
  const expr = semExpr(op.expr, scope, sem);
  return {
    kind: 'Switch',
    expr,
    cases: op.cases.map((c) => {
      if (c.expr === null) return { expr: null, path: semSeq(c.path, scope, sem).seq };
      const v = constValue(c.expr, scope, sem);
      if (v === null) throw new CompileError('switch case is not a constant expression', c.expr.loc);
      return { expr: literal(v, sem), path: semSeq(c.path, scope, sem).seq };
    }),
  };
}

/** `from ( trunk ... )`: one path per trunk, each reading its own source (`pass` reads the input). */
function semFrom(op: ast.From, scope: Scope, sem: Sem, out: dag.Op[]): number {
  const paths = op.trunks.map((t) => {
    const head: dag.Op = t.source.kind === 'Pass' ? { kind: 'Pass' } : scanOf(t.source, scope, sem);
    const rest = t.seq === null ? { seq: [], fanOut: 1 } : semSeq(t.seq, scope, sem);
    return { seq: [head, ...rest.seq], fanOut: rest.fanOut };
  });
  const only = paths[0];
  if (paths.length === 1 && only !== undefined && only.fanOut === 1) {
    out.push(...only.seq);
    return 1;
  }
  out.push({ kind: 'Fork', paths: paths.map((p) => p.seq) });
  return paths.length;
}

/** The order a `file` or `get` source declares, as far as its keys are field paths. */
function sortFacts(keys: readonly ast.SortExpr[], scope: Scope, sem: Sem): dag.SortKey[] {
  const facts: dag.SortKey[] = [];
  for (const k of keys) {
    const path = thisPath(k.expr, scope, sem);
    if (path === null) break;
    facts.push({ path, order: k.order ?? 'asc' });
  }
  return facts;
}

function scanOf(src: ast.Pool | ast.File | ast.HTTP, scope: Scope, sem: Sem): dag.Scan {
  switch (src.kind) {
    case 'Pool':
      return { kind: 'PoolScan', source: src, filter: null };
    case 'File': {
      const resolved = src.path.kind === 'String' ? { path: maybeStringConst(src.path.text, src.path.loc, scope) } : undefined;
      const source = resolved === undefined ? src : { ...src, resolved };
      return { kind: 'FileScan', source, sortKeys: sortFacts(src.sortKeys, scope, sem), filter: null };
    }
    case 'HTTP':
      return { kind: 'HTTPScan', source: resolveHttp(src, scope, sem), sortKeys: sortFacts(src.sortKeys, scope, sem), filter: null };
  }
}

/** A bare word naming a source is a constant's string value when a constant has that name (Zed's maybeStringConst). */
function maybeStringConst(name: string, loc: ast.Loc, scope: Scope): string {
  const c = scope.lookupConst(name);
  if (c === undefined) return name;
  if (c.value.type.id !== TypeString.id) throw new CompileError(`${name}: string value required`, loc);
  return c.value.asString();
}

/** The URL and the headers' values of `get`, checked as Zed's semantic pass checks them. */
function resolveHttp(src: ast.HTTP, scope: Scope, sem: Sem): ast.HTTP {
  let url: string;
  switch (src.url.kind) {
    case 'QuotedString':
      url = src.url.text;
      break;
    case 'String':
      url = maybeStringConst(src.url.text, src.url.loc, scope);
      break;
    default:
      throw new CompileError(`invalid URL ${src.url.pattern}`, src.url.loc);
  }
  if (!url.startsWith('http://') && !url.startsWith('https://')) throw new CompileError(`invalid URL ${url}`, src.url.loc);
  const headers = src.headers === null ? {} : headerValues(src.headers, scope, sem);
  return { ...src, resolved: { url, headers } };
}

/** `headers {name: [values]}`: a record of string arrays or sets, evaluated now. */
function headerValues(e: ast.RecordExpr, scope: Scope, sem: Sem): Record<string, string[]> {
  const v = compileExpr(semExpr(e, scope, sem), constEnv(sem.ectx, sem.literals, sem.funcs, sem.slots.next))(NullValue);
  const t = underlying(v.type);
  if (t.kind !== 'record') throw new CompileError('headers value must be a record', e.loc);
  const out: Record<string, string[]> = {};
  const fields = v.bytes === null ? [] : elements(v.bytes);
  t.fields.forEach((f, i) => {
    const ft = underlying(f.type);
    if ((ft.kind !== 'array' && ft.kind !== 'set') || underlying(ft.elem).id !== TypeString.id) {
      throw new CompileError('headers field value must be an array or set of strings', e.loc);
    }
    const body = fields[i];
    if (body === null || body === undefined) return;
    for (const s of elements(body)) if (s !== null) (out[f.name] ??= []).push(decodeUtf8(s));
  });
  return out;
}

/** `join` joins the two outputs before it; `join (seq)` joins its input with seq's output. */
function semJoin(op: ast.Join, scope: Scope, sem: Sem, out: dag.Op[], n: number): number {
  if (op.rightInput !== null) {
    out.push({ kind: 'Fork', paths: [[{ kind: 'Pass' }], semSeq(op.rightInput, scope, sem).seq] });
  } else if (n !== 2) {
    throw new CompileError('join requires two inputs', op.loc);
  }
  const leftKey = semExpr(op.leftKey, scope, sem);
  const rightKey = op.rightKey === null ? leftKey : semExpr(op.rightKey, scope, sem);
  out.push({ kind: 'Join', style: op.style, leftKey, rightKey, args: assignments(op.args, scope, sem) });
  return 1;
}

/**
 * A bare expression (Zed's semOpExpr): a user op call, an aggregation (a
 * summarize whose single result is yielded bare), a filter when the
 * expression is Boolean, and otherwise an implied yield.
 */
function semOpExpr(op: ast.OpExpr, scope: Scope, sem: Sem, out: dag.Op[], n: number): number {
  const e = op.expr;
  if (e.kind === 'Call') {
    const userOp = scope.lookupOp(e.name.name);
    if (userOp !== undefined) return callUserOp(userOp, e, sem, out, n);
    if (isAggCall(e, scope)) {
      const agg = toAggAssignment({ kind: 'Assignment', lhs: null, rhs: e, loc: e.loc });
      out.push(semSummarize([], [agg], 0, scope, sem));
      out.push({ kind: 'Yield', exprs: [semId(e.name.name, scope, sem)] });
      return 1;
    }
  }
  if (isBool(e, scope)) {
    out.push({ kind: 'Filter', expr: semExpr(e, scope, sem) });
    return 1;
  }
  out.push({ kind: 'Yield', exprs: [semExpr(e, scope, sem)] });
  return 1;
}

function countOf(e: ast.Expr | null, scope: Scope, sem: Sem, what: string): number {
  if (e === null) return 1;
  const v = constValue(e, scope, sem);
  const t = v === null ? null : underlying(v.type);
  if (v === null || t === null || t.kind !== 'primitive' || t.id > 9 || v.bytes === null) {
    throw new CompileError(`${what}: expression value must be an integer constant`, e.loc);
  }
  return v.type.id <= 3 ? v.asUintNumber() : v.asIntNumber();
}

function assignments(args: readonly ast.Assignment[], scope: Scope, sem: Sem): dag.Assignment[] {
  return args.map((a) => {
    const rhs = semExpr(a.rhs, scope, sem);
    const path = a.lhs === null ? inferPath(a.rhs, scope, sem) : assignmentPath(a.lhs, scope, sem);
    return { kind: 'Assignment', lhs: thisNode(path), rhs };
  });
}

function sortExprs(args: readonly ast.SortExpr[], scope: Scope, sem: Sem): dag.SortExpr[] {
  return args.map((a) => ({ key: semExpr(a.expr, scope, sem), order: a.order ?? 'asc' }));
}
