// ZjsonEncoder and ZjsonDecoder: zq's exact output (IDs per stream, refs,
// key order, Go's string escaping), round trips for every kind of type, and
// the reader's errors. Values are built with src/zed.
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../errors/index.js';
import {
  Builder,
  TypeBool,
  TypeBytes,
  TypeContext,
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
  Value,
  encodeBool,
  encodeFloat16,
  encodeFloat32,
  encodeFloat64,
  encodeInt,
  encodeUint,
  parseIP,
  parseNet,
  type Type,
} from '../../zed/index.js';
import { ZjsonDecoder, ZjsonEncoder } from './index.js';

const enc = new TextEncoder();
const utf8 = (s: string) => enc.encode(s);

/** A container body from element bodies (null for a null element; arrays nest). */
type Body = Uint8Array | null | Body[];
function body(parts: Body[]): Uint8Array {
  const b = new Builder();
  const put = (p: Body): void => {
    if (p === null || p instanceof Uint8Array) {
      b.append(p);
      return;
    }
    b.beginContainer();
    p.forEach(put);
    b.endContainer();
  };
  parts.forEach(put);
  return b.bytes();
}

function text(chunk: string | Uint8Array): string {
  return typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk);
}

function encode(values: Value[]): string {
  const e = new ZjsonEncoder();
  return text(e.write(values)) + text(e.end());
}

let seed = 3;
function rand(n: number): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
}

function decode(input: string, ctx: TypeContext, how: 'whole' | 'bytes' | 'random' = 'whole'): Value[] {
  const bytes = utf8(input);
  const d = new ZjsonDecoder(ctx);
  const out: Value[] = [];
  for (let off = 0; off < bytes.length; ) {
    const n = how === 'whole' ? bytes.length : how === 'bytes' ? 1 : 1 + rand(30);
    out.push(...d.push(bytes.subarray(off, off + n)));
    off += n;
  }
  out.push(...d.end());
  return out;
}

const I64 = '{"kind":"primitive","name":"int64"}';
const STR = '{"kind":"primitive","name":"string"}';

