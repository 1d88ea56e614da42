// Canonical text of Zed type syntax: `{a:int64}`, `[T]`, `|[T]|`,
// `|{K:V}|`, `(T1,T2)`, `error(T)`, names and `name=T` definitions.

import type { Type } from '../ast/index.js';
import { InternalError } from '../../errors/index.js';
import { isIdentifier, quote } from './names.js';

// Words a bare type name cannot be: the grammar reads them as other types.
const TYPE_WORDS = new Set([
  'uint8', 'uint16', 'uint32', 'uint64', 'int8', 'int16', 'int32', 'int64',
  'float16', 'float32', 'float64', 'bool', 'string', 'duration', 'time',
  'bytes', 'ip', 'net', 'type', 'null', 'error',
]);

/** A type name bare when the grammar reads it back as that name. */
function typeName(name: string): string {
  return isIdentifier(name) && !TYPE_WORDS.has(name) ? name : quote(name);
}

/** A record field name: bare when it is an identifier. */
function fieldName(name: string): string {
  return isIdentifier(name) ? name : quote(name);
}

/** The canonical text of a type, as written inside `<...>`. */
export function formatType(t: Type): string {
  switch (t.kind) {
    case 'TypePrimitive':
      return t.name;
    case 'TypeRecord':
      return `{${t.fields.map((f) => `${fieldName(f.name)}:${formatType(f.type)}`).join(',')}}`;
    case 'TypeArray':
      return `[${formatType(t.type)}]`;
    case 'TypeSet':
      return `|[${formatType(t.type)}]|`;
    case 'TypeMap':
      return `|{${formatType(t.keyType)}:${formatType(t.valType)}}|`;
    case 'TypeUnion':
      return `(${t.types.map(formatType).join(',')})`;
    case 'TypeError':
      return `error(${formatType(t.type)})`;
    case 'TypeName':
      return typeName(t.name);
    case 'TypeDef':
      return `${typeName(t.name)}=${formatType(t.type)}`;
    default: {
      const never: never = t;
      throw new InternalError(`format: unknown type node ${(never as Type).kind}`);
    }
  }
}
