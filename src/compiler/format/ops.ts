// Canonical text of operators and sequences: one operator per line after
// `| `, implied operators named (`search`, `where`, `put`, `summarize`,
// `yield`), and the legs of `fork`, `switch`, `from` and `join` indented
// inside their parentheses.

import { InternalError } from '../../errors/index.js';
import type { Agg, Assignment, Def, Expr, Op, Scope, Seq } from '../ast/index.js';
import { formatDecl } from './decls.js';
import { Level, at, formatExpr } from './exprs.js';
import { impliedOp, isAggAssignments } from './implied.js';
import { pad, quote } from './names.js';
import { formatSearch } from './search.js';
import { formatFile, formatGet, formatPoolSpec, formatSortExprs, poolName } from './sources.js';
import { formatType } from './types.js';

/** The canonical text of a sequence whose first operator starts a line indented by `indent`. */
export function formatSeq(seq: Seq, indent: number): string {
  return seq.map((op) => formatOpAt(op, indent)).join(`\n${pad(indent)}| `);
}

/** A sequence that is the whole body of a query or an `op`: a lone scope needs no parentheses there. */
export function formatBody(seq: Seq, indent: number): string {
  const only = seq[0];
  return seq.length === 1 && only !== undefined && only.kind === 'Scope' ? formatScope(only, indent) : formatSeq(seq, indent);
}

function formatScope(s: Scope, indent: number): string {
  const decls = s.decls.map((d) => formatDecl(d, indent));
  return [...decls, formatSeq(s.body, indent)].join(`\n${pad(indent)}`);
}

/** A block in parentheses: `(`, lines indented by two more, `)` back at `indent`. */
function block(text: string, indent: number): string {
  return `(\n${pad(indent + 2)}${text}\n${pad(indent)})`;
}

/** `exprs [with defs]`, the head of `over` and of a lateral expression. */
export function formatLateral(exprs: readonly Expr[], defs: readonly Def[], indent: number): string {
  let out = `over ${exprs.map((e) => formatExpr(e, indent)).join(', ')}`;
  if (defs.length > 0) out += ` with ${defs.map((d) => formatDef(d, indent)).join(', ')}`;
  return out;
}

function formatDef(d: Def, indent: number): string {
  if (d.expr.kind === 'ID' && d.expr.name === d.name.name) return d.name.name;
  return `${d.name.name}=${formatExpr(d.expr, indent)}`;
}

function assignment(a: Assignment, indent: number): string {
  return a.lhs === null ? formatExpr(a.rhs, indent) : `${formatExpr(a.lhs, indent)}:=${formatExpr(a.rhs, indent)}`;
}

function assignments(args: readonly Assignment[], indent: number): string {
  return args.map((a) => assignment(a, indent)).join(',');
}

function agg(a: Agg, indent: number): string {
  const call = `${a.name}(${a.expr === null ? '' : formatExpr(a.expr, indent)})`;
  return a.where === null ? call : `${call} where ${formatExpr(a.where, indent)}`;
}

/** `summarize` with its aggregations and keys on the next line, indented by four. */
function summarize(aggs: string, keys: readonly Assignment[], limit: number, indent: number): string {
  const parts = aggs === '' ? [] : [aggs];
  if (keys.length > 0) parts.push(`by ${assignments(keys, indent + 4)}`);
  if (limit > 0) parts.push(`with -limit ${limit}`);
  return `summarize\n${pad(indent + 4)}${parts.join(' ')}`;
}

/** A join key: a field path or call as written, anything else in parentheses. */
function joinKey(e: Expr, indent: number): string {
  return at(e, Level.postfix, indent);
}

/** A leg of `fork` or `switch`: its label line, then its sequence indented by two more. */
function leg(label: string, seq: Seq, indent: number): string {
  return `\n${pad(indent + 2)}${label}\n${pad(indent + 4)}${formatSeq(seq, indent + 4)}`;
}

