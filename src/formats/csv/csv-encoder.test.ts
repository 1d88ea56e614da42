import { describe, expect, it } from 'vitest';
import { TypeContext, type Value } from '../../zed/index.js';
import { parseZsonValue } from '../../zson/index.js';
import { CsvEncoder } from './index.js';

function values(zson: string): Value[] {
  const ctx = new TypeContext();
  return zson
    .trim()
    .split('\n')
    .map((l) => parseZsonValue(l, ctx));
}

const td = new TextDecoder();

function text(b: Uint8Array): string {
  return td.decode(b);
}

function encode(zson: string, delim?: string): string {
  const e = new CsvEncoder(delim !== undefined ? { delim } : {});
  return text(e.write(values(zson))) + text(e.end());
}

describe('CsvEncoder', () => {
  it('CsvEncoder writes a header from the first record and one line per record', () => {
    expect(encode('{a:1,b:"x"}\n{a:2,b:"y"}')).toBe('a,b\n1,x\n2,y\n');
  });

  it('CsvEncoder flattens nested records with dotted names', () => {
    expect(encode('{a:"hi",b:{c:1,d:{e:true}}(=inner)}\n{a:"yo",b:null({c:int64,d:{e:bool}})}')).toBe(
      'a,b.c,b.d.e\nhi,1,true\nyo,,\n',
    );
  });

  it('CsvEncoder prints nulls empty, floats without a trailing dot and complex values as ZSON', () => {
    expect(encode('{n:null,f:1.,g:2.5,t:2024-01-02T03:04:05Z,d:1h,ip:10.0.0.1,arr:[1,2],u:1((int64,string)),b:0x}')).toBe(
      'n,f,g,t,d,ip,arr,u,b\n,1,2.5,2024-01-02T03:04:05Z,1h,10.0.0.1,"[1,2]",1,\n',
    );
  });

  it('CsvEncoder quotes as encoding/csv does', () => {
    expect(encode('{s:"a,b"}\n{s:"say \\"hi\\""}\n{s:" lead"}\n{s:"trail "}\n{s:"two\\nlines"}\n{s:"\\\\."}')).toBe(
      's\n"a,b"\n"say ""hi"""\n" lead"\ntrail \n"two\nlines"\n"\\."\n',
    );
  });

  it('CsvEncoder writes TSV with a tab delimiter', () => {
    expect(encode('{a:"x,y",b:"p\\tq"}', '\t')).toBe('a\tb\nx,y\t"p\tq"\n');
  });

  it('CsvEncoder accepts a new type with the same field names without a new header', () => {
    expect(encode('{a:1}\n{a:"one"}')).toBe('a\n1\none\n');
  });

  it('CsvEncoder rejects records whose field names differ from the header', () => {
    const e = new CsvEncoder();
    expect(text(e.write(values('{a:1}\n{b:2}')))).toBe('a\n1\n');
    expect(() => e.end()).toThrow("CSV output requires uniform records but multiple types encountered (consider 'fuse')");
  });

  it('CsvEncoder writes what came before a non-record value, then fails', () => {
    const e = new CsvEncoder();
    expect(text(e.write(values('{a:1}\n[1,2]')))).toBe('a\n1\n');
    expect(() => e.end()).toThrow('CSV output encountered non-record value: [1,2]');
    expect(() => new CsvEncoder().write(values('"x"'))).toThrow('CSV output encountered non-record value: "x"');
  });
});
