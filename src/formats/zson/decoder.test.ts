import { describe, expect, it } from 'vitest';
import { ParseError } from '../../errors/index.js';
import { TypeContext, TypeInt64, TypeNull, TypeString, TypeUint8, type Value, newString } from '../../zed/index.js';
import { ZsonDecoder } from './decoder.js';
import { parseZsonValue } from '../../zson/index.js';

const utf8 = new TextEncoder();

/** Feeds `bytes` in chunks of the given sizes (cycled), then ends. */
function decode(ctx: TypeContext, bytes: Uint8Array, sizes: readonly number[]): Value[] {
  const d = new ZsonDecoder(ctx);
  const out: Value[] = [];
  let k = 0;
  for (let i = 0; i < bytes.length; ) {
    const n = sizes[k++ % sizes.length]!;
    out.push(...d.push(bytes.subarray(i, i + n)));
    i += n;
  }
  out.push(...d.end());
  return out;
}

/** A seeded generator of chunk sizes from 1 to max. */
function randomSizes(seed: number, count: number, max: number): number[] {
  let x = seed;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(1 + (x % max));
  }
  return out;
}

// Every form of ZSON value, laid out to put tricky characters near chunk edges.
const corpus = [
  '// a stream of assorted values',
  '1 -2 +3 18446744073709551615 1. .5 -1e3 +Inf -Inf NaN true false null',
  '0x 0x00ff 10.1.2.3 ::1 fe80::1 ::ffff:1.2.3.4 10.1.0.0/16 2001:db8::/32',
  '2018-03-24T17:15:20.600725Z 2020-11-24T08:44:09.586441-08:00 1h30m -1.5s 8w',
  '"plain" "esc\\"aped\\\\ \\n\\t\\u00e9\\ud83d\\ude00" "naïve 😀 日本語" "e\u0301"',
  '`back\n    tick` =>`keep\n  indent` => `spaced`',
  '<int64> <{a:int64,"b c":[string],d:|{ip:net}|}> <(string,int64)> <enum(a,b)> <error(string)>',
  '{a:1,b:{c:"x",d:[1,2,3]},e:|[3,1,2]|,f:|{"k":1}|}',
  '{"quoted field":1,"}\\"{":"]",x:"/* not a comment */",y:"// nor this"}',
  '[1,"a",null,2.5] [] |[]| |{}| [1,null] |[null,127.0.0.1]|',
  '1(uint8) 80 (port=uint16) 8080(port) -1(int8) 16(float16) 2.2(float32)',
  '123. (float32) ((int64,float32,float64)) "x"((int64,string)) null((int64,string))',
  '%HEADS(enum(HEADS,TAILS)) %TAILS (flip=enum(HEADS,TAILS)) %HEADS (flip) "TAILS"(flip)',
  '{flip:%HEADS}({flip:enum(HEADS,TAILS)}) [8,"x"]([(int64,string)])',
  '{x:3(uint8)}(=0)',
  '{x:4}(0)',
  '{a:1} /* a comment ( with a paren */ (=named)',
  '{a:2}',
  '   (named)',
  '{a:3}(named) // a comment with "quotes" and {braces}',
  'error("boom") error({code:1})(=myerr) null(int32) null([string]) null({a:string})',
  '{a:[[](2=[null])(3=(2,int64)),1(3)](=4)}(=5)',
  '{a:1,a:2,b:3}',
  '{\r\n  pretty: [\r\n    1,\r\n    2\r\n  ],\r\n  done: true\r\n}',
  '"last"',
].join('\n');

