import { describe, expect, test } from 'vitest';
import { BACKTRACK_BUDGET, BacktrackState, backtrack, canBacktrack, firstBytes, type BacktrackProgram } from './re2-backtrack.js';
import { compileGoRegexp, type GoRegexp } from './re2.js';

const enc = new TextEncoder();

function program(p: string): [GoRegexp, BacktrackProgram] {
  const re = compileGoRegexp(p);
  if (typeof re === 'string') throw new Error(re);
  // The backtracker runs on the RE2 program inside the compiled regexp.
  return [re, (re as unknown as { engine: BacktrackProgram }).engine];
}

function search(p: string, s: Uint8Array | string, from = 0): number[] | null {
  const [re, prog] = program(p);
  const b = typeof s === 'string' ? enc.encode(s) : s;
  return backtrack(new BacktrackState(), prog, b, from, re.numSubexp + 1);
}

describe('backtrack', () => {
  test('backtrack finds Go\'s leftmost-first match and groups', () => {
    expect(search('(a|ab)(c|bcd)(d*)', 'xabcd')).toEqual([1, 5, 1, 2, 2, 5, 5, 5]);
    expect(search('(a+|b+)*c', 'abbac')).toEqual([0, 5, 3, 4]);
    expect(search('(x)?y', 'zy')).toEqual([1, 2, -1, -1]);
    expect(search('a*?', 'aaa')).toEqual([0, 0]);
    expect(search('(?U)a+', 'aaa')).toEqual([0, 1]);
    expect(search('(?i)straße', 'STRASSE Straße')).toEqual([8, 15]);
    expect(search('nope', 'abc')).toBeNull();
  });

  test('backtrack honours empty-width assertions and what precedes the start', () => {
    expect(search('^a', 'aa', 1)).toBeNull();
    expect(search('(?m)^a', 'b\na', 1)).toEqual([2, 3]);
    expect(search('\\bb', 'ab b', 1)).toEqual([3, 4]);
    expect(search('\\Bb', 'ab b', 0)).toEqual([1, 2]);
    expect(search('a$', 'a\n')).toBeNull();
    expect(search('\\Aa|b\\z', 'aab')).toEqual([0, 1]);
  });

  test('backtrack reads UTF-8 as Go does, a bad byte being U+FFFD one byte wide', () => {
    expect(search('é+', 'xéé')).toEqual([1, 5]);
    expect(search('.', Uint8Array.of(0xff, 0x61))).toEqual([0, 1]);
    // A truncated sequence is one U+FFFD per byte.
    expect(search('\uFFFD\uFFFD', Uint8Array.of(0x61, 0xe2, 0x82, 0x61))).toEqual([1, 3]);
    expect(search('a\uFFFD', Uint8Array.of(0x61, 0xe2, 0x82))).toEqual([0, 2]);
  });

  test('backtrack agrees with re2js from every offset', () => {
    const patterns = ['(a*)+b', '(\\w+)@(\\w+)\\.com', '(?:(a)|b)*', 'x*', '(?i)(k)(.)?', '\\b(\\w)(\\w)?\\b', '(a|ab|abc)+$', '[[:alpha:]]+(\\d+)?'];
    const inputs = ['', 'aab', 'ab@cd.com x@y.com', 'kK\u212a!', 'abcabc', 'ab cd e', 'café 12'];
    const st = new BacktrackState();
    for (const p of patterns) {
      const [re, prog] = program(p);
      for (const s of inputs) {
        const b = enc.encode(s);
        for (let from = 0; from <= b.length; from++) {
          const [found, cap] = (prog as unknown as { matchWithGroup(...a: unknown[]): [boolean, number[]] }).matchWithGroup(b, from, b.length, 0, re.numSubexp + 1);
          expect(backtrack(st, prog, b, from, re.numSubexp + 1), `${p} on ${JSON.stringify(s)} from ${from}`).toEqual(found ? cap : null);
        }
      }
    }
  });

  test('firstBytes marks the bytes a match can start with, and skipping to them changes no result', () => {
    const marked = (p: string) => {
      const f = firstBytes(program(p)[1]);
      return f === null ? null : [...f.keys()].filter((c) => f[c] === 1);
    };
    expect(marked('\\d+x')).toEqual([...'0123456789'].map((c) => c.charCodeAt(0)));
    expect(marked('a*')).toBeNull();
    expect(marked('.b')).toBeNull();
    expect(marked('\\bfoo|^bar')).toEqual([0x62, 0x66]);
    // Ignoring case, k's orbit holds U+212A KELVIN SIGN: every byte from 0x80 is marked.
    expect(marked('(?i)k')!.filter((c) => c >= 0x80)).toHaveLength(128);
    expect(marked('é')!.filter((c) => c < 0x80)).toEqual([]);
    const st = new BacktrackState();
    for (const [p, s] of [['(?i)k+', 'xx\u212ak'], ['é(\\w)', 'aaéb'], ['[^a]', 'aé'], ['\\d+', 'ab12c3']] as const) {
      const [re, prog] = program(p);
      const b = enc.encode(s);
      for (let from = 0; from <= b.length; from++) {
        expect(backtrack(st, prog, b, from, re.numSubexp + 1, firstBytes(prog)), `${p} from ${from}`).toEqual(backtrack(st, prog, b, from, re.numSubexp + 1));
      }
    }
  });

  test('canBacktrack keeps program size times input length within the budget', () => {
    const [, prog] = program('(a|b)*c');
    const n = prog.prog.inst.length;
    expect(canBacktrack(prog, new Uint8Array(Math.floor(BACKTRACK_BUDGET / n) - 1), 0)).toBe(true);
    expect(canBacktrack(prog, new Uint8Array(Math.floor(BACKTRACK_BUDGET / n) + 1), 0)).toBe(false);
    expect(canBacktrack(prog, new Uint8Array(Math.floor(BACKTRACK_BUDGET / n) + 1), 10)).toBe(true);
  });
});