/** The canonical text of one operator, on a line indented by `indent`. */
export function formatOpAt(op: Op, indent: number): string {
  const ex = (e: Expr): string => formatExpr(e, indent);
  switch (op.kind) {
    case 'Scope':
      return block(formatScope(op, indent + 2), indent);
    case 'Parallel':
      return `fork (${op.paths.map((p) => leg('=>', p, indent)).join('')}\n${pad(indent)})`;
    case 'Switch': {
      const head = op.expr === null ? 'switch (' : `switch ${ex(op.expr)} (`;
      const cases = op.cases.map((c) => leg(c.expr === null ? 'default =>' : `case ${ex(c.expr)} =>`, c.path, indent));
      return `${head}${cases.join('')}\n${pad(indent)})`;
    }
    case 'From': {
      const trunks = op.trunks.map((t) => {
        const src = formatSource(t.source, indent + 2);
        const seq = t.seq === null ? '' : ` =>\n${pad(indent + 4)}${formatSeq(t.seq, indent + 4)}`;
        return `\n${pad(indent + 2)}${src}${seq}`;
      });
      return `from (${trunks.join('')}\n${pad(indent)})`;
    }
    case 'Pool':
      return `from ${formatPoolSpec(op.spec)}`;
    case 'File':
    case 'HTTP':
    case 'Pass':
      return formatSource(op, indent);
    case 'Assert':
      return `assert ${ex(op.expr)}`;
    case 'Sort': {
      let out = 'sort';
      if (op.reverse) out += ' -r';
      if (op.nullsFirst) out += ' -nulls first';
      return op.args.length === 0 ? out : `${out} ${formatSortExprs(op.args, indent)}`;
    }
    case 'Top': {
      let out = 'top';
      if (op.limit !== null) out += ` ${ex(op.limit)}`;
      if (op.flush) out += ' -flush';
      return op.args.length === 0 ? out : `${out} ${op.args.map(ex).join(',')}`;
    }
    case 'Cut':
      return `cut ${assignments(op.args, indent)}`;
    case 'Drop':
      return `drop ${op.args.map(ex).join(',')}`;
    case 'Head':
      return op.count === null ? 'head' : `head ${ex(op.count)}`;
    case 'Tail':
      return op.count === null ? 'tail' : `tail ${ex(op.count)}`;
    case 'Where':
      return `where ${formatExpr(op.expr, indent + 2)}`;
    case 'Uniq':
      return op.cflag ? 'uniq -c' : 'uniq';
    case 'Put':
      return `put ${assignments(op.args, indent)}`;
    case 'Rename':
      return `rename ${assignments(op.args, indent)}`;
    case 'Fuse':
      return 'fuse';
    case 'Shape':
      return 'shape';
    case 'Join': {
      let out = op.style === 'inner' ? 'join' : `${op.style} join`;
      if (op.rightInput !== null) out += ` ${block(formatSeq(op.rightInput, indent + 2), indent)}`;
      out += ` on ${joinKey(op.leftKey, indent)}`;
      if (op.rightKey !== null) out += `=${joinKey(op.rightKey, indent)}`;
      return op.args.length === 0 ? out : `${out} ${assignments(op.args, indent)}`;
    }
    case 'Sample':
      return op.expr === null ? 'sample' : `sample ${ex(op.expr)}`;
    case 'Explode': {
      const out = `explode ${op.args.map(ex).join(', ')} by ${formatType(op.type)}`;
      return op.as === null ? out : `${out} as ${ex(op.as)}`;
    }
    case 'Merge':
      return `merge ${ex(op.expr)}`;
    case 'Over': {
      const head = formatLateral(op.exprs, op.locals, indent);
      return op.body === null ? head : `${head} => ${block(formatSeq(op.body, indent + 2), indent)}`;
    }
    case 'Yield':
      return `yield ${op.exprs.map(ex).join(', ')}`;
    case 'Load': {
      let out = `load ${poolName(op.pool)}`;
      if (op.branch !== null) out += `@${poolName(op.branch)}`;
      if (op.author !== null) out += ` author ${quote(op.author)}`;
      if (op.message !== null) out += ` message ${quote(op.message)}`;
      if (op.meta !== null) out += ` meta ${quote(op.meta)}`;
      return out;
    }
    case 'Output':
      return `output ${op.name.name}`;
    case 'Debug':
      return op.expr === null ? 'debug' : `debug ${ex(op.expr)}`;
    case 'Summarize':
      return summarize(op.aggs.map((a) => (a.lhs === null ? agg(a.rhs, indent + 4) : `${formatExpr(a.lhs, indent + 4)}:=${agg(a.rhs, indent + 4)}`)).join(','), op.keys, op.limit, indent);
    case 'Search':
      return `search ${formatSearch(op.expr, indent + 2)}`;
    case 'OpAssignment':
      if (isAggAssignments(op.assignments)) return summarize(assignments(op.assignments, indent + 4), [], 0, indent);
      return `put ${assignments(op.assignments, indent)}`;
    case 'OpExpr':
      return opExpr(op.expr, indent);
    default: {
      const never: never = op;
      throw new InternalError(`format: unknown operator node ${(never as Op).kind}`);
    }
  }
}

function opExpr(e: Expr, indent: number): string {
  switch (impliedOp(e)) {
    case 'search':
      return `search ${formatSearch(e, indent + 2)}`;
    case 'summarize':
      return summarize(formatExpr(e, indent + 4), [], 0, indent);
    case 'where':
      return `where ${formatExpr(e, indent + 2)}`;
    case 'call':
      return formatExpr(e, indent);
    case 'yield':
      return `yield ${formatExpr(e, indent)}`;
  }
}

function formatSource(src: Op & { kind: 'Pool' | 'File' | 'HTTP' | 'Pass' }, indent: number): string {
  switch (src.kind) {
    case 'Pool':
      return `pool ${formatPoolSpec(src.spec)}`;
    case 'File':
      return formatFile(src, indent);
    case 'HTTP':
      return formatGet(src, indent);
    case 'Pass':
      return 'pass';
  }
}
