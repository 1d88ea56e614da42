// JsonDecoder: Zed's mapping of JSON to Zed values (zio/jsonio), fed whole,
// a byte at a time and in random chunks; errors with zq's wording and a
// line and column.
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../errors/index.js';
import {
  TypeContext,
  TypeFloat64,
  TypeInt64,
  TypeString,
  decodeFloat,
  decodeInt,
  elements,
  encodeFloat64,
  encodeInt,
  underlying,
  type Type,
  type Value,
} from '../../zed/index.js';
import { JsonDecoder } from './json-decoder.js';
import { JsonParser } from './json-parser.js';

const enc = new TextEncoder();
const dec = new TextDecoder();

function typeText(t: Type): string {
  switch (t.kind) {
    case 'primitive':
      return t.name;
    case 'record':
      return '{' + t.fields.map((f) => `${f.name}:${typeText(f.type)}`).join(',') + '}';
    case 'array':
      return '[' + typeText(t.elem) + ']';
    case 'union':
      return '(' + t.types.map(typeText).join(',') + ')';
    default:
      return t.kind;
  }
}

/** A compact text of a value for assertions (not ZSON: union members show their tag). */
function show(t: Type, b: Uint8Array | null): string {
  if (b === null) return 'null';
  const u = underlying(t);
  switch (u.kind) {
    case 'primitive':
      if (u.id === TypeInt64.id) return decodeInt(b).toString();
      if (u.id === TypeFloat64.id) {
        const x = decodeFloat(b);
        return (Object.is(x, -0) ? '-0' : String(x)) + 'f';
      }
      if (u.id === TypeString.id) return JSON.stringify(dec.decode(b));
      if (u.name === 'bool') return b[0] === 1 ? 'true' : 'false';
      return '?';
    case 'record': {
      const els = elements(b);
      return '{' + u.fields.map((f, i) => `${f.name}:${show(f.type, els[i] ?? null)}`).join(',') + '}';
    }
    case 'array':
      return '[' + elements(b).map((e) => show(u.elem, e)).join(',') + ']';
    case 'union': {
      const [tag, inner] = elements(b);
      const sel = Number(decodeInt(tag!));
      return `${sel}:${show(u.types[sel]!, inner ?? null)}`;
    }
    default:
      return '?';
  }
}

function showValue(v: Value): string {
  return `${show(v.type, v.bytes)} <${typeText(v.type)}>`;
}

let seed = 7;
function rand(n: number): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
}

type Chunking = 'whole' | 'bytes' | 'random';

function decodeWith(input: string | Uint8Array, how: Chunking = 'whole', ctx = new TypeContext()): Value[] {
  const bytes = typeof input === 'string' ? enc.encode(input) : input;
  const d = new JsonDecoder(ctx);
  const out: Value[] = [];
  for (let off = 0; off < bytes.length; ) {
    const n = how === 'whole' ? bytes.length : how === 'bytes' ? 1 : 1 + rand(50);
    out.push(...d.push(bytes.subarray(off, off + n)));
    off += n;
  }
  out.push(...d.end());
  return out;
}

function decodeAll(input: string | Uint8Array): string[] {
  const whole = decodeWith(input, 'whole').map(showValue);
  expect(decodeWith(input, 'bytes').map(showValue)).toEqual(whole);
  expect(decodeWith(input, 'random').map(showValue)).toEqual(whole);
  return whole;
}