describe('ZjsonEncoder', () => {
  it('defines a type once per stream and refers to it after', () => {
    const ctx = new TypeContext();
    const r = ctx.lookupRecord([
      { name: 'a', type: TypeInt64 },
      { name: 'b', type: TypeString },
    ]);
    const v1 = new Value(r, body([encodeInt(1), utf8('x')]));
    const v2 = new Value(r, body([encodeInt(-2), null]));
    expect(encode([v1, v2])).toBe(
      `{"type":{"kind":"record","id":30,"fields":[{"name":"a","type":${I64}},{"name":"b","type":${STR}}]},"value":["1","x"]}\n` +
        `{"type":{"kind":"ref","id":30},"value":["-2",null]}\n`,
    );
  });

  it('numbers types from 30 in each stream, inner types first', () => {
    const ctx = new TypeContext();
    const inner = ctx.lookupRecord([{ name: 'z', type: TypeString }]);
    ctx.lookupArray(TypeBool); // a type of the source context that the stream never sees
    const outer = ctx.lookupRecord([
      { name: 's', type: TypeString },
      { name: 'r', type: inner },
      { name: 'q', type: inner },
    ]);
    const v = new Value(outer, body([utf8('hi'), [utf8('a')], null]));
    const innerDef = `{"kind":"record","id":30,"fields":[{"name":"z","type":${STR}}]}`;
    const want = `{"type":{"kind":"record","id":31,"fields":[{"name":"s","type":${STR}},{"name":"r","type":${innerDef}},{"name":"q","type":{"kind":"ref","id":30}}]},"value":["hi",["a"],null]}\n`;
    expect(encode([v])).toBe(want);
    expect(encode([v])).toBe(want);
  });

  it('treats equal types from different contexts as one type', () => {
    const mk = () => {
      const ctx = new TypeContext();
      return new Value(ctx.lookupRecord([{ name: 'a', type: TypeInt64 }]), body([encodeInt(1)]));
    };
    const out = encode([mk(), mk()]).split('\n');
    expect(out[1]).toBe('{"type":{"kind":"ref","id":30},"value":["1"]}');
  });

  it('writes empty and null containers and null values', () => {
    const ctx = new TypeContext();
    const empty = ctx.lookupRecord([]);
    const arr = ctx.lookupArray(TypeInt64);
    expect(encode([new Value(empty, new Uint8Array(0)), new Value(arr, new Uint8Array(0)), new Value(arr, null), new Value(TypeNull, null)])).toBe(
      '{"type":{"kind":"record","id":30,"fields":null},"value":[]}\n' +
        `{"type":{"kind":"array","id":31,"type":${I64}},"value":[]}\n` +
        '{"type":{"kind":"ref","id":31},"value":null}\n' +
        '{"type":{"kind":"primitive","name":"null"},"value":null}\n',
    );
  });

  it('writes sets, maps, unions, enums, errors and named types', () => {
    const ctx = new TypeContext();
    const set = ctx.lookupSet(TypeString);
    const map = ctx.lookupMap(TypeString, TypeInt64);
    const union = ctx.lookupUnion([TypeString, TypeInt64]);
    const en = ctx.lookupEnum(['red', 'green']);
    const err = ctx.lookupError(TypeString);
    const port = ctx.lookupNamed('port', TypeUint16);
    const rec = ctx.lookupRecord([
      { name: 'set', type: set },
      { name: 'map', type: map },
      { name: 'u', type: union },
      { name: 'e', type: en },
      { name: 'err', type: err },
      { name: 'p', type: port },
    ]);
    const v = new Value(
      rec,
      body([[utf8('a'), utf8('b')], [utf8('k'), encodeInt(7), utf8('l'), null], [encodeInt(1), utf8('s')], encodeUint(1), utf8('boom'), encodeUint(443)]),
    );
    expect(encode([v])).toBe(
      '{"type":{"kind":"record","id":36,"fields":[' +
        `{"name":"set","type":{"kind":"set","id":30,"type":${STR}}},` +
        `{"name":"map","type":{"kind":"map","id":31,"key_type":${STR},"val_type":${I64}}},` +
        `{"name":"u","type":{"kind":"union","id":32,"types":[${I64},${STR}]}},` +
        '{"name":"e","type":{"kind":"enum","id":33,"symbols":["red","green"]}},' +
        `{"name":"err","type":{"kind":"error","id":34,"type":${STR}}},` +
        '{"name":"p","type":{"kind":"named","id":35,"name":"port","type":{"kind":"primitive","name":"uint16"}}}]},' +
        '"value":[["a","b"],[["k","7"],["l",null]],["1","s"],"1","boom","443"]}\n',
    );
  });

  it('writes type values as type objects sharing the stream IDs', () => {
    const ctx = new TypeContext();
    const myrec = ctx.lookupNamed('myrec', ctx.lookupRecord([{ name: 'a', type: TypeInt64 }]));
    const rec = ctx.lookupRecord([
      { name: 't', type: TypeType },
      { name: 'n', type: TypeUint64 },
    ]);
    const v = new Value(rec, body([ctx.encodeTypeValue(myrec), encodeUint(1)]));
    const w = new Value(TypeType, ctx.encodeTypeValue(TypeInt64));
    const x = new Value(TypeType, ctx.encodeTypeValue(myrec));
    expect(encode([v, w, x])).toBe(
      `{"type":{"kind":"record","id":30,"fields":[{"name":"t","type":{"kind":"primitive","name":"type"}},{"name":"n","type":{"kind":"primitive","name":"uint64"}}]},` +
        `"value":[{"kind":"named","id":32,"name":"myrec","type":{"kind":"record","id":31,"fields":[{"name":"a","type":${I64}}]}},"1"]}\n` +
        `{"type":{"kind":"primitive","name":"type"},"value":${I64}}\n` +
        '{"type":{"kind":"primitive","name":"type"},"value":{"kind":"ref","id":32}}\n',
    );
  });

  it('escapes strings as Go encoding/json does', () => {
    const s = 'a<b>&c"d\\e\nf\tg\rh\u0001i\u0008j\u000ck\u007fé\u2028\u2029😀';
    expect(encode([new Value(TypeString, utf8(s))])).toBe(
      `{"type":${STR},"value":"a\\u003cb\\u003e\\u0026c\\"d\\\\e\\nf\\tg\\rh\\u0001i\\u0008j\\u000ck\u007fé\\u2028\\u2029😀"}\n`,
    );
    const ctx = new TypeContext();
    const r = ctx.lookupRecord([{ name: 'x<y', type: TypeString }]);
    expect(encode([new Value(r, body([Uint8Array.of(0x61, 0xff)]))])).toBe(
      `{"type":{"kind":"record","id":30,"fields":[{"name":"x\\u003cy","type":${STR}}]},"value":["a\\ufffd"]}\n`,
    );
  });

  it('writes primitive values as their ZSON text', () => {
    const cases: [Type, Uint8Array, string][] = [
      [TypeFloat64, encodeFloat64(1.5), '1.5'],
      [TypeFloat64, encodeFloat64(2), '2.'],
      [TypeBool, encodeBool(false), 'false'],
      [TypeBytes, Uint8Array.of(1, 0xab), '0x01ab'],
      [TypeIP, parseIP('10.0.0.1')!, '10.0.0.1'],
      [TypeNet, parseNet('10.1.0.0/16')!, '10.1.0.0/16'],
      [TypeTime, encodeInt(0n), '1970-01-01T00:00:00Z'],
      [TypeDuration, encodeInt(1_500_000_000n), '1.5s'],
      [TypeInt8, encodeInt(-8), '-8'],
      [TypeUint64, encodeUint(18446744073709551615n), '18446744073709551615'],
    ];
    for (const [t, b, want] of cases) {
      expect(encode([new Value(t, b)])).toBe(`{"type":{"kind":"primitive","name":"${(t as { name: string }).name}"},"value":"${want}"}\n`);
    }
  });
});

