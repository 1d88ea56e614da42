// Expressions: AST to plan. Identifiers resolve to `this` paths, locals,
// consts (inlined as literals) or declared types; literals and types are
// checked and become ZSON; search terms, globs and regexps become search
// nodes; lateral expressions analyze their bodies in a scope of their own.

import { TypeString, underlying } from '../../zed/index.js';
import { compileGoRegexp, typeValue } from '../../runtime/index.js';
import type * as ast from '../ast/index.js';
import type * as dag from '../dag/index.js';
import { CompileError } from '../errors.js';
import { semCall } from './call.js';
import type { Sem } from './context.js';
import { constValue, literal, primitiveValue } from './literal.js';
import { thisPath } from './lval.js';
import { semSeq } from './op.js';
import type { Scope } from './scope.js';
import { isDynamicTypeName, semType } from './type.js';

const THIS: dag.This = { kind: 'This', path: [] };

export function semExpr(e: ast.Expr, scope: Scope, sem: Sem): dag.Expr {
  switch (e.kind) {
    case 'ID':
      return semId(e.name, scope, sem);
    case 'Primitive':
      return literal(primitiveValue(e, sem), sem);
    case 'TypeValue':
      return semTypeValue(e, scope, sem);
    case 'Term': {
      const v = e.value.kind === 'TypeValue' ? typeValue(sem.zctx, semType(e.value.value, scope, sem)) : primitiveValue(e.value, sem);
      return { kind: 'Search', text: e.text, value: sem.literals.text(v), expr: THIS };
    }
    case 'UnaryExpr':
      return { kind: 'UnaryExpr', op: e.op, operand: semExpr(e.operand, scope, sem) };
    case 'BinaryExpr':
      return semBinary(e, scope, sem);
    case 'Conditional':
      return {
        kind: 'Conditional',
        cond: semExpr(e.cond, scope, sem),
        then: semExpr(e.then, scope, sem),
        else: semExpr(e.else, scope, sem),
      };
    case 'Call':
      return semCall(e, scope, sem);
    case 'Cast': {
      const inner = semExpr(e.expr, scope, sem);
      const t = e.type.value;
      if (isDynamicTypeName(t, scope, sem)) return { kind: 'Cast', expr: inner, type: { kind: 'TypeName', name: t.name } };
      return { kind: 'Cast', expr: inner, type: literal(typeValue(sem.zctx, semType(t, scope, sem)), sem) };
    }
    case 'IndexExpr': {
      // A this-rooted path indexed by a constant string extends the path (Zed's isIndexOfThis).
      const path = thisPath(e, scope, sem);
      if (path !== null) return { kind: 'This', path };
      return { kind: 'IndexExpr', expr: semExpr(e.expr, scope, sem), index: semExpr(e.index, scope, sem) };
    }
    case 'SliceExpr':
      return {
        kind: 'SliceExpr',
        expr: semExpr(e.expr, scope, sem),
        from: e.from === null ? null : semExpr(e.from, scope, sem),
        to: e.to === null ? null : semExpr(e.to, scope, sem),
      };
    case 'Grep':
      return semGrep(e.pattern, e.expr, scope, sem);
    case 'Glob':
      return { kind: 'RegexpSearch', pattern: checkRegexp(globToRegexp(e.pattern), e.loc), expr: THIS };
    case 'Regexp':
      return { kind: 'RegexpSearch', pattern: checkRegexp(e.pattern, e.loc), expr: THIS };
    case 'RecordExpr':
      return semRecord(e, scope, sem);
    case 'ArrayExpr':
      return { kind: 'ArrayExpr', elems: e.elems.map((el) => vectorElem(el, scope, sem)) };
    case 'SetExpr':
      return { kind: 'SetExpr', elems: e.elems.map((el) => vectorElem(el, scope, sem)) };
    case 'MapExpr':
      return {
        kind: 'MapExpr',
        entries: e.entries.map((en) => ({ key: semExpr(en.key, scope, sem), value: semExpr(en.value, scope, sem) })),
      };
    case 'OverExpr':
      return semLateral(e, scope, sem);
    case 'FString':
      return {
        kind: 'FString',
        elems: e.elems.map((el) =>
          el.kind === 'FStringText'
            ? literal(primitiveValue({ kind: 'Primitive', type: 'string', text: el.text, loc: el.loc }, sem), sem)
            : semExpr(el.expr, scope, sem),
        ),
      };
    default: {
      const never: never = e;
      throw new CompileError(`invalid expression type ${(never as { kind: string }).kind}`, null);
    }
  }
}

/** An identifier: `this`, a local, a const, a declared type (its type value), or a field of `this`. */
export function semId(name: string, scope: Scope, sem: Sem): dag.Expr {
  if (name === 'this') return THIS;
  const local = scope.lookupLocal(name);
  if (local !== undefined) return local;
  const c = scope.lookupConst(name);
  if (c !== undefined) return { kind: 'Literal', value: c.text };
  const t = scope.lookupType(name);
  if (t !== undefined) return literal(typeValue(sem.zctx, t), sem);
  return { kind: 'This', path: [name] };
}

function semTypeValue(e: ast.TypeValue, scope: Scope, sem: Sem): dag.Expr {
  const t = e.value;
  // A bare type name nobody declared is looked up in the data at run time (Zed's semDynamicType).
  if (isDynamicTypeName(t, scope, sem)) return { kind: 'TypeName', name: t.name };
  return literal(typeValue(sem.zctx, semType(t, scope, sem)), sem);
}

