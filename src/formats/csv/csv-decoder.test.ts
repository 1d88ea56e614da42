import { describe, expect, it } from 'vitest';
import { TypeContext, type Value } from '../../zed/index.js';
import { formatValue } from '../../zson/index.js';
import { CsvDecoder, csvFirstLine } from './index.js';

const utf8 = new TextEncoder();

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

/** Decodes `text` fed in chunks of the given sizes (cycled); returns ZSON lines. */
function decode(text: string, sizes: readonly number[] = [1 << 30], delim?: string): string[] {
  const bytes = utf8.encode(text);
  const d = new CsvDecoder(new TypeContext(), delim !== undefined ? { delim } : {});
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

/** Decodes whole, one byte at a time and in random chunks; all must agree. */
function decodeAll(text: string, delim?: string): string[] {
  const whole = decode(text, [1 << 30], delim);
  expect(decode(text, [1], delim)).toEqual(whole);
  for (const seed of [1, 7, 42]) expect(decode(text, randomSizes(seed, 64, 9), delim)).toEqual(whole);
  return whole;
}

describe('CsvDecoder', () => {
  it('CsvDecoder types fields as float64, bool, null or string', () => {
    expect(decodeAll('a,b,c,d,e\n1,true,,hello,-2.5e3\nT,0,x, 7,FALSE\n')).toEqual([
      '{a:1.,b:true,c:null,d:"hello",e:-2500.}',
      '{a:true,b:0.,c:"x",d:7.,e:false}',
    ]);
  });

  it('CsvDecoder follows strconv.ParseFloat for special and out-of-range numbers', () => {
    expect(decodeAll('a,b,c,d,e,f,g,h,i\ninf,-Infinity,NaN,1e400,0x1p-2,1_000,1__0,+nan,1e-400\n')).toEqual([
      '{a:+Inf,b:-Inf,c:NaN,d:"1e400",e:0.25,f:1000.,g:"1__0",h:"+nan",i:0.}',
    ]);
  });

  it('CsvDecoder repairs quotes that do not cover a whole field, keeping trailing space', () => {
    expect(decodeAll('x,y\n"ab"cd, "a""b" \nq"r"s,"un,quoted"\n')).toEqual([
      '{x:"abcd",y:"a\\"b "}',
      '{x:"qrs",y:"un,quoted"}',
    ]);
  });

  it('CsvDecoder reads quoted fields spanning lines and chunks', () => {
    expect(decodeAll('note,n\n"line one\r\nline two",1\n')).toEqual(['{note:"line one\\nline two",n:1.}']);
  });

  it('CsvDecoder closes a quote left open at end of input', () => {
    expect(decodeAll('a\n"open')).toEqual(['{a:"open"}']);
  });

  it('CsvDecoder handles CRLF, skips empty lines and drops a final CR', () => {
    expect(decodeAll('a,b\r\n\r\n1,2\r\n\n3,4\r')).toEqual(['{a:1.,b:2.}', '{a:3.,b:4.}']);
  });

  it('CsvDecoder trims leading space for CSV but not for TSV', () => {
    expect(decodeAll('a,b\n  x ,  y\n')).toEqual(['{a:"x ",b:"y"}']);
    expect(decodeAll('a\tb\n  x \t  y\n', '\t')).toEqual(['{a:"  x ",b:"  y"}']);
  });

  it('CsvDecoder honours a custom delimiter', () => {
    expect(decodeAll('a;b\n1,5;x\n', ';')).toEqual(['{a:"1,5",b:"x"}']);
  });

  it('CsvDecoder reports a record with the wrong number of fields with its line', () => {
    expect(() => decode('a,b\n1,2\n"multi\nline",3\n4\n')).toThrow('record on line 5: wrong number of fields');
    expect(() => decode('a,b\n1,2\n\n3\n', [1])).toThrow('record on line 4: wrong number of fields');
  });

  it('CsvDecoder returns the records before an error and throws on the next call', () => {
    const d = new CsvDecoder(new TypeContext());
    const vals = d.push(utf8.encode('a,b\n1,2\n3\n'));
    expect(vals.map((v) => formatValue(v))).toEqual(['{a:1.,b:2.}']);
    expect(() => d.end()).toThrow('record on line 3: wrong number of fields');
  });

  it('CsvDecoder rejects input without data records', () => {
    expect(() => decode('')).toThrow('empty csv file');
    expect(() => decode('a,b,c\n')).toThrow('empty csv file');
  });

  it('CsvDecoder rejects duplicate header names', () => {
    expect(() => decode('a,a\n1,2\n')).toThrow(/duplicate field/);
  });

  it('CsvDecoder keeps multi-byte characters split across chunks', () => {
    expect(decodeAll('nom,ville\nzoé,Zürich 🚀\n')).toEqual(['{nom:"zoé",ville:"Zürich 🚀"}']);
  });
});

describe('CsvDecoder delimiters and errors', () => {
  it('CsvDecoder refuses a delimiter that is not exactly one character, with Zed\'s message', () => {
    for (const d of ['', ';;', '\u00e9']) {
      expect(() => new CsvDecoder(new TypeContext(), { delim: d })).toThrow('CSV field delimiter must be exactly one character');
    }
    expect(() => new CsvDecoder(new TypeContext(), { delim: '"' })).toThrow('csv: invalid field or comment delimiter');
  });

  it('CsvDecoder reads a NUL delimiter as a comma, as zio/csvio does', () => {
    expect(decodeAll('a,b\n1,x\n', '\0')).toEqual(['{a:1.,b:"x"}']);
  });

  it('CsvDecoder reads the same values whether fields are quoted or not', () => {
    const plain = decodeAll('name,n,ok\nzoé,1.5,true\n,2,F\n');
    expect(decodeAll('"name","n","ok"\n"zoé","1.5","true"\n"","2","F"\n')).toEqual(plain);
    expect(plain).toEqual(['{name:"zoé",n:1.5,ok:true}', '{name:null,n:2.,ok:false}']);
  });

  it('CsvDecoder types a field decoded by the CSV library like any other', () => {
    expect(decodeAll('a,b\n"1,5","say ""1"""\n" 2e3",x\n')).toEqual(['{a:"1,5",b:"say \\"1\\""}', '{a:2000.,b:"x"}']);
  });

  it('CsvDecoder names the line of a record cut short by a quoted field ending in CR', () => {
    expect(() => decode('a,b\n"x"\r,y\n')).toThrow('record on line 2: wrong number of fields');
  });

  it('CsvDecoder counts a line of spaces as a record of one empty field', () => {
    expect(() => decode('a,b\n1,2\n  \n')).toThrow('record on line 3: wrong number of fields');
    expect(decodeAll('a\n1\n  \n')).toEqual(['{a:1.}', '{a:null}']);
  });

  it('CsvDecoder reads TSV: tabs split, spaces stay, quotes are repaired', () => {
    expect(decodeAll('a\tb\tc\n 1\t"x ""y"""\t\n', '\t')).toEqual(['{a:" 1",b:"x \\"y\\"",c:null}']);
  });

  it('CsvDecoder keeps a byte order mark in the first header name, as Go does', () => {
    expect(decodeAll('\ufeffa,b\n1,2\n')).toEqual(['{"\ufeffa":1.,b:2.}']);
  });
});

describe('csvFirstLine', () => {
  it('csvFirstLine wants a complete first line containing the delimiter, with Zed\'s reasons', () => {
    const b = (s: string) => utf8.encode(s);
    expect(csvFirstLine(b('a,b\n1,2\n'), 'eof', 'csv', 0x2c)).toBe(null);
    expect(csvFirstLine(b('a b\n1,2\n'), 'eof', 'csv', 0x2c)).toBe("csv: line 1: delimiter ',' not found");
    expect(csvFirstLine(b('a b\n'), 'partial', 'tsv', 0x09)).toBe("tsv: line 1: delimiter '\\t' not found");
    expect(csvFirstLine(b('a,b'), 'eof', 'csv', 0x2c)).toBe('csv: line 1: EOF');
    expect(csvFirstLine(b('a,b'), 'partial', 'csv', 0x2c)).toBe('more');
    expect(csvFirstLine(b('a,b'), 'overflow', 'csv', 0x2c)).toBe('csv: line 1: buffer exceeded max size trying to infer input format');
    expect(csvFirstLine(b('a\tb\n'), 'eof', 'tsv', 0x09)).toBe(null);
  });
});
