// Field paths: assignment targets (lvals), the names Zed infers for
// unnamed assignments, and the `this`-rooted path an expression denotes.

import { TypeString, underlying } from '../../zed/index.js';
import type { Expr } from '../ast/index.js';
import type * as dag from '../dag/index.js';
import { CompileError, UnsupportedExprError } from '../errors.js';
import type { Sem } from './context.js';
import { constValue } from './literal.js';
import type { Scope } from './scope.js';

/**
 * The field path an assignment target names: `a.b.c`, `this.a`, `this["x"]`,
 * `a[K]` with K a constant string; `this` alone is the empty path. Throws
 * Zed's "illegal left-hand side of assignment" for other expressions.
 */
export function lvalPath(e: Expr, scope: Scope, sem: Sem): string[] {
  switch (e.kind) {
    case 'ID':
      if (e.name === 'this') return [];
      if (scope.lookupLocal(e.name) !== undefined || scope.lookupConst(e.name) !== undefined) break;
      return [e.name];
    case 'BinaryExpr': {
      if (e.op !== '.') break;
      if (e.rhs.kind !== 'ID') throw new CompileError('RHS of dot operator is not an identifier', e.loc);
      return [...lvalPath(e.lhs, scope, sem), e.rhs.name];
    }
    case 'IndexExpr': {
      const path = lvalPath(e.expr, scope, sem);
      const k = constValue(e.index, scope, sem);
      if (k === null || underlying(k.type) !== TypeString || k.bytes === null) {
        throw new UnsupportedExprError('assignment to a computed index is not supported', e.loc);
      }
      path.push(k.asString());
      return path;
    }
    default:
      break;
  }
  throw new CompileError('illegal left-hand side of assignment', e.loc);
}

/** lvalPath for `lhs:=rhs` targets, where `this` itself is refused as Zed refuses it. */
export function assignmentPath(e: Expr, scope: Scope, sem: Sem): string[] {
  const path = lvalPath(e, scope, sem);
  if (path.length === 0) throw new CompileError("cannot assign to 'this'", e.loc);
  return path;
}

export function thisNode(path: readonly string[]): dag.This {
  return { kind: 'This', path };
}

/** Zed names an unnamed assignment after its expression: a field path, or a call's name. */
export function inferPath(e: Expr, scope: Scope, sem: Sem): string[] {
  if (e.kind === 'ID' || (e.kind === 'BinaryExpr' && e.op === '.')) {
    try {
      const p = lvalPath(e, scope, sem);
      if (p.length > 0) return p;
    } catch {
      // fall through to the generic name
    }
  }
  // quiet(x) keeps x's name (Zed's implied quiet assignment).
  if (e.kind === 'Call' && e.name.name === 'quiet' && e.args.length === 1) return inferPath(e.args[0]!, scope, sem);
  if (e.kind === 'Call') return [e.name.name];
  throw new CompileError('assignment name could not be inferred from rhs expression', e.loc);
}

/**
 * The field path `e` denotes when it is `this`, a field, `a.b` or `a["b"]`
 * with a constant string, else null (Zed's isIndexOfThis).
 */
export function thisPath(e: Expr, scope: Scope, sem: Sem): string[] | null {
  switch (e.kind) {
    case 'ID':
      if (e.name === 'this') return [];
      return scope.lookupLocal(e.name) === undefined && scope.lookupConst(e.name) === undefined ? [e.name] : null;
    case 'BinaryExpr': {
      if (e.op !== '.' || e.rhs.kind !== 'ID') return null;
      const p = thisPath(e.lhs, scope, sem);
      if (p !== null) p.push(e.rhs.name);
      return p;
    }
    case 'IndexExpr': {
      const p = thisPath(e.expr, scope, sem);
      if (p === null) return null;
      const k = constValue(e.index, scope, sem);
      if (k === null || k.isError() || underlying(k.type) !== TypeString || k.bytes === null) return null;
      p.push(k.asString());
      return p;
    }
    default:
      return null;
  }
}
