// AST type syntax to interned zed types (Zed's zson.TranslateType): named
// types come from `type` declarations in scope, then from the type context;
// `name=T` defines (and binds) a named type in place.

import { InvalidError } from '../../errors/index.js';
import { lookupPrimitive, type Field, type Type } from '../../zed/index.js';
import type { Type as AstType } from '../ast/index.js';
import type { Env } from './env.js';
import { CompileError } from './errors.js';

/** The zed type `t` denotes in `env`; throws CompileError for unknown names or bad types. */
export function compileType(t: AstType, env: Env): Type {
  const zctx = env.ectx.zctx;
  try {
    switch (t.kind) {
      case 'TypePrimitive': {
        const p = lookupPrimitive(t.name);
        if (p === undefined) throw new CompileError(`no such type: ${t.name}`, t.loc);
        return p;
      }
      case 'TypeRecord': {
        const fields: Field[] = t.fields.map((f) => ({ name: f.name, type: compileType(f.type, env) }));
        return zctx.lookupRecord(fields);
      }
      case 'TypeArray':
        return zctx.lookupArray(compileType(t.type, env));
      case 'TypeSet':
        return zctx.lookupSet(compileType(t.type, env));
      case 'TypeMap':
        return zctx.lookupMap(compileType(t.keyType, env), compileType(t.valType, env));
      case 'TypeUnion':
        return zctx.lookupUnion(t.types.map((m) => compileType(m, env)));
      case 'TypeError':
        return zctx.lookupError(compileType(t.type, env));
      case 'TypeName': {
        const named = env.lookupType(t.name) ?? zctx.lookupByName(t.name);
        if (named === undefined) throw new CompileError(`no such type name: "${t.name}"`, t.loc);
        return named;
      }
      case 'TypeDef': {
        const inner = compileType(t.type, env);
        const named = zctx.lookupNamed(t.name, inner);
        env.types.set(t.name, named);
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
