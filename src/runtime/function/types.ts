// Functions about types: typeof, typeunder, typename, nameof, kind, is and
// under (function/types.go and under.go at v1.18.0). Type values are
// interned in the evaluation's type context.

import { ZedError } from '../../errors/index.js';
import { decodeUtf8, encodeUtf8 } from '../../util/utf8.js';
import { parseZsonType } from '../../zson/index.js';
import { ID, TypeString, TypeType, Value, underlying, type Type, type TypeContext } from '../../zed/index.js';
import { untag } from '../expr/coerce.js';
import { FALSE, boolValue } from '../expr/compare.js';
import type { EvalContext } from '../expr/context.js';
import type { FunctionDef } from './registry.js';

export function typeValue(zctx: TypeContext, t: Type): Value {
  return new Value(TypeType, zctx.encodeTypeValue(t));
}

/** The type a type value denotes, or null if it is null or malformed. */
export function typeOfTypeValue(zctx: TypeContext, b: Uint8Array | null): Type | null {
  if (b === null) return null;
  try {
    return zctx.decodeTypeValue(b);
  } catch {
    return null;
  }
}

/** Zed's Kind names: a named type has its underlying type's kind. */
export function kindOf(t: Type): string {
  const u = underlying(t);
  return u.kind;
}

function typeError(ectx: EvalContext, b: Uint8Array | null): Value {
  return ectx.errors.message(b === null ? 'type value is null' : 'malformed type value');
}

function str(v: Value): string {
  return v.bytes === null ? '' : decodeUtf8(v.bytes);
}

export const typeFunctions: readonly FunctionDef[] = [
  {
    name: 'typeof',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      return (args) => typeValue(ectx.zctx, args[0]!.type);
    },
  },
  {
    name: 'typeunder',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      return (args) => typeValue(ectx.zctx, underlying(args[0]!.type));
    },
  },
  {
    name: 'typename',
    minArgs: 1,
    maxArgs: 2,
    make(ectx) {
      return (args) => {
        const name = args[0]!;
        if (underlying(name.type) !== TypeString) return ectx.errors.wrap('typename: first argument not a string', name);
        if (args.length === 1) {
          const t = ectx.zctx.lookupByName(str(name));
          return t === undefined ? ectx.errors.missing() : typeValue(ectx.zctx, t);
        }
        const tv = args[1]!;
        if (underlying(tv.type) !== TypeType) return ectx.errors.wrap('typename: second argument not a type value', tv);
        const t = typeOfTypeValue(ectx.zctx, tv.bytes);
        return t === null ? typeError(ectx, tv.bytes) : typeValue(ectx.zctx, t);
      };
    },
  },
  {
    name: 'nameof',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      return (args) => {
        const v = args[0]!;
        let t: Type | null = v.type;
        if (t.kind !== 'named' && t.id === ID.type) t = typeOfTypeValue(ectx.zctx, v.bytes);
        return t !== null && t.kind === 'named' ? new Value(TypeString, encodeUtf8(t.name)) : ectx.errors.missing();
      };
    },
  },
  {
    name: 'kind',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      const names = new Map<string, Value>();
      return (args) => {
        const v = args[0]!;
        let t: Type | null = v.type;
        if (underlying(t) === TypeType) t = typeOfTypeValue(ectx.zctx, v.bytes) ?? TypeType;
        const k = kindOf(t);
        let r = names.get(k);
        if (r === undefined) names.set(k, (r = new Value(TypeString, encodeUtf8(k))));
        return r;
      };
    },
  },
  {
    name: 'is',
    minArgs: 1,
    maxArgs: 2,
    boolResult: true,
    // is(<t>) tests this; is(v, <t>) still gets this first, as in Zed.
    implicitThis: { path: [], position: 'first' },
    make(ectx) {
      return (args) => {
        const subject = args.length === 3 ? args[1]! : args[0]!;
        const tv = args.length === 3 ? args[2]! : args[1]!;
        let t: Type | null;
        if (underlying(tv.type) === TypeString) {
          try {
            t = parseZsonType(str(tv), ectx.zctx);
          } catch (e) {
            if (!(e instanceof ZedError)) throw e;
            return FALSE;
          }
        } else {
          t = typeOfTypeValue(ectx.zctx, tv.bytes);
        }
        return boolValue(t !== null && t === subject.type);
      };
    },
  },
  {
    name: 'under',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      return (args) => {
        const v = args[0]!;
        const t = v.type;
        switch (t.kind) {
          case 'named':
          case 'error':
            return new Value(t.type, v.bytes);
          case 'union':
            return untag(t, v.bytes);
        }
        if (t.id !== ID.type) return v;
        const inner = typeOfTypeValue(ectx.zctx, v.bytes);
        return inner === null ? typeError(ectx, v.bytes) : typeValue(ectx.zctx, underlying(inner));
      };
    },
  },
];
