import { describe, expect, it } from 'vitest';
import { TypeContext } from './context.js';
import {
  newBool,
  newBytes,
  newDuration,
  newFloat16,
  newFloat32,
  newFloat64,
  newInt,
  newInt64,
  newIP,
  newNet,
  newString,
  newTime,
  newUint,
  newUint64,
} from './make.js';
import { comparatorFor, compareFloats, compareValues } from './order.js';
import { encodeUint } from './primitive-codec.js';
import { parseIP, parseNet } from './ip.js';
import {
  TypeBool,
  TypeBytes,
  TypeDuration,
  TypeFloat16,
  TypeFloat32,
  TypeFloat64,
  TypeInt16,
  TypeInt32,
  TypeInt64,
  TypeInt8,
  TypeIP,
  TypeNet,
  TypeNull,
  TypeString,
  TypeTime,
  TypeType,
  TypeUint16,
  TypeUint32,
  TypeUint64,
  TypeUint8,
  type Type,
  type UnionType,
} from './types.js';
import { NullValue, Value } from './value.js';
import { Builder } from './zcode.js';

const ip = (s: string) => newIP(parseIP(s)!);
const net = (s: string) => newNet(parseNet(s)!);

function container(t: Type, elems: readonly (Uint8Array | null)[]): Value {
  const b = new Builder();
  for (const e of elems) b.append(e);
  return new Value(t, b.bytes());
}

function record(ctx: TypeContext, fields: [string, Value][]): Value {
  const t = ctx.lookupRecord(fields.map(([name, v]) => ({ name, type: v.type })));
  return container(t, fields.map(([, v]) => v.bytes));
}

function array(ctx: TypeContext, elem: Type, vals: Value[]): Value {
  return container(ctx.lookupArray(elem), vals.map((v) => v.bytes));
}

function union(u: UnionType, v: Value): Value {
  return container(u, [encodeUint(u.selectorOf(v.type)), v.bytes]);
}

function typeValue(ctx: TypeContext, t: Type): Value {
  return new Value(TypeType, ctx.encodeTypeValue(t));
}

function sortValues(vals: Value[], nullsMax = true): Value[] {
  return vals.slice().sort((a, b) => compareValues(a, b, { nullsMax }));
}

describe('compareValues nulls', () => {
  it('puts nulls last by default and first when nullsMax is false', () => {
    const vals = [newInt64(2), NullValue, newInt64(1), new Value(TypeString, null), newInt64(3)];
    expect(sortValues(vals).map((v) => (v.isNull() ? null : v.asIntNumber()))).toEqual([1, 2, 3, null, null]);
    expect(sortValues(vals, false).map((v) => (v.isNull() ? null : v.asIntNumber()))).toEqual([null, null, 1, 2, 3]);
    expect(compareValues(NullValue, newString('x'))).toBe(1);
    expect(compareValues(NullValue, newString('x'), { nullsMax: false })).toBe(-1);
  });

  it('treats nulls of any types as equal', () => {
    expect(compareValues(new Value(TypeInt64, null), new Value(TypeString, null))).toBe(0);
    expect(compareValues(NullValue, new Value(TypeIP, null), { nullsMax: false })).toBe(0);
  });
});

