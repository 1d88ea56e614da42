import { describe, expect, it } from 'vitest';
import { ParseError } from '../../errors/index.js';
import { TypeContext, type Value } from '../../zed/index.js';
import { formatValue } from '../../zson/index.js';
import { ZeekDecoder } from './zeek-decoder.js';

const utf8 = new TextEncoder();

/** Feeds `text` in chunks of the given sizes (cycled), then ends; returns ZSON lines. */
function decode(text: string | Uint8Array, sizes: readonly number[] = [1 << 20]): string[] {
  const bytes = typeof text === 'string' ? utf8.encode(text) : text;
  const d = new ZeekDecoder(new TypeContext());
  const out: Value[] = [];
  let k = 0;
  for (let i = 0; i < bytes.length; ) {
    const n = sizes[k++ % sizes.length]!;
    out.push(...d.push(bytes.subarray(i, i + n)));
    i += n;
  }
  out.push(...d.end());
  return out.map((v) => formatValue(v));
}

function randomSizes(seed: number, count: number, max: number): number[] {
  let x = seed;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(1 + (x % max));
  }
  return out;
}

function errorOf(text: string): ParseError {
  try {
    decode(text);
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return e as ParseError;
  }
  throw new Error('expected an error');
}

const HEADER = '#separator \\x09\n#set_separator\t,\n#empty_field\t(empty)\n#unset_field\t-\n';

const CONN =
  HEADER +
  '#path\tconn\n#open\t2024-01-01-00-00-00\n' +
  '#fields\tts\tuid\tsrc.h\tsrc.p\tproto\tdur\tn\tok\tnet\ttags\tports\tnote\n' +
  '#types\ttime\tstring\taddr\tport\tenum\tinterval\tcount\tbool\tsubnet\tset[string]\tvector[port]\tstring\n' +
  '1700000000.123456\tCx1\t10.1.2.3\t443\ttcp\t1.5\t7\tT\t192.168.0.0/16\tb,a,b\t80,-,8080\tcaf\\xc3\\xa9\n' +
  '-1.000000010\tCx2\t::1\t-\tudp\t0.000001\t-\tF\t-\t(empty)\t-\t\\x2d\n' +
  '#close\t2024-01-01-00-00-01\n';

const CONN_ZSON = [
  '{_path:"conn",ts:2023-11-14T22:13:20.123456Z,uid:"Cx1",src:{h:10.1.2.3,p:443(port=uint16)},proto:"tcp"(=zenum),dur:1.5s,n:7(uint64),ok:true,net:192.168.0.0/16,tags:|["a","b"]|,ports:[80(port),null(port),8080(port)],note:"café"}',
  '{_path:"conn",ts:1969-12-31T23:59:58.99999999Z,uid:"Cx2",src:{h:::1,p:null(port=uint16)},proto:"udp"(=zenum),dur:1us,n:null(uint64),ok:false,net:null(net),tags:|[]|(|[string]|),ports:null([port]),note:"-"}',
];

