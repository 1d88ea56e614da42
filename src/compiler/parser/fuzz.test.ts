import { describe, expect, test } from 'vitest';
import { ParseError } from '../../errors/index.js';
import { parseQuery } from './index.js';
import { QueryLimitError } from './limits.js';

/** mulberry32: a small seeded generator so failures reproduce. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const fragments = [
  'a', 'x.y', 'this', '1', '2.5', '-3', '1h', '10.0.0.1', '::1', '1.2.3.4/24', '0xff', 'true',
  'null', 'NaN', '"s"', "'t'", 'f"{a}"', '/re/', 'foo*', '*', '<int64>', '<{a:[string]}>', ' ',
  '\n', '(', ')', '[', ']', '{', '}', '|[', ']|', '|{', '}|', '|', ',', ':', ':=', '=', '==',
  '!=', '<', '>=', '+', '-', '/', '%', '!', '~', '?', '...', '.', '=>', '@', ' and ', ' or ',
  'not ', ' in ', ' by ', ' with ', ' where ', 'case ', 'default ', 'over ', 'yield ', 'sort -r ',
  'head ', 'cut ', 'put ', 'count()', 'sum(x)', 'from ', 'pool ', 'file ', 'get ', 'fork ',
  'switch ', 'summarize ', 'join on ', 'const ', 'func ', 'op ', 'type ', 'explode ', 'load ',
  '//c\n', '\\', '\\\\', 'é', '😀', '\u2028', ' tap', ' -limit 3', 'regexp(', 'grep(',
];

function expectParseOrParseError(text: string): void {
  try {
    expect(Array.isArray(parseQuery(text))).toBe(true);
  } catch (e) {
    if (!(e instanceof ParseError)) throw new Error(`non-ParseError for ${JSON.stringify(text)}: ${String(e)}`);
    // A query past the nesting limit (1,000 `!` in a row) says so instead.
    expect(e instanceof QueryLimitError || e.message.startsWith('error parsing Zed at line ')).toBe(true);
  }
}

describe('parseQuery on arbitrary input', () => {
  test('random fragment soup parses or throws ParseError', () => {
    const next = rng(20240601);
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const n = 1 + Math.floor(next() * 16);
      for (let k = 0; k < n; k++) text += fragments[Math.floor(next() * fragments.length)] ?? '';
      expectParseOrParseError(text);
    }
  });

  test('random code points (including lone surrogates) parse or throw ParseError', () => {
    const next = rng(7);
    for (let i = 0; i < 1000; i++) {
      let text = '';
      const n = Math.floor(next() * 12);
      for (let k = 0; k < n; k++) {
        const r = next();
        const cp = r < 0.7 ? 0x20 + Math.floor(next() * 0x5f) : Math.floor(next() * 0x10ffff);
        text += cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
      }
      expectParseOrParseError(text);
    }
  });

  test('deep nesting finishes quickly', () => {
    const cases = [
      '('.repeat(300) + 'a+1' + ')'.repeat(300),
      '!'.repeat(1000) + 'a+1',
      'yield ' + 'a['.repeat(300) + '1' + ']'.repeat(300),
      '(over a | '.repeat(200),
      'yield ' + 'f"{'.repeat(100) + 'a' + '}"'.repeat(100),
    ];
    const start = performance.now();
    for (const text of cases) expectParseOrParseError(text);
    expect(performance.now() - start).toBeLessThan(5000);
  });
});