describe('compareValues numbers', () => {
  it('sorts mixed numeric types numerically, NaN first (sort/ztests/numbers.yaml)', () => {
    const input = [
      newUint(TypeUint16, 16), newUint(TypeUint32, 32), newUint64(64), newInt(TypeInt16, -16), newInt(TypeInt32, -32),
      newInt64(-64), newFloat32(-32.32), newFloat32(32.32), newFloat64(-64.64), newFloat64(64.64),
      newFloat64(-Infinity), newFloat64(Infinity), newFloat64(NaN),
    ];
    const order = [12, 10, 8, 5, 6, 4, 3, 0, 1, 7, 2, 9, 11];
    expect(sortValues(input)).toEqual(order.map((i) => input[i]));
  });

  it('compares signed against unsigned at the 64-bit extremes', () => {
    const u64max = newUint64(2n ** 64n - 1n);
    const i64min = newInt64(-(2n ** 63n));
    const i64max = newInt64(2n ** 63n - 1n);
    expect(compareValues(i64min, newUint(TypeUint8, 0))).toBe(-1);
    expect(compareValues(newUint(TypeUint8, 0), i64min)).toBe(1);
    expect(compareValues(i64max, u64max)).toBe(-1);
    expect(compareValues(u64max, i64max)).toBe(1);
    expect(compareValues(newUint64(2n ** 63n - 1n), i64max)).toBe(0);
    expect(compareValues(newInt(TypeInt8, -1), newUint64(2n ** 64n - 1n))).toBe(-1);
    expect(compareValues(i64min, newInt64(-(2n ** 63n) + 1n))).toBe(-1);
    expect(compareValues(i64max, newInt64(2n ** 63n - 2n))).toBe(1);
    expect(compareValues(u64max, newUint64(2n ** 64n - 2n))).toBe(1);
  });

  it('compares against floats as float64, as Go does', () => {
    expect(compareValues(newUint64(2n ** 64n - 1n), newFloat64(2 ** 64))).toBe(0);
    expect(compareValues(newInt64(2n ** 63n - 1n), newFloat64(2 ** 63))).toBe(0);
    expect(compareValues(newInt64(1), newFloat64(1))).toBe(0);
    expect(compareValues(newInt64(0), newFloat64(-0))).toBe(0);
    expect(compareValues(newFloat16(0.1), newFloat64(0.1))).toBe(-1);
    expect(compareValues(newFloat32(0.5), newFloat16(0.5))).toBe(0);
    expect(compareValues(newInt64(-1), newFloat64(NaN))).toBe(1);
    expect(compareValues(newFloat64(NaN), newFloat32(NaN))).toBe(0);
    expect(compareValues(newFloat64(NaN), newFloat64(-Infinity))).toBe(-1);
  });

  it('compares times and durations numerically with other numbers (Zed IsNumber)', () => {
    expect(compareValues(newTime(5n), newInt64(4))).toBe(1);
    expect(compareValues(newTime(5n), newDuration(5n))).toBe(0);
    expect(compareValues(newDuration(-1n), newUint(TypeUint8, 0))).toBe(-1);
    expect(compareValues(newTime(1_000_000_000n), newFloat64(1e9))).toBe(0);
    expect(compareValues(newTime(-86_400_000_000_000n), newTime(0n))).toBe(-1);
    expect(compareValues(newTime(-1n), newTime(-2n))).toBe(1);
  });

  it('compareFloats follows Go cmp.Compare', () => {
    expect(compareFloats(NaN, NaN)).toBe(0);
    expect(compareFloats(NaN, -Infinity)).toBe(-1);
    expect(compareFloats(-Infinity, NaN)).toBe(1);
    expect(compareFloats(-0, 0)).toBe(0);
    expect(compareFloats(1, 2)).toBe(-1);
  });
});

describe('compareValues across types', () => {
  it('orders numbers < bool < bytes < string < ip < net < type < containers', () => {
    const ctx = new TypeContext();
    const rec = record(ctx, [['a', newInt64(1)]]);
    const arr = array(ctx, TypeInt64, [newInt64(1)]);
    const set = container(ctx.lookupSet(TypeInt64), [newInt64(1).bytes]);
    const map = container(ctx.lookupMap(TypeString, TypeInt64), [newString('k').bytes, newInt64(1).bytes]);
    const un = union(ctx.lookupUnion([TypeInt64, TypeString]), newInt64(1));
    const en = new Value(ctx.lookupEnum(['a', 'b']), encodeUint(1));
    const er = new Value(ctx.lookupError(TypeString), newString('boom').bytes);
    const ordered = [
      newFloat64(1e300), newBool(false), newBytes(Uint8Array.of(0)), newString(''), ip('0.0.0.0'), net('0.0.0.0/0'),
      typeValue(ctx, TypeUint8), rec, arr, set, map, un, en, er, NullValue,
    ];
    const shuffled = [...ordered].reverse();
    expect(sortValues(shuffled)).toEqual(ordered);
  });

  it('orders values of different record types by type', () => {
    const ctx = new TypeContext();
    const a = record(ctx, [['x', newUint(TypeUint16, 9)]]);
    const b = record(ctx, [['x', newString('a')]]);
    const c = record(ctx, [['x', newInt64(0)], ['y', newInt64(0)]]);
    expect(sortValues([c, b, a])).toEqual([a, b, c]);
  });

  it('ignores type names unless the underlying types differ', () => {
    const ctx = new TypeContext();
    const foo = ctx.lookupNamed('foo', TypeInt64);
    const ipaddr = ctx.lookupNamed('ipaddr', TypeIP);
    expect(compareValues(new Value(foo, newInt64(1).bytes), newInt64(1))).toBe(0);
    expect(compareValues(new Value(foo, newInt64(1).bytes), newUint(TypeUint8, 2))).toBe(-1);
    const named = new Value(ctx.lookupNamed('s', TypeString), newString('b').bytes);
    expect(compareValues(named, newString('a'))).toBe(1);
    expect(compareValues(named, newString('c'))).toBe(-1);
    // sort/ztests/sort-named.yaml
    const host1 = new Value(ipaddr, parseIP('127.0.0.1'));
    const host2 = ip('127.0.0.2');
    expect(sortValues([host2, host1])).toEqual([host1, host2]);
  });
});

