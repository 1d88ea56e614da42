import { describe, expect, it } from 'vitest';
import { FormatError, InvalidError } from '../errors/index.js';
import { TypeContext } from './context.js';
import {
  FIRST_COMPLEX_ID,
  TypeBool,
  TypeBytes,
  TypeFloat64,
  TypeInt32,
  TypeInt64,
  TypeIP,
  TypeNet,
  TypeNull,
  TypeString,
  TypeTime,
  TypeType,
  TypeUint8,
  type Type,
} from './types.js';

// A structural rendering of a type (ZSON-like, names shown at every use) so
// types from different contexts can be compared.
function show(t: Type): string {
  switch (t.kind) {
    case 'primitive':
      return t.name;
    case 'record':
      return `{${t.fields.map((f) => `${JSON.stringify(f.name)}:${show(f.type)}`).join(',')}}`;
    case 'array':
      return `[${show(t.elem)}]`;
    case 'set':
      return `|[${show(t.elem)}]|`;
    case 'map':
      return `|{${show(t.key)}:${show(t.value)}}|`;
    case 'union':
      return `(${t.types.map(show).join(',')})`;
    case 'enum':
      return `enum(${t.symbols.map((s) => JSON.stringify(s)).join(',')})`;
    case 'error':
      return `error(${show(t.type)})`;
    case 'named':
      return `${JSON.stringify(t.name)}=${show(t.type)}`;
  }
}

const utf8 = (s: string) => [...new TextEncoder().encode(s)];

