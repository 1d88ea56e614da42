import { describe, expect, it } from 'vitest';
import { TypeContext, encodeInt, type Value } from '../../zed/index.js';
import { parseZsonValue, formatValue } from '../../zson/index.js';
import { ZeekEncoder } from './zeek-encoder.js';
import { ZeekDecoder } from './zeek-decoder.js';
import { fixedFloat } from './zeek-format.js';

const HEADER = '#separator \\x09\n#set_separator\t,\n#empty_field\t(empty)\n#unset_field\t-\n';

function values(ctx: TypeContext, zson: string): Value[] {
  return zson
    .trim()
    .split('\n')
    .map((line) => parseZsonValue(line, ctx));
}

function encode(zson: string): string {
  const e = new ZeekEncoder();
  const ctx = new TypeContext();
  return String(e.write(values(ctx, zson))) + String(e.end());
}

describe('ZeekEncoder', () => {
  it('flattens nested records and maps Zed types to Zeek names', () => {
    const out = encode(
      '{_path:"conn",ts:2015-03-05T14:25:14.419939Z,id:{h:10.1.2.3,p:80(port=uint16)},e:"tcp"(=zenum),' +
        'b:1(uint8),c:2(uint64),f:1.5,n:10.0.0.0/8,d:1m,ok:true,s:|["b","a"]|,v:[1,2]}',
    );
    expect(out).toBe(
      HEADER +
        '#path\tconn\n#fields\tts\tid.h\tid.p\te\tb\tc\tf\tn\td\tok\ts\tv\n' +
        '#types\ttime\taddr\tport\tenum\tint\tcount\tdouble\tsubnet\tinterval\tbool\tset[string]\tvector[int]\n' +
        '1425565514.419939\t10.1.2.3\t80\ttcp\t1\t2\t1.5\t10.0.0.0/8\t60.000000\tT\ta,b\t1,2\n',
    );
  });

  it('writes a header again only when the type or the path changes', () => {
    const out = encode('{a:1}\n{a:2}\n{_path:"x",a:3}\n{_path:"x",a:4}\n{_path:"",a:5}\n{a:"s"}');
    expect(out).toBe(
      HEADER +
        '#fields\ta\n#types\tint\n1\n2\n' +
        '#path\tx\n#fields\ta\n#types\tint\n3\n4\n' +
        '#path\t-\n5\n' +
        '#fields\ta\n#types\tstring\ns\n',
    );
  });

  it('escapes what would read back differently', () => {
    const out = encode('{s:"-",t:"(empty)",u:"a,b\\\\c\\t",v:["a,b","-"],w:|[]|(|[string]|),x:null([int64])}');
    expect(out.split('\n').at(-2)).toBe('\\x2d\t\\x28empty)\ta,b\\\\c\\x09\ta\\x2cb,\\x2d\t(empty)\t-');
  });

  it('writes times with six digits unless that would round', () => {
    const out = encode('{t:1970-01-01T00:00:00.00000001Z,d:-1s,u:null(time)}');
    expect(out.split('\n').at(-2)).toBe('0.000000010\t-1.000000\t-');
  });

  it('rejects types Zeek cannot represent', () => {
    expect(() => encode('{a:[{s:"foo"}]}')).toThrow('type {s:string}: type cannot be represented in zeek format');
    expect(() => encode('{u:"foo"((string,int32))}')).toThrow('type cannot be represented in zeek format');
  });

  it('outputs the values before an unrepresentable one, then fails', () => {
    const e = new ZeekEncoder();
    const ctx = new TypeContext();
    const out = e.write(values(ctx, '{a:1}\n{b:0x01}'));
    expect(out).toBe(HEADER + '#fields\ta\n#types\tint\n1\n');
    expect(() => e.end()).toThrow('type cannot be represented');
  });

  it('round-trips through the reader', () => {
    const zson =
      '{_path:"conn",ts:2015-03-05T14:25:14.4199391Z,id:{h:::1,p:80(port=uint16)},s:"caf\\u00e9 \\\\x",v:[1,null(int64)],n:null(uint64)}';
    const ctx = new TypeContext();
    const enc = new ZeekEncoder();
    const text = String(enc.write(values(ctx, zson)));
    const dec = new ZeekDecoder(new TypeContext());
    const back = [...dec.push(new TextEncoder().encode(text)), ...dec.end()];
    expect(back.map((v) => formatValue(v))).toEqual([zson.replace('\\u00e9', 'é')]);
  });
});

describe('fixedFloat', () => {
  it('formats like Go strconv.FormatFloat with the f verb', () => {
    expect(fixedFloat(1, 64)).toBe('1');
    expect(fixedFloat(123.456, 64)).toBe('123.456');
    expect(fixedFloat(1e21, 64)).toBe('1000000000000000000000');
    expect(fixedFloat(1.5e-7, 64)).toBe('0.00000015');
    expect(fixedFloat(-0, 64)).toBe('-0');
    expect(fixedFloat(NaN, 64)).toBe('NaN');
    expect(fixedFloat(-Infinity, 64)).toBe('-Inf');
    expect(fixedFloat(Math.fround(0.1), 32)).toBe('0.1');
  });
});

describe('Zeek time encoding', () => {
  it('matches the zcode sign-magnitude integers', () => {
    const cases = ['0', '1', '-1', '1425565514.419939', '-1425565514.419939', '8589934591.999999999', '0.000000001'];
    const ctx = new TypeContext();
    for (const c of cases) {
      const dec = new ZeekDecoder(ctx);
      const [v] = dec.push(new TextEncoder().encode(`#fields t\n#types time\n${c}\n`));
      const [sec, frac = ''] = c.replace('-', '').split('.');
      const ns = BigInt(sec!) * 1_000_000_000n + BigInt(frac.padEnd(9, '0'));
      const body = v!.bytes!;
      // The record body holds one element: a one-byte tag, then the time.
      expect(Array.from(body.subarray(1))).toEqual(Array.from(encodeInt(c.startsWith('-') ? -ns : ns)));
    }
  });
});