describe('compareValues within a type', () => {
  it('orders bools, strings and bytes', () => {
    expect(compareValues(newBool(false), newBool(true))).toBe(-1);
    expect(compareValues(newBool(true), newBool(true))).toBe(0);
    const words = ['hello', 'Hi', 'WORLD', '', 'a', 'ab', '\u{1f600}', '\uff61', 'é'].map(newString);
    expect(sortValues(words).map((v) => v.asString())).toEqual(['', 'Hi', 'WORLD', 'a', 'ab', 'hello', 'é', '\uff61', '\u{1f600}']);
    expect(compareValues(newBytes(Uint8Array.of(1, 2)), newBytes(Uint8Array.of(1, 2, 0)))).toBe(-1);
    expect(compareValues(newBytes(Uint8Array.of(2)), newBytes(Uint8Array.of(1, 255)))).toBe(1);
    expect(compareValues(newBytes(new Uint8Array(0)), newBytes(new Uint8Array(0)))).toBe(0);
  });

  it('orders IPv4 before IPv6, then by address', () => {
    const vals = ['::', '255.255.255.255', '::ffff:1.2.3.4', '1.2.3.4', '10.0.0.1', '2001:db8::1', '::1'].map(ip);
    expect(sortValues(vals)).toEqual(['1.2.3.4', '10.0.0.1', '255.255.255.255', '::', '::1', '::ffff:1.2.3.4', '2001:db8::1'].map(ip));
  });

  it('orders nets by their bytes (address, then mask)', () => {
    expect(compareValues(net('10.0.0.0/8'), net('10.0.0.0/16'))).toBe(-1);
    expect(compareValues(net('9.0.0.0/32'), net('10.0.0.0/8'))).toBe(-1);
    expect(compareValues(net('10.0.0.0/8'), net('::/0'))).toBe(1);
  });

  it('orders type values by compareTypes', () => {
    const ctx = new TypeContext();
    const t1 = ctx.lookupNamed('named1', TypeType);
    const vals = [
      typeValue(ctx, ctx.lookupArray(TypeUint8)),
      typeValue(ctx, TypeNull),
      typeValue(ctx, t1),
      typeValue(ctx, TypeType),
      typeValue(ctx, ctx.lookupRecord([{ name: 'x', type: TypeString }])),
      typeValue(ctx, TypeInt64),
      typeValue(ctx, ctx.lookupRecord([{ name: 'x', type: TypeUint16 }])),
    ];
    const want = [5, 3, 2, 1, 6, 4, 0].map((i) => vals[i]);
    expect(sortValues(vals)).toEqual(want);
    expect(compareValues(typeValue(ctx, t1), typeValue(new TypeContext(), t1))).toBe(0);
  });

  it('orders arrays element by element, shorter first, with element nulls per nullsMax', () => {
    const ctx = new TypeContext();
    const a = (...xs: (number | null)[]) =>
      array(ctx, TypeInt64, xs.map((x) => (x === null ? new Value(TypeInt64, null) : newInt64(x))));
    expect(sortValues([a(1, 3), a(1, 2, 3), a(), a(1, 2), a(0, 9, 9)])).toEqual([a(), a(0, 9, 9), a(1, 2), a(1, 2, 3), a(1, 3)]);
    expect(compareValues(a(1, null), a(1, 5))).toBe(1);
    expect(compareValues(a(1, null), a(1, 5), { nullsMax: false })).toBe(-1);
    const s = (...xs: string[]) => container(ctx.lookupSet(TypeString), xs.map((x) => newString(x).bytes));
    expect(compareValues(s('b'), s('a', 'z'))).toBe(1);
  });

  it('compares union array elements by their zcode bytes', () => {
    const ctx = new TypeContext();
    const u = ctx.lookupUnion([TypeInt64, TypeString]);
    const arr = (v: Value) => container(ctx.lookupArray(u), [union(u, v).bytes]);
    // Zed compares the union bodies bytewise: the selector element comes first.
    expect(compareValues(arr(newInt64(100)), arr(newString('a')))).toBe(-1);
    expect(compareValues(union(u, newString('a')), union(u, newString('b')))).toBe(-1);
  });

  it('compares records of one type by their zcode bytes, tags included (a Zed quirk)', () => {
    const ctx = new TypeContext();
    const r = (s: string) => record(ctx, [['a', newString(s)]]);
    expect(compareValues(r('a'), r('b'))).toBe(-1);
    // The longer body has the larger tag, so "b" sorts before "ab".
    expect(compareValues(r('b'), r('ab'))).toBe(-1);
    const withNull = record(ctx, [['a', new Value(TypeString, null)]]);
    expect(compareValues(withNull, r(''))).toBe(-1);
    expect(compareValues(r('x'), r('x'))).toBe(0);
  });

  it('compares enums and errors of one type by their bytes', () => {
    const ctx = new TypeContext();
    const e = ctx.lookupEnum(['a', 'b', 'c']);
    expect(compareValues(new Value(e, encodeUint(0)), new Value(e, encodeUint(2)))).toBe(-1);
    const er = ctx.lookupError(TypeString);
    expect(compareValues(new Value(er, newString('x').bytes), new Value(er, newString('y').bytes))).toBe(-1);
  });
});

