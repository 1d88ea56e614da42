import { describe, expect, it } from 'vitest';
import { formatValue } from '../../zson/index.js';
import type { Value } from '../../zed/index.js';
import { LineDecoder, MAX_LINE } from './index.js';

const utf8 = new TextEncoder();

function decode(bytes: Uint8Array, size: number): string[] {
  const d = new LineDecoder();
  const out: Value[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(...d.push(bytes.subarray(i, i + size)));
  out.push(...d.end());
  return out.map((v) => formatValue(v));
}

/** Whole, 1 byte at a time and in pieces of 2, 5 and 64; all must agree. */
function decodeAll(text: string): string[] {
  const bytes = utf8.encode(text);
  const whole = decode(bytes, 1 << 30);
  for (const size of [1, 2, 5, 64]) expect(decode(bytes, size)).toEqual(whole);
  return whole;
}

describe('LineDecoder', () => {
  it('LineDecoder makes each line a string, keeping empty lines and a last line without newline', () => {
    expect(decodeAll('{\n  [1] = a,\n\n}')).toEqual(['"{"', '"  [1] = a,"', '""', '"}"']);
  });

  it('LineDecoder drops the CR of a CRLF and a lone CR at the end', () => {
    expect(decodeAll('a\r\nb\r\r\nc\r')).toEqual(['"a"', '"b\\r"', '"c"']);
  });

  it('LineDecoder reads nothing from empty input and one empty line from a newline', () => {
    expect(decodeAll('')).toEqual([]);
    expect(decodeAll('\n')).toEqual(['""']);
  });

  it('LineDecoder keeps multi-byte characters split across chunks', () => {
    expect(decodeAll('zoé 🚀\nZürich\n')).toEqual(['"zoé 🚀"', '"Zürich"']);
  });

  it('LineDecoder refuses a line as long as bufio.Scanner\'s buffer', () => {
    const d = new LineDecoder();
    expect(d.push(utf8.encode('ok\n')).map((v) => formatValue(v))).toEqual(['"ok"']);
    const big = new Uint8Array(MAX_LINE).fill(0x61);
    expect(() => d.push(big)).toThrow('bufio.Scanner: token too long');
    expect(() => d.end()).toThrow('bufio.Scanner: token too long');
  });
});