function errorOf(input: string | Uint8Array, how: Chunking = 'whole'): ParseError {
  try {
    decodeWith(input, how);
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('JsonDecoder mapping', () => {
  it('maps each JSON kind to its Zed type', () => {
    expect(decodeAll('{"s":"x","i":1,"f":1.5,"t":true,"u":false,"n":null,"o":{"a":1},"a":[1,2]}')).toEqual([
      '{s:"x",i:1,f:1.5f,t:true,u:false,n:null,o:{a:1},a:[1,2]} <{s:string,i:int64,f:float64,t:bool,u:bool,n:null,o:{a:int64},a:[int64]}>',
    ]);
  });

  it('decodes top-level scalars, with null as a null of type null', () => {
    const vals = decodeWith('1 "a" true null 2.5');
    expect(vals.map(showValue)).toEqual(['1 <int64>', '"a" <string>', 'true <bool>', 'null <null>', '2.5f <float64>']);
    expect(vals[3]!.bytes).toBeNull();
    expect(vals[1]!.bytes).toEqual(enc.encode('a'));
  });

  it('keeps field order, including keys that look like numbers', () => {
    expect(decodeAll('{"z":1,"2":2,"a":3,"1":4}')).toEqual(['{z:1,2:2,a:3,1:4} <{z:int64,2:int64,a:int64,1:int64}>']);
  });

  it('keeps the last value of a duplicate key where the key first appeared', () => {
    const input = '{"b":null,"a":1,"a":2,"b":"3"}\n{"b":null,"a":1,"a":2,"b":"4"}\n{"x":1,"x":{"y":2}}';
    expect(decodeAll(input)).toEqual(['{b:"3",a:2} <{b:string,a:int64}>', '{b:"4",a:2} <{b:string,a:int64}>', '{x:{y:2}} <{x:{y:int64}}>']);
  });

  it('decodes empty containers: {} and [] (as an empty array of null)', () => {
    expect(decodeAll('{} [] {"a":{},"b":[]} [null,null]')).toEqual([
      '{} <{}>',
      '[] <[null]>',
      '{a:{},b:[]} <{a:{},b:[null]}>',
      '[null,null] <[null]>',
    ]);
  });

  it('decodes nested objects and arrays', () => {
    expect(decodeAll('{"a":{"b":{"c":[[1],[2,3]]}}}')).toEqual(['{a:{b:{c:[[1],[2,3]]}}} <{a:{b:{c:[[int64]]}}}>']);
  });

  it('types mixed arrays as arrays of a union in Zed type order, nulls untagged', () => {
    expect(decodeAll('["a",1,null,2.5,true]')).toEqual(['[3:"a",0:1,null,1:2.5f,2:true] <[(int64,float64,bool,string)]>']);
    expect(decodeAll('[{"b":1},{"a":"x"},{"a":1,"c":2},[1]]')).toEqual([
      '[1:{b:1},0:{a:"x"},2:{a:1,c:2},3:[1]] <[({a:string},{b:int64},{a:int64,c:int64},[int64])]>',
    ]);
  });

  it('tags elements of a union with many members', () => {
    const objs = Array.from({ length: 140 }, (_, i) => `{"k${String(i).padStart(3, '0')}":${i}}`);
    const [v] = decodeWith('[' + objs.join(',') + ']');
    const t = v!.type;
    if (t.kind !== 'array' || t.elem.kind !== 'union') throw new Error('not an array of a union');
    const u = t.elem;
    expect(u.types).toHaveLength(140);
    elements(v!.bytes!).forEach((el, i) => {
      const [tag, inner] = elements(el!);
      const member = u.types[Number(decodeInt(tag!))]!;
      expect(member.kind === 'record' && member.fields[0]!.name).toBe(`k${String(i).padStart(3, '0')}`);
      expect(decodeInt(elements(inner!)[0]!)).toBe(BigInt(i));
    });
  });

  it('gives equal shapes the same interned type and different shapes different types', () => {
    const ctx = new TypeContext();
    const vals = decodeWith('{"a":1,"b":"x"} {"a":2,"b":"y"} {"a":"z","b":"y"} {"b":1,"a":2}', 'whole', ctx);
    expect(vals[0]!.type).toBe(vals[1]!.type);
    expect(vals[2]!.type).not.toBe(vals[0]!.type);
    expect(vals[3]!.type).not.toBe(vals[0]!.type);
    expect(vals[0]!.type).toBe(ctx.lookupRecord([{ name: 'a', type: TypeInt64 }, { name: 'b', type: TypeString }]));
  });

  it('reads a top-level array as one array value', () => {
    expect(decodeAll('[{"a":1,"b":2},{"b":3,"a":4}]')).toEqual([
      '[0:{a:1,b:2},1:{b:3,a:4}] <[({a:int64,b:int64},{b:int64,a:int64})]>',
    ]);
  });

  it('reads values separated by any whitespace or nothing, spanning lines', () => {
    expect(decodeAll('{"a":\n1}{"a":2}\t[1]"x""y"1 2\r\n\n  {\n"a"\n:\n3\n}\n')).toEqual([
      '{a:1} <{a:int64}>',
      '{a:2} <{a:int64}>',
      '[1] <[int64]>',
      '"x" <string>',
      '"y" <string>',
      '1 <int64>',
      '2 <int64>',
      '{a:3} <{a:int64}>',
    ]);
  });

  it('yields nothing for empty or blank input', () => {
    expect(decodeAll('')).toEqual([]);
    expect(decodeAll(' \n\t\r\n')).toEqual([]);
  });
});

describe('JsonDecoder numbers', () => {
  const int = (s: string) => decodeWith(s)[0]!;

  it('reads integers as exact int64s up to the int64 limits', () => {
    for (const s of ['0', '-0', '7', '-7', '123456789012345', '9007199254740993', '-9007199254740993', '9223372036854775807', '-9223372036854775808']) {
      const v = int(s);
      expect(v.type).toBe(TypeInt64);
      expect(v.bytes).toEqual(encodeInt(BigInt(s)));
    }
    expect(int('007').bytes).toEqual(encodeInt(7));
    expect(int('-0012').bytes).toEqual(encodeInt(-12));
  });

  it('reads integers beyond int64 as float64', () => {
    for (const s of ['9223372036854775808', '-9223372036854775809', '18446744073709551616', '123456789012345678901234567890']) {
      const v = int(s);
      expect(v.type).toBe(TypeFloat64);
      expect(v.bytes).toEqual(encodeFloat64(Number(s)));
    }
  });

  it('reads fractions and exponents as correctly rounded float64s', () => {
    const cases = ['1.0', '1.5', '-1.5', '-0.0', '0.1', '1e3', '1E-2', '1e+2', '1.e5', '2.5e-3', '3.141592653589793', '0.30000000000000004', '1.7976931348623157e308', '5e-324', '1e-400', '123456789.123456789', '9007199254740993.0', '0.000001'];
    for (const s of cases) {
      const v = int(s);
      expect(v.type, s).toBe(TypeFloat64);
      expect(v.bytes, s).toEqual(encodeFloat64(Number(s)));
    }
  });

  it('rejects malformed numbers and overflow as zq does', () => {
    expect(errorOf('1e400').reason).toBe('strconv.ParseFloat: parsing "1e400": value out of range');
    expect(errorOf('[1-2]').reason).toBe('strconv.ParseFloat: parsing "1-2": invalid syntax');
    expect(errorOf('-').reason).toBe('strconv.ParseFloat: parsing "-": invalid syntax');
    expect(errorOf('1.2.3').reason).toBe('strconv.ParseFloat: parsing "1.2.3": invalid syntax');
    expect(errorOf('1e').reason).toBe('strconv.ParseFloat: parsing "1e": invalid syntax');
  });

  it('waits for a number cut off by a chunk end', () => {
    const d = new JsonDecoder(new TypeContext());
    expect(d.push(enc.encode('12'))).toEqual([]);
    expect(d.push(enc.encode('34 5'))).toHaveLength(1);
    const last = d.end();
    expect(last.map(showValue)).toEqual(['5 <int64>']);
  });
});

describe('JsonDecoder strings', () => {
  const str = (json: string) => dec.decode(decodeWith(json)[0]!.bytes!);

  it('unescapes JSON escapes and Zed extras', () => {
    expect(str(String.raw`"a\"b\\c\/d\'e\bf\fg\nh\ri\tj"`)).toBe('a"b\\c/d\'e\bf\fg\nh\ri\tj');
    expect(str(String.raw`"\u00e9\u0041\u0000"`)).toBe('é\u0041\u0000');
    expect(str(String.raw`"\ud83d\ude00"`)).toBe('😀');
  });

  it('turns a lone surrogate escape into U+FFFD', () => {
    expect(str(String.raw`"\ud800"`)).toBe('\ufffd');
    expect(str(String.raw`"\ud800\u0041"`)).toBe('\ufffdA');
    expect(str(String.raw`"\ude00x"`)).toBe('\ufffdx');
  });

  it('keeps raw UTF-8 and replaces each invalid byte with U+FFFD', () => {
    expect(str('"héllo 😀 日本"')).toBe('héllo 😀 日本');
    const bad = Uint8Array.of(0x22, 0x61, 0xff, 0xc3, 0x22);
    expect(dec.decode(decodeWith(bad)[0]!.bytes!)).toBe('a\ufffd\ufffd');
  });

  it('normalizes string values to NFC but leaves keys alone', () => {
    const v = decodeWith('{"e\u0301":"e\u0301","k":"e\\u0301"}')[0]!;
    expect(showValue(v)).toBe('{e\u0301:"é",k:"é"} <{e\u0301:string,k:string}>');
  });

  it('normalizes escaped and raw decompositions alike (U+212B, A + U+030A)', () => {
    for (const json of ['"\\u212b"', '"\u212b"', '"A\\u030a"', '"A\u030a"', '"\u00c5"']) {
      expect(decodeWith(json)[0]!.bytes, json).toEqual(Uint8Array.of(0xc3, 0x85));
    }
  });

  it('copies long plain strings exactly', () => {
    const s = 'x'.repeat(200) + 'y'.repeat(100000);
    expect(str(JSON.stringify(s))).toBe(s);
  });

  it('reads strings of every length about the one-byte length limit, whatever they hold and wherever a chunk ends', () => {
    // Plain ASCII up to 126 bytes is copied as it is scanned; the rest are
    // scanned first. A quote, escape, non-ASCII byte or control character
    // at each place, values one after another in one arena.
    const texts: string[] = [];
    for (let n = 0; n <= 260; n += n < 140 ? 1 : 20) {
      const plain = 'abcdefghij'.repeat(27).slice(0, n);
      texts.push(plain);
      for (const k of [0, n >> 1, n - 1]) {
        if (k < 0 || k >= n) continue;
        for (const c of ['"', '\\', '\u00e9', '\n', '\u0001']) texts.push(plain.slice(0, k) + c + plain.slice(k + 1));
      }
    }
    const input = texts.map((t) => JSON.stringify(t)).join('\n');
    const got = decodeAll(input);
    expect(got).toEqual(texts.map((t) => `${JSON.stringify(t)} <string>`));
    expect(got.length).toBeGreaterThan(1500);
    expect(errorOf('"' + 'a'.repeat(126) + '\u0001"').reason).toBe(`invalid JSON string "\\"${'a'.repeat(126)}\\x01\\""`);
  });

  it('copies strings into a full arena without losing a byte', () => {
    // A parser whose arena starts tiny: strings of each length begin at
    // each distance from its end, so the copy as it scans runs out of room.
    for (let cap = 1; cap <= 40; cap += 3) {
      const texts = Array.from({ length: 60 }, (_, i) => 'q'.repeat((i * 7 + cap) % 131));
      const parser = new JsonParser(new TypeContext(), cap);
      const input = enc.encode(JSON.stringify(texts));
      parser.begin(0);
      parser.commit(parser.parseTop(input, 0, input.length, true));
      const [v] = parser.take();
      expect(elements(v!.bytes!).map((b) => dec.decode(b!))).toEqual(texts);
    }
  });

  it('rejects bad escapes and raw control characters', () => {
    expect(errorOf('"a\\x"').reason).toBe(String.raw`invalid JSON string "\"a\\x\""`);
    expect(errorOf('"a\u0001"').reason).toBe(String.raw`invalid JSON string "\"a\x01\""`);
    expect(errorOf('{"a\\q":1}').reason).toBe(String.raw`invalid string "\"a\\q\""`);
    expect(errorOf('"\\u12"').reason).toBe(String.raw`invalid JSON string "\"\\u12\""`);
  });
});

describe('JsonDecoder errors', () => {
  const cases: [string, string, number, number][] = [
    ['{"a":1}\n{"a" 1}', "invalid character '1' after object key", 2, 6],
    ['{"a":1,}', "invalid character '}' looking for beginning of object key string", 1, 8],
    ['{"a":1 "b":2}', `invalid character '"' after object key`, 1, 8],
    ['[1,]', "invalid character ']' looking for beginning of value", 1, 4],
    ['[1 2]', "invalid character '2' after array value", 1, 4],
    ['{a:1}', "invalid character 'a' looking for beginning of value", 1, 2],
    ['{1:1}', "invalid character '1' looking for beginning of object key string", 1, 2],
    ['{"a" @}', "invalid character '@' looking for beginning of value", 1, 6],
    ['  ]', "invalid character ']' looking for beginning of value", 1, 3],
    ['{"a":tru}', 'bad literal name', 1, 6],
    ['truex', 'bad literal name', 1, 1],
    ['null1', 'bad literal name', 1, 1],
    ['{"a" nul', 'unexpected end of JSON input', 1, 9],
    ['{"a":1', 'unexpected end of JSON input', 1, 7],
    ['[1,\n2,\n', 'unexpected end of JSON input', 3, 1],
    ['"abc', 'unexpected end of JSON input', 1, 5],
    ['é', "invalid character 'Ã' looking for beginning of value", 1, 1],
    ['{"é":"ü"} x', "invalid character 'x' looking for beginning of value", 1, 11],
  ];

  for (const [input, reason, line, column] of cases) {
    it(`reports ${JSON.stringify(input)} as ${reason}`, () => {
      for (const how of ['whole', 'bytes', 'random'] as const) {
        const e = errorOf(input, how);
        expect(e.reason).toBe(reason);
        expect([e.line, e.column]).toEqual([line, column]);
      }
    });
  }

  it('reports input cut off inside any token or container as an unexpected end', () => {
    for (const s of ['fals', 'n', 'tr', '"ab', '[1,', '[1', '{"k":', '{"k":1,', '{"k":2', '{"k":"v', '{"k', '{', '-']) {
      const want = s === '-' ? 'strconv.ParseFloat: parsing "-": invalid syntax' : 'unexpected end of JSON input';
      expect(errorOf(s).reason, s).toBe(want);
      expect(errorOf(s, 'bytes').reason, s).toBe(want);
    }
  });

  it('puts the position in the message', () => {
    expect(errorOf('{"a":1}\n\n  {]').message).toBe(
      "invalid character ']' looking for beginning of object key string at line 3, column 4",
    );
  });

  it('returns the values before an error, then throws', () => {
    const d = new JsonDecoder(new TypeContext());
    expect(d.push(enc.encode('1 2 }')).map(showValue)).toEqual(['1 <int64>', '2 <int64>']);
    expect(() => d.end()).toThrow(ParseError);
    expect(() => d.push(enc.encode('3'))).toThrow(ParseError);
  });
});

describe('JsonDecoder streaming', () => {
  function sample(): string {
    const lines: string[] = [];
    for (let i = 0; i < 300; i++) {
      const o: Record<string, unknown> = { _path: ['conn', 'dns', 'http'][i % 3], ts: 1490385563.053424 + i, id: { orig_h: `10.0.0.${i % 256}`, orig_p: i * 7 } };
      if (i % 3 === 1) o['answers'] = i % 2 === 0 ? [] : ['a', 'b', null];
      if (i % 5 === 0) o['mixed'] = [1, 'two', 3.5, { x: [null] }];
      if (i % 7 === 0) o['text'] = 'é ünïcødé \u2028 "quoted" \\ ' + 'x'.repeat(i);
      if (i % 11 === 0) o['big'] = '9223372036854775807';
      lines.push(JSON.stringify(o).replace('"9223372036854775807"', '9223372036854775807'));
    }
    return lines.join('\n');
  }

  it('decodes the same values however the input is chunked', () => {
    const input = sample();
    const whole = decodeWith(input, 'whole');
    expect(whole).toHaveLength(300);
    for (const how of ['bytes', 'random'] as const) {
      const ctx = new TypeContext();
      const got = decodeWith(input, how, ctx);
      expect(got.map(showValue)).toEqual(whole.map(showValue));
      expect(got.map((v) => v.type.id)).toEqual(whole.map((v) => v.type.id));
    }
  });

  it('assigns type IDs in the order Zed creates types (inner first)', () => {
    const ctx = new TypeContext();
    const [v] = decodeWith('{"a":{"b":1},"c":[1,"x"]}', 'whole', ctx);
    const t = v!.type;
    expect(t.kind).toBe('record');
    if (t.kind !== 'record') return;
    const ids = [t.fields[0]!.type.id, t.fields[1]!.type.id, t.id];
    // {b:int64}=30, (int64,string)=31, [(int64,string)]=32, outer record=33
    expect(ids).toEqual([30, 32, 33]);
  });

  it('decodes a huge single value fed in small chunks in linear time', () => {
    const big = '[' + Array.from({ length: 20000 }, (_, i) => `{"i":${i},"s":"v${i}"}`).join(',') + ']';
    const bytes = enc.encode(big);
    const d = new JsonDecoder(new TypeContext());
    const out: Value[] = [];
    const t0 = Date.now();
    for (let off = 0; off < bytes.length; off += 64) out.push(...d.push(bytes.subarray(off, off + 64)));
    out.push(...d.end());
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(out).toHaveLength(1);
    expect(elements(out[0]!.bytes!)).toHaveLength(20000);
  });
});
