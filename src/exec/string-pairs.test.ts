// StringPairs: never says "no" for a term that a value holds (ASCII case
// folded), over random strings and terms; and says "no" for a term one of
// whose bytes, or pairs in order, no single value holds.
import { describe, expect, it } from 'vitest';
import { StringPairs } from './string-pairs.js';

const enc = new TextEncoder();

function pairsOf(values: readonly string[]): StringPairs {
  const p = new StringPairs();
  for (const v of values) {
    const b = enc.encode(v);
    p.add(b, 0, b.length);
  }
  return p;
}

const may = (p: StringPairs, term: string) => p.mayHold(enc.encode(term.toLowerCase()));

describe('StringPairs', () => {
  it('says no for missing bytes and for pairs in no one value, in order', () => {
    const p = pairsOf(['ab', 'cd', 'Xy']);
    expect(may(p, 'ab')).toBe(true);
    expect(may(p, 'a')).toBe(true);
    expect(may(p, 'AB')).toBe(true);
    expect(may(p, 'xy')).toBe(true);
    expect(may(p, 'ba')).toBe(false);
    expect(may(p, 'bc')).toBe(false);
    expect(may(p, 'e')).toBe(false);
    expect(may(p, 'abd')).toBe(false);
    // Bytes of an element laid back to back with their tags say "may" more, never less.
    const q = new StringPairs();
    const els = new Uint8Array([3, 0x61, 0x62, 3, 0x63, 0x64]);
    q.add(els, 0, els.length);
    expect(q.mayHold(enc.encode('ab'))).toBe(true);
    expect(q.mayHold(enc.encode('cd'))).toBe(true);
    expect(q.mayHold(enc.encode('ba'))).toBe(false);
  });

  it('never says no for a term a value holds, in 20,000 random cases', () => {
    let seed = 7;
    const r = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
    const alphabet = 'abcABC01.-_ xyzXYZ';
    const str = (n: number) => Array.from({ length: n }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
    let yes = 0;
    let no = 0;
    for (let c = 0; c < 20_000; c++) {
      const values = Array.from({ length: 1 + Math.floor(r() * 4) }, () => str(Math.floor(r() * 8)));
      const term = r() < 0.5 && values[0]!.length > 0 ? values[0]!.slice(Math.floor(r() * values[0]!.length)).slice(0, 1 + Math.floor(r() * 3)) : str(1 + Math.floor(r() * 3));
      const held = values.some((v) => v.toLowerCase().includes(term.toLowerCase()));
      const says = may(pairsOf(values), term);
      if (held) expect({ values, term, says }).toEqual({ values, term, says: true });
      if (!says) no++;
      if (held) yes++;
    }
    // Both answers happen often.
    expect(yes).toBeGreaterThan(5000);
    expect(no).toBeGreaterThan(5000);
  });
});
