// ZSON -> VNG -> ZSON is the identity for every Zed type, nulls at every
// level, named types (rebound too), errors, unions, constant, dictionary and
// plain columns, values of many types in one file; the decoder is fed whole,
// a byte at a time and in random chunks, and the random-access reader agrees.
import { describe, expect, it } from 'vitest';
import { TypeContext } from '../../zed/index.js';
import { VngEncoder, encodeVng, openVng, openVngBytes } from './index.js';
import { chunkings, countingSource, decodeChunked, zsonText, zsonValues } from './test-helpers.js';

/** Encodes the values of `text` and checks every way of reading gives them back. */
function roundTrip(text: string): void {
  const values = zsonValues(text, new TypeContext());
  const want = zsonText(values);
  const file = encodeVng(values);
  for (const how of chunkings) {
    const got = decodeChunked(file, new TypeContext(), how);
    expect(zsonText(got), how).toBe(want);
    got.forEach((v, i) => expect(v.bytes, `${how} value ${i}`).toEqual(values[i]!.bytes));
  }
}

const primitives = `0(uint8)
255(uint8)
65535(uint16)
4294967295(uint32)
18446744073709551615(uint64)
-128(int8)
-32768(int16)
-2147483648(int32)
-9223372036854775808
9223372036854775807
0
1h2m3.004005006s
-1ns
2023-01-02T03:04:05.123456789Z
1970-01-01T00:00:00Z
1.5(float16)
-2.5(float32)
3.141592653589793
NaN
+Inf
-Inf
-0.
true
false
0x
0x0102ff
""
"hello, world"
"\\u00e9t\\u00e9 \\u2603"
10.0.0.1
::1
fe80::1
10.0.0.0/8
2001:db8::/32
<int64>
<{a:string,b:[ip]}>
<foo=(int64,string)>
null
`;

describe('VNG round trip', () => {
  it('holds every primitive type', () => roundTrip(primitives));

  it('holds the values of Zed vals.yaml, nulls of every kind included', () =>
    roundTrip(`1
2
"hello"
[3,4]
{a:1}
true
false
1((int64,string))
"foo"((int64,string))
<int64>
|[1,2,3]|
|{1:"a",2:"b"}|
error("missing")
null(int64)
null(string)
null(type)
null([int64])
null(|[int64]|)
null(|{int64:string}|)
null(error(string))
`));

  it('holds records with nulls inside arrays and null arrays', () =>
    roundTrip(`{a:"hello",b:[{a:"a",b:"b"},{a:"c",b:"d"},{a:"e",b:"f"}]}
{a:"world",b:null([{a:string,b:string}])}
{a:"goodnight",b:[{a:"a",b:"b"},{a:"c",b:null(string)},{a:"e",b:"f"}]}
`));

  it('holds maps with mixed key types and null values', () =>
    roundTrip(`{m:|{"foo":"bar","hello":"goodby"}|}
{m:|{"foo":"bar2","hello2":"goodby"}|}
{m:|{1:"goodbye","foo":null(string)}|}
{m:null(|{int64:string}|)}
{m:|{2:"goodbye","bar":null(string)}|}
`));

  it('holds named types, rebound names and types that change mid-stream', () =>
    roundTrip(`{a:"hello",b:1}(=foo)
{a:"there",c:2}(=foo)
{a:"goodbye",b:3}
{a:"world",d:4}(=foo)
{x:80(port=uint16),y:[1(port),2(port)]}
`));

  it('holds unions inside records, arrays and unions of complex types', () =>
    roundTrip(`{a:"hello",b:"foo"((float64,string))}
{a:"world",b:1.((float64,string))}
{a:"x",b:null((float64,string))}
[1,"a",{x:1}]([(int64,string,{x:int64})])
{u:[1,2]((string,[int64]))}
{u:"s"((string,[int64]))}
`));

  it('holds errors, nested records, empty records and empty containers', () =>
    roundTrip(`error({msg:"boom",code:42})
error("x")
{a:{b:{c:{d:1}}},e:{}}
{}
[]([int64])
|[]|(|[string]|)
|{}|(|{string:int64}|)
{a:[]([{x:int64}]),b:[[]([int64]),[1],[]([int64])]}
{c:[[],[1]]}
{r:null({x:int64,y:{z:string}})}
{r:{x:null(int64),y:null({z:string})}}
{r:{x:1,y:{z:null(string)}}}
`));

  it('holds the presence patterns of Zed presence.yaml', () => {
    roundTrip('{s:null(string)}\n');
    const n = '{s:null(string)}\n';
    const x = '{s:"x"}\n';
    roundTrip(n.repeat(5) + x + n.repeat(5));
    roundTrip(n.repeat(10) + x);
    roundTrip(x.repeat(10) + n);
  });

  it('holds columns with one, a few and more than 256 distinct values', () => {
    const lines: string[] = [];
    for (let i = 0; i < 600; i++) {
      lines.push(`{c:"same",d:${i % 7},e:${i},f:${i % 2 === 0 ? 'true' : 'false'},g:${i % 200}(uint8),h:"s${i}"}`);
    }
    roundTrip(lines.join('\n') + '\n');
  });

  it('holds nothing: an empty file reads as no values', () => {
    const file = encodeVng([]);
    for (const how of chunkings) expect(decodeChunked(file, new TypeContext(), how)).toEqual([]);
  });

  it('is the same whether values come in one batch or many', () => {
    const text = `{a:1}\n{a:2,b:"x"}\n"s"\n{a:3}\n[1,2]\n`;
    const values = zsonValues(text, new TypeContext());
    const e = new VngEncoder();
    for (const v of values) expect(e.write([v]).length).toBe(0);
    const file = e.end();
    expect(file).toEqual(encodeVng(values));
    expect(zsonText(decodeChunked(file, new TypeContext(), 'whole'))).toBe(text);
  });

  it('reads the same through random access, in small batches', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 300; i++) lines.push(i % 3 === 0 ? `{a:${i},b:[${i},null(int64)]}` : `{a:${i},s:"${i % 5}"}`);
    const text = lines.join('\n') + '\n';
    const file = encodeVng(zsonValues(text, new TypeContext()));
    const obj = await openVng(countingSource(file), { prefetch: 0 });
    expect(obj.length).toBe(300);
    const batches: number[] = [];
    const out = [];
    for await (const b of obj.scan({ batchSize: 7 })) {
      batches.push(b.length);
      out.push(...b);
    }
    expect(zsonText(out)).toBe(text);
    expect(Math.max(...batches)).toBe(7);
    expect(zsonText(openVngBytes(file).scan().toArraySync())).toBe(text);
  });
});