describe('ZjsonDecoder', () => {
  /** One value of every kind of type, built in `ctx`. */
  function everything(ctx: TypeContext): Value[] {
    const prims: [Type, Uint8Array][] = [
      [TypeUint8, encodeUint(255)],
      [TypeUint16, encodeUint(65535)],
      [TypeUint32, encodeUint(4294967295)],
      [TypeUint64, encodeUint(18446744073709551615n)],
      [TypeInt8, encodeInt(-128)],
      [TypeInt16, encodeInt(-32768)],
      [TypeInt32, encodeInt(-2147483648)],
      [TypeInt64, encodeInt(-9223372036854775808n)],
      [TypeInt64, encodeInt(9223372036854775807n)],
      [TypeDuration, encodeInt(-90_000_000_001n)],
      [TypeTime, encodeInt(1_490_385_563_053_424_000n)],
      [TypeFloat16, encodeFloat16(1.5)],
      [TypeFloat32, encodeFloat32(0.1)],
      [TypeFloat64, encodeFloat64(0.1)],
      // Not -0: Zed writes it as "0." (zson formatter.go), so it reads back as 0.
      [TypeFloat64, encodeFloat64(Infinity)],
      [TypeFloat64, encodeFloat64(NaN)],
      [TypeFloat64, encodeFloat64(1e300)],
      [TypeBool, encodeBool(true)],
      [TypeBytes, new Uint8Array(0)],
      [TypeBytes, Uint8Array.of(0, 255)],
      [TypeString, new Uint8Array(0)],
      [TypeString, utf8('héllo, "wörld" \\ \n\t <&> 😀 \u2028')],
      [TypeIP, parseIP('fe80::1')!],
      [TypeIP, parseIP('192.168.1.1')!],
      [TypeNet, parseNet('10.0.0.0/8')!],
      [TypeNet, parseNet('2001:db8::/32')!],
      [TypeType, ctx.encodeTypeValue(TypeString)],
      [TypeType, ctx.encodeTypeValue(ctx.lookupRecord([{ name: 'a', type: ctx.lookupArray(TypeIP) }]))],
    ];
    const vals = prims.map(([t, b]) => new Value(t, b));
    for (const [t] of prims) vals.push(new Value(t, null));
    vals.push(new Value(TypeNull, null));
    const inner = ctx.lookupRecord([
      { name: 'x', type: TypeInt64 },
      { name: 'y', type: TypeString },
    ]);
    const union = ctx.lookupUnion([TypeString, TypeInt64, inner, ctx.lookupArray(TypeInt64)]);
    const en = ctx.lookupEnum(['a', 'b', 'c']);
    const named = ctx.lookupNamed('pt', inner);
    const renamed = ctx.lookupNamed('ip4', TypeIP);
    const set = ctx.lookupSet(TypeString);
    const map = ctx.lookupMap(TypeString, ctx.lookupArray(named));
    const err = ctx.lookupError(inner);
    const big = ctx.lookupRecord([
      { name: 'r', type: inner },
      { name: 'a', type: ctx.lookupArray(union) },
      { name: 's', type: set },
      { name: 'm', type: map },
      { name: 'e', type: en },
      { name: 'err', type: err },
      { name: 'n', type: named },
      { name: 'ip', type: renamed },
      { name: 't', type: TypeType },
      { name: 'empty', type: ctx.lookupRecord([]) },
    ]);
    const pt = [encodeInt(1), utf8('p')];
    vals.push(
      new Value(
        big,
        body([
          pt,
          [[encodeInt(0), utf8('s')], [encodeInt(1), encodeInt(5)], null, [encodeInt(2), pt], [encodeInt(3), [encodeInt(1), encodeInt(2)]]],
          [utf8('a'), utf8('b')],
          [utf8('k'), [pt, null], utf8('l'), null],
          encodeUint(2),
          pt,
          [encodeInt(3), null],
          parseIP('1.2.3.4')!,
          ctx.encodeTypeValue(named),
          [],
        ]),
      ),
    );
    vals.push(new Value(big, body([null, null, null, null, null, null, null, null, null, null])));
    vals.push(new Value(big, null));
    vals.push(new Value(union, body([encodeInt(1), encodeInt(42)])));
    vals.push(new Value(err, body([encodeInt(1), utf8('e')])));
    vals.push(new Value(en, encodeUint(0)));
    vals.push(new Value(ctx.lookupArray(ctx.lookupArray(TypeInt64)), body([[], [encodeInt(1)], null])));
    return vals;
  }

  it('round-trips every kind of value to the same type and bytes', () => {
    const ctx = new TypeContext();
    const vals = everything(ctx);
    const zjson = encode(vals);
    for (const how of ['whole', 'bytes', 'random'] as const) {
      const got = decode(zjson, ctx, how);
      expect(got).toHaveLength(vals.length);
      got.forEach((v, i) => {
        expect(v.type).toBe(vals[i]!.type);
        expect(v.bytes).toEqual(vals[i]!.bytes);
      });
    }
  });

  it('round-trips into a fresh context and writes the same text again', () => {
    const zjson = encode(everything(new TypeContext()));
    const again = encode(decode(zjson, new TypeContext()));
    expect(again).toBe(zjson);
  });

  it('maps stream IDs to local types and resolves refs', () => {
    const ctx = new TypeContext();
    const input =
      `{"type":{"kind":"record","id":77,"fields":[{"name":"a","type":${I64}}]},"value":["1"]}\n` +
      '{"type":{"kind":"ref","id":77},"value":["2"]}\n\n';
    const got = decode(input, ctx);
    expect(got).toHaveLength(2);
    expect(got[1]!.type).toBe(got[0]!.type);
    expect(got[1]!.type).toBe(ctx.lookupRecord([{ name: 'a', type: TypeInt64 }]));
  });

  it('reads union tags against the union members in Zed type order', () => {
    const ctx = new TypeContext();
    const input = `{"type":{"kind":"union","id":30,"types":[${STR},{"kind":"primitive","name":"int32"}]},"value":["1","5"]}\n`;
    const [v] = decode(input, ctx);
    const u = ctx.lookupUnion([TypeInt32, TypeString]);
    expect(v!.type).toBe(u);
    expect(v!.bytes).toEqual(body([encodeInt(1), utf8('5')]));
  });

  it('normalizes set values: sorted by bytes, repeats dropped', () => {
    const ctx = new TypeContext();
    const input = `{"type":{"kind":"set","id":30,"type":${STR}},"value":["b","a",null,"b","ab"]}\n`;
    const [v] = decode(input, ctx);
    expect(v!.bytes).toEqual(body([null, utf8('a'), utf8('b'), utf8('ab')]));
  });

  it('reports malformed input with zq wording', () => {
    const ctx = new TypeContext();
    const err = (input: string): ParseError => {
      try {
        decode(input, ctx);
      } catch (e) {
        if (e instanceof ParseError) return e;
        throw e;
      }
      throw new Error('no error');
    };
    const rec = `{"kind":"record","id":30,"fields":[{"name":"a","type":${I64}}]}`;
    expect(err(`{"type":${rec},"value":["1"]}\n{"type":`).message).toBe(
      'line 2: malformed ZJSON: bad type object: "{\\"type\\":": unpacker error parsing JSON: unexpected end of JSON input',
    );
    expect(err('{"type":{"kind":"ref","id":31},"value":null}').message).toBe('ZJSON unknown type reference: 31');
    expect(err('{"type":{"kind":"primitive","name":"int7"},"value":null}').message).toBe('ZJSON unknown type: int7');
    expect(err(`{"type":${rec},"value":["1","2"]}`).message).toBe('line 1: record with extra field');
    expect(err(`{"type":${rec},"value":"1"}`).message).toBe('line 1: ZJSON record value must be a JSON array');
    expect(err(`{"type":${rec},"value":[1]}`).message).toBe('line 1: ZJSON primitive value is not a JSON string');
    expect(err(`{"type":${rec},"value":["x"]}`).message).toBe('line 1: invalid int64: x');
    expect(err(`{"type":{"kind":"union","id":30,"types":[${I64},${STR}]},"value":["2","x"]}`).message).toBe(
      'line 1: bad tag for ZJSON union value: 2',
    );
    expect(err('{"a":1}').line).toBe(1);
    expect(err('[1,2]').line).toBe(1);
  });

  it('returns the values before an error, then throws', () => {
    const d = new ZjsonDecoder(new TypeContext());
    const good = `{"type":${I64},"value":"1"}\n`;
    expect(d.push(utf8(good + good + 'nope\n'))).toHaveLength(2);
    expect(() => d.end()).toThrow(ParseError);
  });
});
