import { describe, expect, it } from 'vitest';
import { LineSplitter } from './line-splitter.js';

function split(text: string, size: number): { lines: string[]; rest: string } {
  const bytes = new TextEncoder().encode(text);
  const s = new LineSplitter();
  const lines: string[] = [];
  const dec = new TextDecoder();
  for (let i = 0; i < bytes.length; i += size) {
    s.push(bytes.subarray(i, i + size), (b, a, e) => lines.push(dec.decode(b.subarray(a, e))));
  }
  return { lines, rest: dec.decode(s.takeRest()) };
}

describe('LineSplitter', () => {
  it('gives the same lines and tail for any chunking', () => {
    const text = 'one\ntwo\n\nthree é\nfour';
    for (const size of [1, 2, 3, 5, 100]) {
      expect(split(text, size)).toEqual({ lines: ['one', 'two', '', 'three é'], rest: 'four' });
    }
  });

  it('holds a long unfinished line until its newline arrives', () => {
    const long = 'x'.repeat(5000);
    expect(split(`${long}\nend`, 7)).toEqual({ lines: [long], rest: 'end' });
  });
});