describe('TypeContext interning', () => {
  it('returns the same object for equal records', () => {
    const ctx = new TypeContext();
    const a = ctx.lookupRecord([
      { name: 'a', type: TypeInt64 },
      { name: 'b', type: TypeString },
    ]);
    const b = ctx.lookupRecord([
      { name: 'a', type: TypeInt64 },
      { name: 'b', type: TypeString },
    ]);
    expect(b).toBe(a);
    expect(a.id).toBe(FIRST_COMPLEX_ID);
    expect(ctx.lookupById(a.id)).toBe(a);
  });

  it('distinguishes field order, field types and field names', () => {
    const ctx = new TypeContext();
    const ab = ctx.lookupRecord([
      { name: 'a', type: TypeInt64 },
      { name: 'b', type: TypeString },
    ]);
    const ba = ctx.lookupRecord([
      { name: 'b', type: TypeString },
      { name: 'a', type: TypeInt64 },
    ]);
    const ab32 = ctx.lookupRecord([
      { name: 'a', type: TypeInt32 },
      { name: 'b', type: TypeString },
    ]);
    // Names that would run together without a length prefix.
    const x = ctx.lookupRecord([{ name: 'a1', type: TypeInt64 }]);
    const y = ctx.lookupRecord([{ name: 'a', type: TypeInt64 }]);
    expect(new Set([ab, ba, ab32, x, y]).size).toBe(5);
    expect(ctx.lookupRecord([])).toBe(ctx.lookupRecord([]));
  });

  it('does not keep a reference to the caller field array', () => {
    const ctx = new TypeContext();
    const fields = [{ name: 'a', type: TypeInt64 }];
    const r = ctx.lookupRecord(fields);
    fields.push({ name: 'b', type: TypeInt64 });
    expect(r.fields).toHaveLength(1);
  });

  it('rejects records with duplicate fields', () => {
    const ctx = new TypeContext();
    expect(() =>
      ctx.lookupRecord([
        { name: 'a', type: TypeInt64 },
        { name: 'a', type: TypeString },
      ]),
    ).toThrow(InvalidError);
  });

  it('interns arrays, sets, maps, enums and errors, keeping kinds apart', () => {
    const ctx = new TypeContext();
    expect(ctx.lookupArray(TypeInt64)).toBe(ctx.lookupArray(TypeInt64));
    expect(ctx.lookupSet(TypeInt64)).toBe(ctx.lookupSet(TypeInt64));
    expect(ctx.lookupArray(TypeInt64)).not.toBe(ctx.lookupSet(TypeInt64));
    expect(ctx.lookupArray(TypeInt64)).not.toBe(ctx.lookupArray(TypeInt32));
    expect(ctx.lookupMap(TypeString, TypeInt64)).toBe(ctx.lookupMap(TypeString, TypeInt64));
    expect(ctx.lookupMap(TypeString, TypeInt64)).not.toBe(ctx.lookupMap(TypeInt64, TypeString));
    expect(ctx.lookupEnum(['a', 'b'])).toBe(ctx.lookupEnum(['a', 'b']));
    expect(ctx.lookupEnum(['a', 'b'])).not.toBe(ctx.lookupEnum(['b', 'a']));
    expect(ctx.lookupEnum(['ab'])).not.toBe(ctx.lookupEnum(['a', 'b']));
    expect(ctx.lookupError(TypeString)).toBe(ctx.lookupError(TypeString));
    expect(ctx.lookupError(TypeString)).not.toBe(ctx.lookupError(TypeInt64));
    const nested = ctx.lookupArray(ctx.lookupRecord([{ name: 'x', type: ctx.lookupSet(TypeIP) }]));
    expect(ctx.lookupArray(ctx.lookupRecord([{ name: 'x', type: ctx.lookupSet(TypeIP) }]))).toBe(nested);
  });

  it('gives complex types consecutive IDs and finds primitives by ID', () => {
    const ctx = new TypeContext();
    const a = ctx.lookupArray(TypeInt64);
    const s = ctx.lookupSet(TypeInt64);
    expect([a.id, s.id]).toEqual([FIRST_COMPLEX_ID, FIRST_COMPLEX_ID + 1]);
    expect(ctx.lookupById(9)).toBe(TypeInt64);
    expect(ctx.lookupById(FIRST_COMPLEX_ID + 1)).toBe(s);
    expect(ctx.lookupById(FIRST_COMPLEX_ID + 2)).toBeUndefined();
    expect(ctx.lookupById(4)).toBeUndefined();
  });

  it('keeps union members in type order, so member order does not matter', () => {
    const ctx = new TypeContext();
    const u1 = ctx.lookupUnion([TypeString, TypeInt64]);
    const u2 = ctx.lookupUnion([TypeInt64, TypeString]);
    expect(u2).toBe(u1);
    expect(u1.types).toEqual([TypeInt64, TypeString]);
    const rec = ctx.lookupRecord([{ name: 'x', type: TypeInt64 }]);
    const u3 = ctx.lookupUnion([rec, TypeNull, ctx.lookupArray(TypeBool), TypeBool]);
    expect(u3.types.map(show)).toEqual(['bool', 'null', '{"x":int64}', '[bool]']);
  });

  it('rejects unions with duplicate members or no members', () => {
    const ctx = new TypeContext();
    expect(() => ctx.lookupUnion([TypeInt64, TypeString, TypeInt64])).toThrow(InvalidError);
    expect(() => ctx.lookupUnion([])).toThrow(InvalidError);
    const r = ctx.lookupRecord([{ name: 'a', type: TypeInt64 }]);
    expect(() => ctx.lookupUnion([r, ctx.lookupRecord([{ name: 'a', type: TypeInt64 }])])).toThrow(InvalidError);
  });
});

