// len(v): the length of a record (fields), array, set or map (elements),
// bytes, string, ip or net (bytes) or type (Zed's TypeLength), after Under
// (function/len.go at v1.18.0). Nulls have length 0; errors are errors.

import { ID, TypeInt64, Value, encodeInt, readElement, type Type } from '../../zed/index.js';
import { under } from '../expr/coerce.js';
import type { FunctionDef } from './registry.js';
import { typeOfTypeValue } from './types.js';

/** Zed's TypeLength: fields, union members, enum symbols; containers by their elements' type. */
export function typeLength(t: Type): number {
  switch (t.kind) {
    case 'named':
      return typeLength(t.type);
    case 'record':
      return t.fields.length;
    case 'union':
      return t.types.length;
    case 'array':
    case 'set':
      return typeLength(t.elem);
    case 'enum':
      return t.symbols.length;
    case 'map':
      return typeLength(t.value);
    case 'error':
      return typeLength(t.type);
    default:
      return 1;
  }
}

const el = { start: 0, end: 0 };

function count(b: Uint8Array | null, per: number): number {
  if (b === null) return 0;
  let n = 0;
  for (let off = 0; off < b.length; n++) {
    for (let k = 0; k < per; k++) off = readElement(b, off, b.length, el);
  }
  return n;
}

export const lenFunctions: readonly FunctionDef[] = [
  {
    name: 'len',
    minArgs: 1,
    maxArgs: 1,
    make(ectx) {
      return (args) => {
        const v = under(args[0]!);
        const t = v.type;
        let n: number;
        switch (t.kind) {
          case 'record':
            n = t.fields.length;
            break;
          case 'array':
          case 'set':
            n = count(v.bytes, 1);
            break;
          case 'map':
            n = count(v.bytes, 2);
            break;
          case 'error':
            return ectx.errors.wrap('len()', v);
          case 'primitive':
            switch (t.id) {
              case ID.null:
                n = 0;
                break;
              case ID.bytes:
              case ID.string:
              case ID.ip:
              case ID.net:
                n = v.bytes === null ? 0 : v.bytes.length;
                break;
              case ID.type: {
                const inner = typeOfTypeValue(ectx.zctx, v.bytes);
                if (inner === null) return ectx.errors.message('len: bad type value');
                n = typeLength(inner);
                break;
              }
              default:
                return ectx.errors.wrap('len: bad type', v);
            }
            break;
          default:
            return ectx.errors.wrap('len: bad type', v);
        }
        return new Value(TypeInt64, encodeInt(n));
      };
    },
  },
];