/** `pattern` if it compiles as a Go regexp; else a CompileError with Go's text. */
export function checkRegexp(pattern: string, loc: ast.Loc): string {
  // Zed's expr.CompileRegexp quotes the whole pattern in its errors.
  const re = compileGoRegexp(pattern, { wholeExpr: true });
  if (typeof re === 'string') throw new CompileError(re, loc);
  return pattern;
}

function semGrep(pattern: ast.Expr, target: ast.Expr | null, scope: Scope, sem: Sem): dag.Expr {
  const expr = target === null ? THIS : semExpr(target, scope, sem);
  if (pattern.kind === 'Regexp') return { kind: 'RegexpSearch', pattern: checkRegexp(pattern.pattern, pattern.loc), expr };
  if (pattern.kind === 'Glob') return { kind: 'RegexpSearch', pattern: checkRegexp(globToRegexp(pattern.pattern), pattern.loc), expr };
  const c = constValue(pattern, scope, sem);
  if (c !== null && !c.isError() && underlying(c.type) === TypeString && c.bytes !== null) {
    return { kind: 'Search', text: c.asString(), value: sem.literals.text(c), expr };
  }
  return semCall(
    {
      kind: 'Call',
      name: { kind: 'ID', name: 'grep', loc: pattern.loc },
      args: target === null ? [pattern, { kind: 'ID', name: 'this', loc: pattern.loc }] : [pattern, target],
      where: null,
      loc: pattern.loc,
    },
    scope,
    sem,
  );
}

const COMPARE_OPS = new Set<string>(['==', '!=', '<', '<=', '>', '>=']);
const ARITH_OPS = new Set<string>(['+', '-', '*', '/', '%']);

function semBinary(e: ast.BinaryExpr, scope: Scope, sem: Sem): dag.Expr {
  switch (e.op) {
    case '.': {
      if (e.rhs.kind !== 'ID') throw new CompileError('RHS of dot operator is not an identifier', e.loc);
      const lhs = semExpr(e.lhs, scope, sem);
      if (lhs.kind === 'This') return { kind: 'This', path: [...lhs.path, e.rhs.name] };
      return { kind: 'Dot', lhs, rhs: e.rhs.name };
    }
    case '~': {
      if (e.rhs.kind !== 'Regexp') {
        throw new CompileError('right-hand side of ~ expression must be a regular expression', e.loc);
      }
      const pattern = checkRegexp(e.rhs.pattern, e.rhs.loc);
      return { kind: 'RegexpMatch', pattern, expr: semExpr(e.lhs, scope, sem) };
    }
    case 'and':
    case 'or':
    case 'in':
      return { kind: 'BinaryExpr', op: e.op, lhs: semExpr(e.lhs, scope, sem), rhs: semExpr(e.rhs, scope, sem) };
    default: {
      if (!COMPARE_OPS.has(e.op) && !ARITH_OPS.has(e.op)) throw new CompileError(`invalid binary operator ${e.op}`, e.loc);
      return {
        kind: 'BinaryExpr',
        op: e.op as dag.CompareOp | dag.ArithOp,
        lhs: semExpr(e.lhs, scope, sem),
        rhs: semExpr(e.rhs, scope, sem),
      };
    }
  }
}

function semRecord(e: ast.RecordExpr, scope: Scope, sem: Sem): dag.RecordExpr {
  const seen = new Set<string>();
  const elems: (dag.Field | dag.Spread)[] = [];
  for (const elem of e.elems) {
    if (elem.kind === 'Spread') {
      elems.push({ kind: 'Spread', expr: semExpr(elem.expr, scope, sem) });
      continue;
    }
    if (seen.has(elem.name)) throw new CompileError(`record expression: duplicate field: "${elem.name}"`, elem.loc);
    seen.add(elem.name);
    elems.push({ kind: 'Field', name: elem.name, value: semExpr(elem.kind === 'Field' ? elem.value : elem, scope, sem) });
  }
  return { kind: 'RecordExpr', elems };
}

function vectorElem(el: ast.VectorElem, scope: Scope, sem: Sem): dag.VectorValue | dag.Spread {
  const expr = semExpr(el.expr, scope, sem);
  return el.kind === 'Spread' ? { kind: 'Spread', expr } : { kind: 'VectorValue', expr };
}

/** `(over exprs [with locals] | seq)`: the body sees the locals, bound per outer value. */
function semLateral(node: ast.OverExpr, scope: Scope, sem: Sem): dag.OverExpr {
  const exprs = node.exprs.map((x) => semExpr(x, scope, sem));
  const inner = scope.child();
  const defs = semDefs(node.locals, scope, inner, sem);
  return { kind: 'OverExpr', defs, exprs, body: semSeq(node.body, inner, sem).seq };
}

/** `with` bindings: each expression is analyzed in `outer`, its name bound in `inner`. */
export function semDefs(locals: readonly ast.Def[], outer: Scope, inner: Scope, sem: Sem): dag.Def[] {
  return locals.map((d) => {
    const v = inner.defineLocal(d.name.name);
    return { name: v.name, slot: v.slot, expr: semExpr(d.expr, outer, sem) };
  });
}

/** Zed's reglob.Reglob: a glob as an anchored regexp; `*` is `.*`, `\*` a literal star. */
export function globToRegexp(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    switch (c) {
      case '/': case '$': case '^': case '+': case '.': case '(': case ')': case '=': case '!': case '|': case ',':
        out += '\\' + c;
        break;
      case '?': case '[': case ']': case '{': case '}':
        break;
      case '\\':
        if (glob[i + 1] === '*') {
          i++;
          out += '\\*';
        } else {
          out += c;
        }
        break;
      case '*':
        while (glob[i + 1] === '*') i++;
        out += '.*';
        break;
      default:
        out += c;
    }
  }
  return '^' + out + '$';
}
