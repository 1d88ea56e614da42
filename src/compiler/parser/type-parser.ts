// Parses Zed type syntax: primitive names, records, arrays, sets, maps,
// unions, error types, named types and in-place definitions.

import type {
  PrimitiveTypeName,
  Type,
  TypeField,
  TypeValue,
} from '../ast/index.js';
import { identRest } from './chars.js';
import { emptyMatch, type Cursor } from './cursor.js';
import { checkIdent, identifierName, quotedString } from './lexer.js';

// Tried in this order, as in Zed's grammar, so `uint8` is tested before `int8`.
const primitiveNames: readonly PrimitiveTypeName[] = [
  'uint8',
  'uint16',
  'uint32',
  'uint64',
  'int8',
  'int16',
  'int32',
  'int64',
  'float16',
  'float32',
  'float64',
  'bool',
  'string',
  'duration',
  'time',
  'bytes',
  'ip',
  'net',
  'type',
  'null',
];

/** TypeLiteral: `<T>` with no space inside the angle brackets. */
export function parseTypeValue(p: Cursor): TypeValue | null {
  const start = p.pos;
  return p.attempt(() => {
    if (!p.lit('<')) return null;
    const value = parseType(p);
    if (value === null || !p.lit('>')) return null;
    return { kind: 'TypeValue', value, loc: p.span(start) };
  });
}

/** Type */
export function parseType(p: Cursor): Type | null {
  return ambiguousType(p) ?? complexType(p);
}

function primitiveType(p: Cursor): Type | null {
  const start = p.pos;
  return p.attempt(() => {
    const name = primitiveNames.find((n) => p.lit(n));
    if (name === undefined || !p.not(() => p.alt(identRest))) return null;
    return { kind: 'TypePrimitive', name, loc: p.span(start) };
  });
}

function ambiguousType(p: Cursor): Type | null {
  const start = p.pos;
  const prim = primitiveType(p);
  if (prim !== null) return prim;
  const err = p.attempt((): Type | null => {
    if (!(p.lit('error') && p.ws0() && p.lit('(') && p.ws0())) return null;
    const type = parseType(p);
    if (type === null || !(p.ws0() && p.lit(')'))) return null;
    return { kind: 'TypeError', type, loc: p.span(start) };
  });
  if (err !== null) return err;
  const named = p.attempt((): Type | null => {
    const id = identifierName(p);
    const name = id?.name ?? quotedString(p);
    if (name === null) return null;
    const def = p.attempt(() => (p.ws0() && p.lit('=') && p.ws0() ? parseType(p) : null));
    checkIdent(p, id);
    if (def !== null) return { kind: 'TypeDef', name, type: def, loc: p.span(start) };
    return { kind: 'TypeName', name, loc: p.span(start) };
  });
  if (named !== null) return named;
  return p.attempt((): Type | null => {
    if (!(p.lit('(') && p.ws0())) return null;
    const first = parseType(p);
    if (first === null) return null;
    const types = [first];
    for (;;) {
      const next = p.attempt(() => (p.ws0() && p.lit(',') && p.ws0() ? parseType(p) : null));
      if (next === null) break;
      types.push(next);
    }
    if (types.length < 2 || !p.lit(')')) return null;
    return { kind: 'TypeUnion', types, loc: p.span(start) };
  });
}

function complexType(p: Cursor): Type | null {
  const start = p.pos;
  const record = p.attempt((): Type | null => {
    if (!(p.lit('{') && p.ws0())) return null;
    const fields = typeFieldList(p);
    if (!(p.ws0() && p.lit('}'))) return null;
    return { kind: 'TypeRecord', fields, loc: p.span(start) };
  });
  if (record !== null) return record;
  const array = p.attempt((): Type | null => {
    const type = p.lit('[') && p.ws0() ? parseType(p) : null;
    if (type === null || !(p.ws0() && p.lit(']'))) return null;
    return { kind: 'TypeArray', type, loc: p.span(start) };
  });
  if (array !== null) return array;
  const set = p.attempt((): Type | null => {
    const type = p.lit('|[') && p.ws0() ? parseType(p) : null;
    if (type === null || !(p.ws0() && p.lit(']|'))) return null;
    return { kind: 'TypeSet', type, loc: p.span(start) };
  });
  if (set !== null) return set;
  return p.attempt((): Type | null => {
    const keyType = p.lit('|{') && p.ws0() ? parseType(p) : null;
    if (keyType === null || !(p.ws0() && p.lit(':') && p.ws0())) return null;
    const valType = parseType(p);
    if (valType === null || !(p.ws0() && p.lit('}|'))) return null;
    return { kind: 'TypeMap', keyType, valType, loc: p.span(start) };
  });
}

function typeFieldList(p: Cursor): TypeField[] {
  const first = typeField(p);
  if (first === null) return emptyMatch(p, []);
  const fields = [first];
  for (;;) {
    const next = p.attempt(() => (p.ws0() && p.lit(',') && p.ws0() ? typeField(p) : null));
    if (next === null) return fields;
    fields.push(next);
  }
}

function typeField(p: Cursor): TypeField | null {
  const start = p.pos;
  return p.attempt(() => {
    const id = identifierName(p);
    const name = id?.name ?? quotedString(p);
    if (name === null || !(p.ws0() && p.lit(':') && p.ws0())) return null;
    const type = parseType(p);
    if (type === null) return null;
    checkIdent(p, id);
    return { kind: 'TypeField', name, type, loc: p.span(start) };
  });
}