describe('ZsonDecoder chunking', () => {
  it('ZsonDecoder gives the same values for whole input, 1-byte chunks and random chunk sizes', () => {
    const ctx = new TypeContext();
    const bytes = utf8.encode(corpus);
    const whole = decode(ctx, bytes, [bytes.length]);
    expect(whole.length).toBe(75);
    const runs = [[1], [2], [3], [7], randomSizes(1, 500, 5), randomSizes(2, 500, 17), randomSizes(3, 100, 200)];
    for (const sizes of runs) {
      const got = decode(ctx, bytes, sizes);
      expect(got.length).toBe(whole.length);
      for (let i = 0; i < got.length; i++) {
        expect(got[i]!.type, `value ${i}`).toBe(whole[i]!.type);
        expect(got[i]!.bytes, `value ${i}`).toEqual(whole[i]!.bytes);
      }
    }
  });

  it('ZsonDecoder reads values the same as parseZsonValue', () => {
    const ctx = new TypeContext();
    const lines = ['{a:1,b:"x"}', '[1,"a"]', '80(port=uint16)', '<{a:int64}>', '|{1:"a"}|'];
    const got = decode(ctx, utf8.encode(lines.join('\n')), [3]);
    lines.forEach((line, i) => {
      const want = parseZsonValue(line, ctx);
      expect(got[i]!.type).toBe(want.type);
      expect(got[i]!.bytes).toEqual(want.bytes);
    });
  });

  it('ZsonDecoder holds a value until it knows no decorator follows', () => {
    const ctx = new TypeContext();
    const d = new ZsonDecoder(ctx);
    expect(d.push(utf8.encode('{a:1}'))).toEqual([]);
    expect(d.push(utf8.encode(' \n // comment\n'))).toEqual([]);
    expect(d.push(utf8.encode('(=foo)'))).toEqual([]);
    const [v] = d.push(utf8.encode('\n{'));
    expect(v!.type).toBe(ctx.lookupByName('foo'));
    expect(d.push(utf8.encode('b:2}'))).toEqual([]);
    const [w] = d.end();
    expect(w!.type).toBe(ctx.lookupRecord([{ name: 'b', type: TypeInt64 }]));
  });

  it('ZsonDecoder emits a value once the next one starts', () => {
    const ctx = new TypeContext();
    const d = new ZsonDecoder(ctx);
    const first = d.push(utf8.encode('1 2'));
    expect(first.map((v) => v.asInt())).toEqual([1n]);
    expect(d.end().map((v) => v.asInt())).toEqual([2n]);
  });

  it('ZsonDecoder reads a final value with no newline after it', () => {
    const ctx = new TypeContext();
    const d = new ZsonDecoder(ctx);
    expect(d.push(utf8.encode('"hello"'))).toEqual([]);
    const [v] = d.end();
    expect(v).toEqual(newString('hello'));
  });

  it('ZsonDecoder gives no values for empty input or only comments', () => {
    const ctx = new TypeContext();
    expect(decode(ctx, new Uint8Array(0), [1])).toEqual([]);
    expect(decode(ctx, utf8.encode('  // nothing\n/* here */\n'), [1])).toEqual([]);
  });

  it('ZsonDecoder keeps name bindings across values and chunks', () => {
    const ctx = new TypeContext();
    const vals = decode(ctx, utf8.encode('{x:3(uint8)}(=0)\n{x:4}(0)\n80(port=uint16)\n81(port)'), [1]);
    const r = ctx.lookupRecord([{ name: 'x', type: TypeUint8 }]);
    expect(vals.map((v) => v.type)).toEqual([r, r, ctx.lookupByName('port'), ctx.lookupByName('port')]);
  });

  it('ZsonDecoder decodes values split inside multi-byte UTF-8 characters', () => {
    const ctx = new TypeContext();
    const text = '"😀"\n{"日本":"語"}';
    const vals = decode(ctx, utf8.encode(text), [1]);
    expect(vals[0]).toEqual(newString('😀'));
    const t = vals[1]!.type;
    expect(t.kind === 'record' && t.fields[0]!.name).toBe('日本');
  });

  it('ZsonDecoder handles a comment start split across chunks', () => {
    const ctx = new TypeContext();
    const d = new ZsonDecoder(ctx);
    const out = [...d.push(utf8.encode('1 /')), ...d.push(utf8.encode('* ) */ (uint8) 2')), ...d.end()];
    expect(out.map((v) => v.type)).toEqual([TypeUint8, TypeInt64]);
    expect([out[0]!.asUint(), out[1]!.asInt()]).toEqual([1n, 2n]);
  });
});

describe('ZsonDecoder errors', () => {
  function failure(text: string, sizes: readonly number[] = [text.length]): ParseError {
    try {
      decode(new TypeContext(), utf8.encode(text), sizes);
    } catch (e) {
      expect(e).toBeInstanceOf(ParseError);
      return e as ParseError;
    }
    throw new Error('no error');
  }

  it('ZsonDecoder end() throws on a truncated value', () => {
    const e = failure('{a:1}\n{a:2,\n b:[1,');
    expect(e.reason).toBe('parse error: mismatched brackets while parsing array type');
    expect([e.line, e.column]).toEqual([3, 7]);
    expect(failure('"abc').reason).toBe('parse error: mismatched string quotes');
    expect(failure('1 (int64').reason).toBe('parse error: mismatched parentheses while parsing type decorator');
  });

  it('ZsonDecoder reports lines and columns counted from the start of the stream', () => {
    for (const sizes of [[1], [4], [1000]]) {
      const e = failure('{a:1}\n{b:2}\n  {c:}\n', sizes);
      expect(e.reason).toBe('ZSON syntax error');
      expect([e.line, e.column]).toEqual([3, 6]);
    }
  });

  it('ZsonDecoder reports an unescaped newline in a string without waiting for more input', () => {
    const d = new ZsonDecoder(new TypeContext());
    expect(() => d.push(utf8.encode('"abc\n{a:1}\n'))).toThrow('unescaped line break');
  });

  it('ZsonDecoder rejects invalid UTF-8', () => {
    const d = new ZsonDecoder(new TypeContext());
    expect(() => d.push(Uint8Array.of(0x22, 0xff, 0x22, 0x0a))).toThrow(ParseError);
    const e = new ZsonDecoder(new TypeContext());
    e.push(Uint8Array.of(0x22, 0xe6));
    expect(() => e.end()).toThrow(/invalid UTF-8/);
  });

  it('ZsonDecoder keeps failing after an error', () => {
    const d = new ZsonDecoder(new TypeContext());
    expect(() => d.push(utf8.encode('} 1\n'))).toThrow('ZSON syntax error');
    expect(() => d.push(utf8.encode('2\n'))).toThrow('ZSON syntax error');
    expect(() => d.end()).toThrow('ZSON syntax error');
  });

  it('ZsonDecoder does not hang on stray closers, quotes or garbage', () => {
    for (const text of [')', ']]]', '>', '"', '`', '/', '/*', '=>', '%', '|', '(', '{{{{', '=', ',', 'a:b', '\\']) {
      let threw = false;
      try {
        decode(new TypeContext(), utf8.encode(text), [1]);
      } catch (e) {
        expect(e).toBeInstanceOf(ParseError);
        threw = true;
      }
      expect(threw || text === '/*', text).toBe(true);
    }
  });
});

describe('ZsonDecoder values', () => {
  it('ZsonDecoder reads JSON as ZSON', () => {
    const ctx = new TypeContext();
    const [v] = decode(ctx, utf8.encode('{"a": [1, 2], "b": {"c": "d"}, "e": null}\n'), [5]);
    expect(v!.type).toBe(
      ctx.lookupRecord([
        { name: 'a', type: ctx.lookupArray(TypeInt64) },
        { name: 'b', type: ctx.lookupRecord([{ name: 'c', type: TypeString }]) },
        { name: 'e', type: TypeNull },
      ]),
    );
  });
});
