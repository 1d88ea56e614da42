// The Zeek <-> Zed type mapping (docs/integrations/zeek/data-type-compatibility.md,
// zio/zeekio parser.go parseType and types.go zngTypeToZeek): port and enum
// become the named types port=uint16 and zenum=string so a round trip
// restores them.

import { InvalidError } from '../../errors/index.js';
import {
  TypeBool,
  TypeDuration,
  TypeFloat64,
  TypeInt64,
  TypeIP,
  TypeNet,
  TypeString,
  TypeTime,
  TypeUint16,
  TypeUint64,
  type Type,
  type TypeContext,
} from '../../zed/index.js';
import { formatType } from '../../zson/index.js';

function parsePrimitiveType(ctx: TypeContext, name: string): Type | null {
  switch (name.trim()) {
    case 'addr':
      return TypeIP;
    case 'bool':
      return TypeBool;
    case 'count':
      return TypeUint64;
    case 'double':
      return TypeFloat64;
    case 'enum':
      return ctx.lookupNamed('zenum', TypeString);
    case 'int':
      return TypeInt64;
    case 'interval':
      return TypeDuration;
    case 'port':
      return ctx.lookupNamed('port', TypeUint16);
    case 'string':
      return TypeString;
    case 'subnet':
      return TypeNet;
    case 'time':
      return TypeTime;
  }
  return null;
}

/** The Zed type of a Zeek #types entry: a primitive, set[primitive] or vector[primitive]. */
export function parseZeekType(ctx: TypeContext, text: string): Type {
  const s = text.trim();
  const open = s.indexOf('[');
  if (open >= 0 && s.endsWith(']')) {
    const inner = parsePrimitiveType(ctx, s.slice(open + 1, -1));
    if (inner !== null) {
      const outer = s.slice(0, open);
      if (outer === 'set') return ctx.lookupSet(inner);
      if (outer === 'vector') return ctx.lookupArray(inner);
    }
  }
  const t = parsePrimitiveType(ctx, s);
  if (t === null) throw new InvalidError(`unknown type: ${s}`);
  return t;
}

export const INCOMPATIBLE = 'type cannot be represented in zeek format';

/** The Zeek name of a Zed type; throws when Zeek has no equivalent. */
export function zeekTypeName(t: Type): string {
  switch (t.kind) {
    case 'array':
      return `vector[${zeekTypeName(t.elem)}]`;
    case 'set':
      return `set[${zeekTypeName(t.elem)}]`;
    case 'named':
      if (t.name === 'zenum') return 'enum';
      if (t.name === 'port') return 'port';
      return zeekTypeName(t.type);
    case 'primitive':
      switch (t.name) {
        case 'uint8':
        case 'uint16':
        case 'uint32':
        case 'int8':
        case 'int16':
        case 'int32':
        case 'int64':
          return 'int';
        case 'uint64':
          return 'count';
        case 'float16':
        case 'float32':
        case 'float64':
          return 'double';
        case 'ip':
          return 'addr';
        case 'net':
          return 'subnet';
        case 'duration':
          return 'interval';
        case 'bool':
        case 'string':
        case 'time':
          return t.name;
      }
  }
  throw new InvalidError(`type ${formatType(t)}: ${INCOMPATIBLE}`);
}
