// Zed's isBool: whether a bare expression used as an operator is a filter
// (Boolean) rather than an implied yield.

import { lookupFunction } from '../../runtime/index.js';
import type * as ast from '../ast/index.js';
import type { Scope } from './scope.js';

const BOOL_OPS = new Set<string>(['and', 'or', 'in', '==', '!=', '<', '<=', '>', '>=', '~']);

export function isBool(e: ast.Expr, scope: Scope, seen: ReadonlySet<string> = new Set()): boolean {
  switch (e.kind) {
    case 'Primitive':
      return e.type === 'bool';
    case 'Term':
    case 'Glob':
    case 'Regexp':
    case 'Grep':
      return true;
    case 'UnaryExpr':
      return isBool(e.operand, scope, seen);
    case 'BinaryExpr':
      return BOOL_OPS.has(e.op);
    case 'Conditional':
      return isBool(e.then, scope, seen) && isBool(e.else, scope, seen);
    case 'Call': {
      const name = e.name.name;
      const f = scope.lookupFunc(name);
      // A recursive function is not known to be Boolean.
      if (f !== undefined) return !seen.has(name) && isBool(f.body, scope, new Set([...seen, name]));
      if (name === 'cast') {
        const t = e.args[1];
        return e.args.length === 2 && t !== undefined && t.kind === 'TypeValue' && t.value.kind === 'TypePrimitive' && t.value.name === 'bool';
      }
      return lookupFunction(name)?.boolResult === true;
    }
    default:
      return false;
  }
}
