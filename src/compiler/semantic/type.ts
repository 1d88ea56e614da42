// AST type syntax to interned zed types (Zed's zson.TranslateType): named
// types come from `type` declarations in scope, then from the type context;
// `name=T` defines (and binds) a named type in place.

import { InvalidError } from '../../errors/index.js';
import { lookupPrimitive, type Field, type Type } from '../../zed/index.js';
import type { Type as AstType } from '../ast/index.js';
import { CompileError } from '../errors.js';
import type { Sem } from './context.js';
import type { Scope } from './scope.js';

/** The zed type `t` denotes in `scope`; throws CompileError for unknown names or bad types. */
export function semType(t: AstType, scope: Scope, sem: Sem): Type {
  const zctx = sem.zctx;
  try {
    switch (t.kind) {
      case 'TypePrimitive': {
        const p = lookupPrimitive(t.name);
        if (p === undefined) throw new CompileError(`no such type: ${t.name}`, t.loc);
        return p;
      }
      case 'TypeRecord': {
        const fields: Field[] = t.fields.map((f) => ({ name: f.name, type: semType(f.type, scope, sem) }));
        return zctx.lookupRecord(fields);
      }
      case 'TypeArray':
        return zctx.lookupArray(semType(t.type, scope, sem));
      case 'TypeSet':
        return zctx.lookupSet(semType(t.type, scope, sem));
      case 'TypeMap':
        return zctx.lookupMap(semType(t.keyType, scope, sem), semType(t.valType, scope, sem));
      case 'TypeUnion':
        return zctx.lookupUnion(t.types.map((m) => semType(m, scope, sem)));
      case 'TypeError':
        return zctx.lookupError(semType(t.type, scope, sem));
      case 'TypeName': {
        const named = scope.lookupType(t.name) ?? zctx.lookupByName(t.name);
        if (named === undefined) throw new CompileError(`no such type name: "${t.name}"`, t.loc);
        return named;
      }
      case 'TypeDef': {
        const inner = semType(t.type, scope, sem);
        const named = zctx.lookupNamed(t.name, inner);
        scope.types.set(t.name, named);
        return named;
      }
      default: {
        const never: never = t;
        throw new CompileError(`unknown type node ${JSON.stringify(never)}`, null);
      }
    }
  } catch (e) {
    if (e instanceof CompileError || !(e instanceof InvalidError)) throw e;
    throw new CompileError(e.message, t.loc, { cause: e });
  }
}

/** Whether a bare type name is unknown now, so it is looked up in the data at run time (Zed's semDynamicType). */
export function isDynamicTypeName(t: AstType, scope: Scope, sem: Sem): t is AstType & { kind: 'TypeName' } {
  return t.kind === 'TypeName' && scope.lookupType(t.name) === undefined && sem.zctx.lookupByName(t.name) === undefined;
}
