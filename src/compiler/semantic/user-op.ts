// User operators (`op name(params): (body)`): each call expands the body in
// place, in a child of the declaring scope, with every parameter standing
// for its argument expression, as in Zed.

import type * as ast from '../ast/index.js';
import type * as dag from '../dag/index.js';
import { CompileError } from '../errors.js';
import type { Sem } from './context.js';
import { semSeq } from './op.js';
import type { OpInfo } from './scope.js';

/** Appends the expansion of `call` to `out`; returns its fan-out. */
export function callUserOp(info: OpInfo, call: ast.Call, sem: Sem, out: dag.Op[], n: number): number {
  const decl = info.decl;
  const name = decl.name.name;
  if (sem.expanding.includes(name)) {
    const cycle = [...sem.expanding.slice(sem.expanding.indexOf(name)), name].join(' -> ');
    throw new CompileError(`operator cycle found: ${cycle}`, call.loc);
  }
  if (call.args.length !== decl.params.length) {
    throw new CompileError(`${name}(): expected ${decl.params.length} argument(s), got ${call.args.length}`, call.loc);
  }
  const bindings = new Map<string, ast.Expr>();
  decl.params.forEach((p, i) => bindings.set(p.name, call.args[i]!));
  const body = substitute(decl.body, bindings) as ast.Seq;
  sem.expanding.push(name);
  try {
    const plan = semSeq(body, info.scope.child(), sem, n);
    out.push(...plan.seq);
    return plan.fanOut;
  } finally {
    sem.expanding.pop();
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
