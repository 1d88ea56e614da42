import { describe, expect, it } from 'vitest';
import { TypeContext, type Value } from '../../zed/index.js';
import { parseZsonValue } from '../../zson/index.js';
import { TableEncoder, TabWriter } from './index.js';

function values(zson: string): Value[] {
  const ctx = new TypeContext();
  return zson
    .trim()
    .split('\n')
    .map((l) => parseZsonValue(l, ctx));
}

function encode(zson: string): string {
  const e = new TableEncoder();
  return e.write(values(zson)) + e.end();
}

describe('TabWriter', () => {
  it('TabWriter aligns column blocks and leaves the last cell unpadded', () => {
    const t = new TabWriter(1);
    t.line(['a', 'bb', 'c']);
    t.line(['aaaa', 'b', 'cccc']);
    t.line(['x']);
    t.line(['y', 'z']);
    expect(t.flush()).toBe('a    bb c\naaaa b  cccc\nx\ny z\n');
  });
});

describe('TableEncoder', () => {
  it('TableEncoder writes an aligned header and rows', () => {
    expect(encode('{name:"ab",n:1,ok:true}\n{name:"abcdef",n:22,ok:false}')).toBe(
      'name   n  ok\nab     1  T\nabcdef 22 F\n',
    );
  });

  it('TableEncoder starts a new table when the flat type changes', () => {
    expect(encode('{a:1}\n{a:2}\n{b:"x",c:null(string)}')).toBe('a\n1\n2\nb c\nx -\n');
  });

  it('TableEncoder prints times as RFC 3339 and null times empty', () => {
    expect(encode('{t:2015-03-05T14:25:14.419939Z,x:1}\n{t:null(time),x:2}')).toBe(
      't                           x\n2015-03-05T14:25:14.419939Z 1\n                            2\n',
    );
  });

  it('TableEncoder repeats the header every 1000 lines', () => {
    const e = new TableEncoder();
    const vals = values(Array.from({ length: 1001 }, (_, i) => `{n:${i}}`).join('\n'));
    const lines = (e.write(vals) + e.end()).split('\n');
    expect(lines[0]).toBe('n');
    expect(lines[1001]).toBe('n');
    expect(lines[1002]).toBe('1000');
  });

  it('TableEncoder writes what came before a non-record value, then fails', () => {
    const e = new TableEncoder();
    expect(e.write(values('{a:1}\n[1,2]'))).toBe('a\n1\n');
    expect(() => e.end()).toThrow('table output encountered non-record value: [1,2]');
  });
});
