// Cross-format round trips over one corpus that has every Zed type: ZSON text
// -> values -> ZSON text is the identity, and so is the trip through ZNG
// (compressed or not) and ZJSON, with inputs fed whole and 1 byte at a time.
import { describe, expect, it } from 'vitest';
import { TypeContext, type Value } from '../../src/zed/index.js';
import type { Decoder, Encoder } from '../../src/formats/codec.js';
import { ZsonDecoder, ZsonEncoder } from '../../src/formats/zson/index.js';
import { ZngDecoder, ZngEncoder } from '../../src/formats/zng/index.js';
import { ZjsonDecoder, ZjsonEncoder } from '../../src/formats/zjson/index.js';

// Canonical ZSON (as zq -z prints it) for every primitive and complex type:
// nulls in arrays are decorated, an array of a union holding every member is
// not, set elements are in zcode byte order, durations use y and d.
const corpus = [
  '0(uint8)', '255(uint8)', '65535(uint16)', '4294967295(uint32)', '18446744073709551615(uint64)',
  '-128(int8)', '127(int8)', '-32768(int16)', '-2147483648(int32)',
  '-9223372036854775808', '9223372036854775807', '0', '-1',
  '0s', '-1.5us', '1h2m3.000000004s', '292y171d23h47m16.854775807s',
  '1970-01-01T00:00:00Z', '1969-12-31T23:59:59.999999999Z', '2262-04-11T23:47:16.854775807Z', '1677-09-21T00:12:43.145224192Z',
  '1.(float16)', '65504.(float16)', '0.099975586(float16)', '+Inf(float16)', '3.4028235e+38(float32)', '1.5(float32)',
  '1.', '0.1', '1e+100', '5e-324', '+Inf', '-Inf', 'NaN',
  'true', 'false', '0x', '0x00ff10', '""', '"hello, world"', '"tab\\tquote\\"nl\\n"', '"日本語 ✓ 🎉"',
  '10.0.0.1', '::', '::1', 'fe80::eef4:bbff:fe51:89ec', '::ffff:1.2.3.4', '10.0.0.0/8', 'fe80::/10', '0.0.0.0/0',
  '<int64>', '<{a:int64,b:[string]}>', '<|{string:ip}|>', '<(int64,string)>', '<enum(a,b)>', '<error(string)>', '<port=uint16>',
  'null', 'null(int64)', 'null({a:string})', 'null([string])', 'null(|[ip]|)', 'null(|{string:int64}|)',
  '{}', '{a:1,b:"x",c:{d:[1,2,3],e:null(string)}}', '{"a b":1,"@c":2}',
  '[]', '[1,2,3]', '[[1],[2,3]]', '[1,null(int64)]', '[1,"a"]', '[1]([(int64,string,ip)])',
  '|[]|', '|[1,2,3]|', '|["a","b"]|',
  '|{}|', '|{"a":1,"b":2}|', '|{1:"x",2:"y"}|',
  '1((int64,string))', '"a"((int64,string))', '{u:1((int64,string))}',
  '%HEADS(enum(HEADS,TAILS))', '{flip:%TAILS(enum(HEADS,TAILS))}',
  'error("missing")', 'error({message:"bad",on:1})',
  '80(port=uint16)', '{p:80(port=uint16),q:443(port)}', '{a:1}(=rec)', '[1(=n),2(n)]',
  '{x:{y:{z:[{w:|[2.5,1.5]|}]}}}',
];

function decode(dec: Decoder, bytes: Uint8Array, oneByte: boolean): Value[] {
  const out: Value[] = [];
  if (oneByte) for (let i = 0; i < bytes.length; i++) out.push(...dec.push(bytes.subarray(i, i + 1)));
  else out.push(...dec.push(bytes));
  out.push(...dec.end());
  return out;
}

function encode(enc: Encoder, values: Value[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const te = new TextEncoder();
  for (const c of [enc.write(values), enc.end()]) parts.push(typeof c === 'string' ? te.encode(c) : c);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

const text = corpus.join('\n') + '\n';
const te = new TextEncoder();
const td = new TextDecoder();

function zsonOf(values: Value[]): string {
  return td.decode(encode(new ZsonEncoder({ pretty: 0 }), values));
}

describe('round trips over every type', () => {
  for (const oneByte of [false, true]) {
    const how = oneByte ? 'fed 1 byte at a time' : 'fed whole';
    it(`ZSON -> values -> ZSON is the identity, ${how}`, () => {
      const values = decode(new ZsonDecoder(new TypeContext()), te.encode(text), oneByte);
      expect(values).toHaveLength(corpus.length);
      expect(zsonOf(values)).toBe(text);
    });

    for (const compress of [true, false]) {
      it(`ZSON -> ZNG (${compress ? 'compressed' : 'plain'}) -> ZSON is the identity, ${how}`, () => {
        const values = decode(new ZsonDecoder(new TypeContext()), te.encode(text), false);
        const zng = encode(new ZngEncoder({ compress, frameThreshold: 64 }), values);
        const back = decode(new ZngDecoder(new TypeContext()), zng, oneByte);
        expect(zsonOf(back)).toBe(text);
      });
    }

    it(`ZSON -> ZJSON -> ZSON is the identity, ${how}`, () => {
      const values = decode(new ZsonDecoder(new TypeContext()), te.encode(text), false);
      const zjson = encode(new ZjsonEncoder(), values);
      const back = decode(new ZjsonDecoder(new TypeContext()), zjson, oneByte);
      expect(zsonOf(back)).toBe(text);
    });
  }

  it('parse -> format -> parse is stable for each value on its own', () => {
    for (const z of corpus) {
      const ctx = new TypeContext();
      const [v] = decode(new ZsonDecoder(ctx), te.encode(z), false);
      const once = zsonOf([v!]);
      const [again] = decode(new ZsonDecoder(ctx), te.encode(once), false);
      expect(again!.type).toBe(v!.type);
      expect(again!.bytes).toEqual(v!.bytes);
    }
  });
});
