import { describe, expect, test } from 'vitest';
import { containsFold, makeBodyContainsFold, makeBytesIndexFold, makeStringSearch } from './grep.js';
import { harness } from '../../../test/support/function-testing.js';

describe('grep', () => {
  test('grep finds strings and field names, case-insensitively (grep.md, grep.yaml)', () => {
    const h = harness();
    const f = h.fn('grep');
    expect(f('"baz"', '{foo:10}')).toBe('false');
    expect(f('"baz"', '{bar:{s:"baz"}}')).toBe('true');
    expect(f('"10"', '{foo:10}')).toBe('false');
    expect(f('"foo"', '{foo:10}')).toBe('true');
    expect(f('"BAZ"', '{bar:{s:"xbazx"}}')).toBe('true');
    expect(f('"a.b"', '{a:{b:1}}')).toBe('true');
    expect(f('"hello"', '{a:{hello:"world"}}')).toBe('true');
    expect(f('"hello"', '{hi:"world"}')).toBe('false');
    expect(f('"x"(=s)', '["x"(=s)]')).toBe('true');
    expect(f('1', '"1"')).toBe('error({message:"grep(): pattern argument must be a string",on:1})');
  });

  test('containsFold and makeStringSearch', () => {
    expect(containsFold('Straße', 'STRASSE')).toBe(false);
    expect(containsFold('ÉCOLE', 'école')).toBe(true);
    const h = harness();
    const s = makeStringSearch('k');
    expect(s(h.v('|{"k":1}|'))).toBe(true);
    expect(s(h.v('[1,2]'))).toBe(false);
  });

  test('the compiled walk finds a term wherever the generic walk does', () => {
    const h = harness();
    const cases: [string, string, boolean][] = [
      ['needle', '{a:1,b:{c:[{d:"xNEEDLEx"}]}}', true],
      ['needle', '{a:1,b:{c:[{d:"x"}]}}', false],
      ['needle', '|{"k":"has needle"}|', true],
      ['needle', '|{"needle":1}|', true],
      ['needle', '|["a","needle"]|', true],
      ['needle', '[1,"needle"]', true],
      ['needle', '{u:1((int64,string))}', false],
      ['needle', '{u:"needle"((int64,string))}', true],
      ['needle', '{s:"needle"(=named)}', true],
      ['needle', 'error({m:"the needle"})', true],
      ['needle', '{r:[{needle:1}]}', true],
      ['needle', '{r:null([{needle:int64}])}', false],
      ['needle', '{r:null({needle:int64})}', true],
      ['needle', '{n:null(string)}', false],
      // Non-ASCII bodies are folded as strings: the Kelvin sign is a k.
      ['kelvin', '{s:"\u212Aelvin"}', true],
      ['é', '{s:"CAFÉ"}', true],
      ['', '{s:""}', true],
    ];
    for (const [term, value, want] of cases) {
      expect([term, value, makeStringSearch(term)(h.v(value))]).toEqual([term, value, want]);
    }
  });
});

/** A seeded generator of numbers in [0, 1). */
function lcg(seed: number): () => number {
  return () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
}

describe('makeBodyContainsFold', () => {
  test('agrees with containsFold over random strings, ASCII and not, for terms with and without a k', () => {
    const r = lcg(12345);
    const alphabet = ['a', 'B', 'k', 'K', 'r', 'S', 't', 'O', '0', '.', ' ', 'é', 'É', '\u212a', 'ß', 'ﬀ', '😀', 'i', 'İ'];
    const word = (max: number) => Array.from({ length: Math.floor(r() * max) }, () => alphabet[Math.floor(r() * alphabet.length)]!).join('');
    const enc = new TextEncoder();
    let matches = 0;
    for (let c = 0; c < 20_000; c++) {
      const term = word(4).replace(/[^\x00-\x7f]/g, '') || 'a';
      const body = word(24);
      const bytes = enc.encode(`xx${body}yy`);
      const got = makeBodyContainsFold(term)(bytes, 2, bytes.length - 2);
      const want = containsFold(body, term);
      if (got !== want) expect({ term, body, got }).toEqual({ term, body, got: want });
      if (want) matches++;
    }
    expect(matches).toBeGreaterThan(2000);
  });
});

describe('makeBytesIndexFold', () => {
  test('finds the first folded occurrence a plain search finds, in 20,000 random cases', () => {
    const r = lcg(777);
    const alphabet = 'aAbBsSoO0.';
    const word = (n: number) => Array.from({ length: n }, () => alphabet[Math.floor(r() * alphabet.length)]!).join('');
    let found = 0;
    for (let c = 0; c < 20_000; c++) {
      const term = word(1 + Math.floor(r() * 6));
      const text = word(Math.floor(r() * 60));
      const from = Math.floor(r() * 4);
      const index = makeBytesIndexFold(term)!;
      const got = index(new TextEncoder().encode(text), from, text.length);
      const at = text.toLowerCase().indexOf(term.toLowerCase(), from);
      if (got !== at) expect({ term, text, from, got }).toEqual({ term, text, from, got: at });
      if (at >= 0) found++;
    }
    expect(found).toBeGreaterThan(3000);
  });
});