// A mixed pool without large integers near float64 rounding boundaries: Zed's
// int-to-float comparisons make the order non-transitive there.
function pool(ctx: TypeContext): Value[] {
  const u = ctx.lookupUnion([TypeInt64, TypeString]);
  const foo = ctx.lookupNamed('foo', TypeInt64);
  return [
    NullValue, new Value(TypeInt64, null), new Value(TypeString, null),
    newInt64(0), newInt64(-1), newInt64(7), newInt(TypeInt8, -128), newUint(TypeUint8, 255), newUint64(7),
    newFloat64(7), newFloat64(-0), newFloat64(NaN), newFloat64(Infinity), newFloat64(-Infinity), newFloat32(0.25),
    newFloat16(65504), newTime(-5n), newDuration(3n), newUint(TypeUint32, 2 ** 32 - 1), new Value(foo, newInt64(7).bytes),
    newBool(true), newBool(false), newString(''), newString('a'), newString('b'), new Value(ctx.lookupNamed('s', TypeString), newString('a').bytes),
    newBytes(Uint8Array.of(1)), ip('1.1.1.1'), ip('::1'), net('1.0.0.0/8'), typeValue(ctx, TypeString), typeValue(ctx, foo),
    record(ctx, [['a', newInt64(1)]]), record(ctx, [['a', newInt64(2)]]), record(ctx, [['a', new Value(foo, newInt64(1).bytes)]]),
    array(ctx, TypeInt64, [newInt64(1)]), array(ctx, TypeInt64, []), array(ctx, TypeString, [newString('x')]),
    union(u, newInt64(3)), union(u, newString('x')), new Value(ctx.lookupEnum(['a']), encodeUint(0)),
    new Value(ctx.lookupError(TypeString), newString('e').bytes),
  ];
}

describe('compareValues is a total order', () => {
  it('is reflexive, antisymmetric and transitive over a mixed pool', () => {
    const vals = pool(new TypeContext());
    for (const nullsMax of [true, false]) {
      const c = (a: Value, b: Value) => compareValues(a, b, { nullsMax });
      const m = vals.map((a) => vals.map((b) => c(a, b)));
      const bad: string[] = [];
      for (let i = 0; i < vals.length; i++) {
        if (m[i]![i] !== 0) bad.push(`reflexive ${i}`);
        for (let j = 0; j < vals.length; j++) {
          if (![-1, 0, 1].includes(m[i]![j]!)) bad.push(`range ${i} ${j}`);
          if (m[i]![j] !== -m[j]![i]! + 0) bad.push(`antisymmetric ${i} ${j}`);
          for (let k = 0; k < vals.length; k++) {
            if (m[i]![j]! <= 0 && m[j]![k]! <= 0 && m[i]![k]! > 0) bad.push(`transitive ${i} ${j} ${k}`);
          }
        }
      }
      expect(bad).toEqual([]);
    }
  });
});