describe('TypeContext named types', () => {
  it('interns a name with its type and binds the name', () => {
    const ctx = new TypeContext();
    const port = ctx.lookupNamed('port', TypeUint8);
    expect(ctx.lookupNamed('port', TypeUint8)).toBe(port);
    expect(ctx.lookupByName('port')).toBe(port);
    expect(port.type).toBe(TypeUint8);
    expect(port.id).toBeGreaterThanOrEqual(FIRST_COMPLEX_ID);
    expect(ctx.lookupByName('nope')).toBeUndefined();
  });

  it('rebinds a name to a new type and back', () => {
    const ctx = new TypeContext();
    const a = ctx.lookupNamed('x', TypeInt64);
    const b = ctx.lookupNamed('x', TypeString);
    expect(b).not.toBe(a);
    expect(ctx.lookupByName('x')).toBe(b);
    expect(ctx.lookupNamed('x', TypeInt64)).toBe(a);
    expect(ctx.lookupByName('x')).toBe(a);
  });

  it('keeps a named type apart from its underlying type and from other names', () => {
    const ctx = new TypeContext();
    const rec = ctx.lookupRecord([{ name: 'a', type: TypeInt64 }]);
    const n1 = ctx.lookupNamed('n1', rec);
    const n2 = ctx.lookupNamed('n2', rec);
    expect(n1).not.toBe(rec);
    expect(n1).not.toBe(n2);
    expect(ctx.lookupArray(n1)).not.toBe(ctx.lookupArray(rec));
  });

  it('refuses primitive and numeric names', () => {
    const ctx = new TypeContext();
    expect(() => ctx.lookupNamed('int64', TypeString)).toThrow(InvalidError);
    expect(() => ctx.lookupNamed('123', TypeString)).toThrow(InvalidError);
  });
});

