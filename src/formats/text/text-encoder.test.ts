import { describe, expect, it } from 'vitest';
import { TypeContext, type Value } from '../../zed/index.js';
import { parseZsonValue } from '../../zson/index.js';
import { TextFormatEncoder, formatFloatFixed, formatZeekTime } from './index.js';

function values(zson: string): Value[] {
  const ctx = new TypeContext();
  return zson
    .trim()
    .split('\n')
    .map((l) => parseZsonValue(l, ctx));
}

function encode(zson: string): string {
  const e = new TextFormatEncoder();
  const out = e.write(values(zson));
  return (typeof out === 'string' ? out : new TextDecoder().decode(out)) + e.end();
}

describe('TextFormatEncoder', () => {
  it('TextFormatEncoder prints values as Zeek text, records as tab-separated fields', () => {
    expect(encode('1\n"hello"\n[3,4]\n[]([int64])\n|["a,b"]|\n{a:1,b:{c:"x"}}\ntrue\nnull\n1.5\n0x6869')).toBe(
      '1\nhello\n3,4\n(empty)\na\\x2cb\n1\tx\nT\n-\n1.5\naGk=\n',
    );
  });

  it('TextFormatEncoder escapes strings as Zeek does', () => {
    expect(encode('"-"\n"(empty)"\n"a\\tb\\\\c"\n"line\\nbreak"\n"é"')).toBe(
      '\\x2d\n\\x28empty)\na\\x09b\\\\c\nline\\x0abreak\né\n',
    );
  });

  it('TextFormatEncoder prints time fields as RFC 3339, other times as seconds', () => {
    expect(encode('{t:1970-01-01T00:00:01.5Z,n:null(time)}\n1970-01-01T00:00:01.5Z\n{d:1ms}')).toBe(
      '1970-01-01T00:00:01.5Z\t-\n1.500000\n0.001000\n',
    );
  });

  it('TextFormatEncoder prints unions with their tag and named values as their type', () => {
    expect(encode('{u:"one"((int64,string)),p:80(port=uint16)}')).toBe('1:one\t80\n');
  });
});

describe('Zeek number formatting', () => {
  it('formatFloatFixed writes the shortest digits without an exponent', () => {
    expect(formatFloatFixed(1e21, 64)).toBe('1000000000000000000000');
    expect(formatFloatFixed(1e-7, 64)).toBe('0.0000001');
    expect(formatFloatFixed(2.2, 32)).toBe('2.2');
    expect(formatFloatFixed(-0, 64)).toBe('-0');
    expect(formatFloatFixed(NaN, 64)).toBe('NaN');
    expect(formatFloatFixed(-Infinity, 32)).toBe('-Inf');
  });

  it('formatZeekTime uses 6 decimals unless nanoseconds need 9', () => {
    expect(formatZeekTime(0n)).toBe('0.000000');
    expect(formatZeekTime(-1_500_000_000n)).toBe('-1.500000');
    expect(formatZeekTime(1_000_000_001n)).toBe('1.000000001');
  });
});