describe('comparatorFor', () => {
  function samples(t: Type): Value[] {
    let seed = 99;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const out: Value[] = [new Value(t, null)];
    for (let i = 0; i < 40; i++) {
      const r = rand();
      switch (t) {
        case TypeUint8:
          out.push(newUint(t, Math.floor(r * 256)));
          break;
        case TypeUint64:
          out.push(newUint(t, BigInt(Math.floor(r * 2 ** 32)) * BigInt(Math.floor(rand() * 2 ** 32))));
          break;
        case TypeInt16:
          out.push(newInt(t, Math.floor(r * 65536) - 32768));
          break;
        case TypeInt64:
        case TypeTime:
        case TypeDuration:
          // Magnitudes from 1 to about 2^62, both signs, so bodies of every length occur.
          out.push(newInt(t, (BigInt(Math.floor(r * 2 ** 32)) - 2n ** 31n) * BigInt(Math.floor(rand() * 2 ** 31) + 1)));
          break;
        case TypeFloat64:
          out.push(newFloat64(i === 0 ? NaN : i === 1 ? -0 : (r - 0.5) * 1e6));
          break;
        case TypeFloat32:
          out.push(newFloat32((r - 0.5) * 100));
          break;
        case TypeFloat16:
          out.push(newFloat16((r - 0.5) * 100));
          break;
        case TypeString:
          out.push(newString(String.fromCharCode(97 + Math.floor(r * 3), 97 + Math.floor(rand() * 3)).slice(0, 1 + (i % 2))));
          break;
        case TypeBytes:
          out.push(newBytes(Uint8Array.of(Math.floor(r * 3), i % 3)));
          break;
        case TypeBool:
          out.push(newBool(r < 0.5));
          break;
        case TypeIP:
          out.push(ip(r < 0.5 ? `10.0.0.${i}` : `::${i}`));
          break;
        case TypeNet:
          out.push(net(`10.${i}.0.0/${8 + (i % 9)}`));
          break;
      }
    }
    return out;
  }

  it('agrees with compareValues for each primitive sort type and for mixed types', () => {
    const types = [TypeUint8, TypeUint64, TypeInt16, TypeInt64, TypeTime, TypeDuration, TypeFloat16, TypeFloat32, TypeFloat64, TypeString, TypeBytes, TypeBool, TypeIP, TypeNet];
    const mixed = [newInt64(3), newString('b'), NullValue, newFloat64(2.5), newInt(TypeInt32, 3)];
    for (const t of types) {
      const vals = [...samples(t), ...mixed];
      for (const nullsMax of [true, false]) {
        const fast = comparatorFor(t, { nullsMax });
        for (const a of vals) for (const b of vals) {
          const want = compareValues(a, b, { nullsMax });
          if (fast(a, b) !== want) expect.fail(`${t.name} nullsMax=${nullsMax}: ${fast(a, b)} != ${want}`);
        }
      }
    }
  });

  it('falls back to the general order for complex types', () => {
    const ctx = new TypeContext();
    const t = ctx.lookupArray(TypeInt64);
    const c = comparatorFor(t);
    const a = array(ctx, TypeInt64, [newInt64(1)]);
    const b = array(ctx, TypeInt64, [newInt64(2)]);
    expect(c(a, b)).toBe(-1);
    expect(c(new Value(t, null), b)).toBe(1);
    expect(comparatorFor(TypeType)(typeValue(ctx, TypeInt64), typeValue(ctx, TypeString))).toBe(-1);
  });

  it('sorts int64 keys large enough to need 8 bytes', () => {
    const ts = [1_700_000_000_000_000_000n, -1n, 0n, 2n ** 62n, -(2n ** 62n), 1_699_999_999_999_999_999n];
    const vals = ts.map((n) => newTime(n));
    const sorted = vals.slice().sort(comparatorFor(TypeTime));
    expect(sorted.map((v) => v.asInt())).toEqual(ts.slice().sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});