describe('type values', () => {
  function roundTrip(make: (ctx: TypeContext) => Type): void {
    const ctx = new TypeContext();
    const t = make(ctx);
    const tv = ctx.encodeTypeValue(t);
    const fresh = new TypeContext();
    const u = fresh.decodeTypeValue(tv);
    expect(show(u)).toBe(show(t));
    expect(fresh.encodeTypeValue(u)).toEqual(tv);
    // Decoding again in the same context yields the interned object.
    expect(fresh.decodeTypeValue(tv)).toBe(u);
    expect(ctx.decodeTypeValue(tv)).toBe(t);
  }

  it('encodes primitives as their ID', () => {
    const ctx = new TypeContext();
    expect([...ctx.encodeTypeValue(TypeInt64)]).toEqual([9]);
    expect([...ctx.encodeTypeValue(TypeNull)]).toEqual([29]);
    expect(ctx.decodeTypeValue(Uint8Array.of(25))).toBe(TypeString);
  });

  it('encodes records, arrays, sets, maps, unions, enums and errors per zng.md', () => {
    const ctx = new TypeContext();
    const rec = ctx.lookupRecord([
      { name: 'a', type: TypeInt64 },
      { name: 'bb', type: TypeString },
    ]);
    expect([...ctx.encodeTypeValue(rec)]).toEqual([30, 2, 1, ...utf8('a'), 9, 2, ...utf8('bb'), 25]);
    expect([...ctx.encodeTypeValue(ctx.lookupArray(TypeIP))]).toEqual([31, 26]);
    expect([...ctx.encodeTypeValue(ctx.lookupSet(TypeNet))]).toEqual([32, 27]);
    expect([...ctx.encodeTypeValue(ctx.lookupMap(TypeString, TypeBytes))]).toEqual([33, 25, 24]);
    expect([...ctx.encodeTypeValue(ctx.lookupUnion([TypeString, TypeInt64]))]).toEqual([34, 2, 9, 25]);
    expect([...ctx.encodeTypeValue(ctx.lookupEnum(['x', 'yz']))]).toEqual([35, 2, 1, ...utf8('x'), 2, ...utf8('yz')]);
    expect([...ctx.encodeTypeValue(ctx.lookupError(TypeString))]).toEqual([36, 25]);
  });

  it('writes a named type as a definition, then as a reference', () => {
    const ctx = new TypeContext();
    const foo = ctx.lookupNamed('foo', TypeInt64);
    const rec = ctx.lookupRecord([
      { name: 'a', type: foo },
      { name: 'b', type: foo },
    ]);
    expect([...ctx.encodeTypeValue(foo)]).toEqual([37, 3, ...utf8('foo'), 9]);
    expect([...ctx.encodeTypeValue(rec)]).toEqual([
      30, 2, 1, ...utf8('a'), 37, 3, ...utf8('foo'), 9, 1, ...utf8('b'), 38, 3, ...utf8('foo'),
    ]);
  });

  it('round-trip every complex type into a fresh context', () => {
    roundTrip((c) => c.lookupRecord([]));
    roundTrip((c) =>
      c.lookupRecord([
        { name: 'a', type: TypeInt64 },
        { name: 'héllo wörld', type: c.lookupRecord([{ name: '', type: TypeTime }]) },
      ]),
    );
    roundTrip((c) => c.lookupArray(c.lookupArray(TypeFloat64)));
    roundTrip((c) => c.lookupSet(c.lookupRecord([{ name: 'ip', type: TypeIP }])));
    roundTrip((c) => c.lookupMap(TypeString, c.lookupArray(TypeNet)));
    roundTrip((c) => c.lookupUnion([TypeString, c.lookupArray(TypeInt64), c.lookupRecord([{ name: 'x', type: TypeBool }])]));
    roundTrip((c) => c.lookupEnum(['a', 'b', 'ü']));
    roundTrip((c) => c.lookupError(c.lookupRecord([{ name: 'message', type: TypeString }])));
    roundTrip((c) => c.lookupArray(TypeType));
  });

  it('round-trip nested and repeated named types', () => {
    roundTrip((c) => {
      const port = c.lookupNamed('port', TypeUint8);
      const conn = c.lookupNamed('conn', c.lookupRecord([
        { name: 'src', type: port },
        { name: 'dst', type: port },
        { name: 'ports', type: c.lookupArray(port) },
      ]));
      return c.lookupRecord([
        { name: 'c', type: conn },
        { name: 'cs', type: c.lookupSet(conn) },
        { name: 'm', type: c.lookupMap(port, c.lookupUnion([port, TypeString])) },
        { name: 'e', type: c.lookupError(conn) },
      ]);
    });
    roundTrip((c) => c.lookupNamed('outer', c.lookupNamed('inner', TypeString)));
  });

  it('round-trip a name rebound inside one type value', () => {
    const ctx = new TypeContext();
    const x1 = ctx.lookupNamed('x', TypeInt64);
    const x2 = ctx.lookupNamed('x', TypeString);
    const rec = ctx.lookupRecord([
      { name: 'a', type: x1 },
      { name: 'b', type: x2 },
      { name: 'c', type: x2 },
      { name: 'd', type: x1 },
    ]);
    const tv = ctx.encodeTypeValue(rec);
    const fresh = new TypeContext();
    const got = fresh.decodeTypeValue(tv);
    expect(show(got)).toBe(show(rec));
    if (got.kind !== 'record') throw new Error('not a record');
    expect(got.fields[0]!.type).toBe(got.fields[3]!.type);
    expect(got.fields[1]!.type).toBe(got.fields[2]!.type);
    expect(got.fields[0]!.type).not.toBe(got.fields[1]!.type);
  });

  it('binds names defined while decoding', () => {
    const ctx = new TypeContext();
    const tv = ctx.encodeTypeValue(ctx.lookupNamed('port', TypeUint8));
    const fresh = new TypeContext();
    const t = fresh.decodeTypeValue(tv);
    expect(fresh.lookupByName('port')).toBe(t);
    // A bare reference resolves against the context's bindings.
    expect(fresh.decodeTypeValue(Uint8Array.of(38, 4, ...utf8('port')))).toBe(t);
  });

  it('reject malformed type values', () => {
    const ctx = new TypeContext();
    expect(() => ctx.decodeTypeValue(new Uint8Array(0))).toThrow(FormatError);
    expect(() => ctx.decodeTypeValue(Uint8Array.of(9, 9))).toThrow(/trailing/);
    expect(() => ctx.decodeTypeValue(Uint8Array.of(30, 1, 5, 97))).toThrow(FormatError);
    expect(() => ctx.decodeTypeValue(Uint8Array.of(31))).toThrow(FormatError);
    expect(() => ctx.decodeTypeValue(Uint8Array.of(39))).toThrow(FormatError);
    expect(() => ctx.decodeTypeValue(Uint8Array.of(4))).toThrow(FormatError);
    expect(() => ctx.decodeTypeValue(Uint8Array.of(38, 1, 122))).toThrow(/undefined type name/);
    expect(() => ctx.decodeTypeValue(Uint8Array.of(30, 2, 1, 97, 9, 1, 97, 9))).toThrow(InvalidError);
  });
});