describe('ZeekDecoder', () => {
  it('decodes every Zeek type into its Zed equivalent', () => {
    expect(decode(CONN)).toEqual(CONN_ZSON);
  });

  it('decodes the same values whole, one byte at a time and in random chunks', () => {
    expect(decode(CONN, [1])).toEqual(CONN_ZSON);
    for (let seed = 1; seed <= 20; seed++) expect(decode(CONN, randomSizes(seed, 64, 40))).toEqual(CONN_ZSON);
  });

  it('starts with a space separator and adds _path only for a #path', () => {
    const text = '#fields a b\n#types string count\nx 1\n';
    // With the space separator still in force, values are still split on tabs.
    expect(() => decode(text)).toThrow('line 3: too few values');
    expect(decode('#fields a\n#types string\nx\n#path p\nx\n#fields a\n#path -\ny\n')).toEqual([
      '{a:"x"}',
      '{a:"x"}',
      '{a:"y"}',
    ]);
  });

  it('keeps a _path column from the data over #path', () => {
    expect(decode(HEADER + '#path\tconn\n#fields\t_path\tx\n#types\tstring\tint\nother\t1\n')).toEqual([
      '{_path:"other",x:1}',
    ]);
  });

  it('makes the fields of a nested record adjacent', () => {
    const text = HEADER + '#fields\tid.a\tz\tid.b\tid.c.d\n#types\tint\tint\tint\tint\n1\t2\t3\t4\n';
    expect(decode(text)).toEqual(['{id:{a:1,b:3,c:{d:4}},z:2}']);
  });

  it('normalizes sets and keeps vector order', () => {
    const text = HEADER + '#fields\ts\tv\n#types\tset[string]\tvector[int]\n-,z,a,,dup,dup\t3,1,3\n,\t(empty)\n';
    expect(decode(text)).toEqual(['{s:|[null(string),"","a","z","dup"]|,v:[3,1,3]}', '{s:|[""]|,v:[]([int64])}']);
  });

  it('resolves escapes and hex-escapes invalid UTF-8 as Zeek does for JSON', () => {
    const text = HEADER + '#fields\ts\n#types\tstring\nco\\\\m\\ttab\nbad\\x82\\x07\n\\x07ok\ne\\xcc\\x81\n';
    expect(decode(text)).toEqual(['{s:"co\\\\m\\ttab"}', '{s:"bad\\\\x82\\\\x07"}', '{s:"\\u0007ok"}', '{s:"é"}']);
  });

  it('skips blank lines and CRLF endings but counts them', () => {
    const text = HEADER + '#fields\tx\n#types\tint\r\n\r\n1\r\n\n2\nbad\n';
    expect(() => decode(text)).toThrow('line 11: strconv.ParseInt: parsing "bad": invalid syntax');
    expect(decode(HEADER + '#fields\tx\n#types\tint\r\n\r\n1\r\n\n2')).toEqual(['{x:1}']);
    expect(decode(HEADER + '#fields\tx\n#types\tint\n12')).toEqual(['{x:12}']);
  });

  it('parses times exactly to the nanosecond', () => {
    const text =
      HEADER + '#fields\tt\n#types\ttime\n1425565514.419939\n1425565514.4199391\n-1425565514.419939\n1e3\n10.\n0.1234567891\n';
    expect(decode(text)).toEqual([
      '{t:2015-03-05T14:25:14.419939Z}',
      '{t:2015-03-05T14:25:14.4199391Z}',
      '{t:1924-10-29T09:34:45.580061Z}',
      '{t:1970-01-01T00:16:40Z}',
      '{t:1970-01-01T00:00:10Z}',
      '{t:1970-01-01T00:00:00Z}',
    ]);
  });

  it('reports header errors with the line number', () => {
    expect(errorOf(HEADER + '#fields\n').message).toBe('line 5: encountered bad header field fields parsing zeek log');
    // Before #separator the separator is a space, so this is an unknown directive.
    expect(decode('#fields\ta\n')).toEqual([]);
    expect(errorOf('#fields a\n#types blob\n').message).toBe('line 2: unknown type: blob');
    expect(errorOf(HEADER + '#empty_field\tnone\n').message).toBe(
      "line 5: encountered bad header field #empty_field (non-standard value 'none') parsing zeek log",
    );
    const e = errorOf('{"a":1}\n');
    expect(e.message).toBe('line 1: bad types/fields definition in zeek header');
    expect(e.line).toBe(1);
  });

  it('reports bad values with the line number', () => {
    const h = HEADER + '#fields\ta\tb\n#types\tport\taddr\n';
    expect(errorOf(h + '1\t1.2.3.4\t5\n').message).toBe('line 7: too many values');
    expect(errorOf(h + '70000\t1.2.3.4\n').message).toBe('line 7: strconv.ParseUint: parsing "70000": value out of range');
    expect(errorOf(h + '1\tnope\n').message).toBe('line 7: ParseAddr("nope"): unable to parse IP');
  });

  it('returns the values before an error, then throws', () => {
    const d = new ZeekDecoder(new TypeContext());
    const got = d.push(utf8.encode(HEADER + '#fields\tx\n#types\tint\n1\nx\n'));
    expect(got.map((v) => formatValue(v))).toEqual(['{x:1}']);
    expect(() => d.end()).toThrow('line 8');
  });
});
