// keySpanOf: the span a filter allows for a field, and that every value the
// filter keeps lies inside it (in Zed's value order, as the lake prunes).
import { describe, expect, test } from 'vitest';
import { compareValues } from '../../zed/index.js';
import { formatValue } from '../../zson/index.js';
import { compileFilterText } from '../testing.js';
import { keySpanOf } from './key-span.js';

function spanText(query: string, path = ['k']): { lower?: string; upper?: string } | null {
  const c = compileFilterText(query);
  const span = keySpanOf(c.plan, path, c.literals);
  if (span === null) return null;
  return {
    ...(span.lower !== undefined ? { lower: formatValue(span.lower) } : {}),
    ...(span.upper !== undefined ? { upper: formatValue(span.upper) } : {}),
  };
}

describe('keySpanOf', () => {
  test('comparisons of the key with literals', () => {
    expect(spanText('where k >= 3')).toEqual({ lower: '3' });
    expect(spanText('where k > 3')).toEqual({ lower: '3' });
    expect(spanText('where k < 3')).toEqual({ upper: '3' });
    expect(spanText('where 3 <= k')).toEqual({ lower: '3' });
    expect(spanText('where k == "a"')).toEqual({ lower: '"a"', upper: '"a"' });
    expect(spanText('where k.x == 1', ['k', 'x'])).toEqual({ lower: '1', upper: '1' });
  });
  test('and narrows, or takes the hull, other conjuncts are ignored', () => {
    expect(spanText('where k > 1 and k < 9 and k < 5 and x == 2')).toEqual({ lower: '1', upper: '5' });
    expect(spanText('where k == 1 or k == 4 or (k > 2 and k < 3)')).toEqual({ lower: '1', upper: '4' });
    expect(spanText('where k > 1 or k < 0')).toBeNull();
    expect(spanText('where k > 1 or x == 1')).toBeNull();
    expect(spanText('where x == 1')).toBeNull();
    expect(spanText('where !(k > 1)')).toBeNull();
    expect(spanText('where k != 1')).toBeNull();
    expect(spanText('where k == null')).toBeNull();
    expect(spanText('where k > x')).toBeNull();
  });
  test('< and > make exclusive ends; and keeps the tighter, or the looser', () => {
    const flags = (q: string) => {
      const c = compileFilterText(q);
      const s = keySpanOf(c.plan, ['k'], c.literals);
      return s === null ? null : { lower: s.lowerExclusive === true, upper: s.upperExclusive === true };
    };
    expect(flags('where k > 3 and k <= 5')).toEqual({ lower: true, upper: false });
    expect(flags('where k >= 3 and k > 3')).toEqual({ lower: true, upper: false });
    expect(flags('where (k > 3 and k < 4) or (k >= 3 and k < 4)')).toEqual({ lower: false, upper: true });
    expect(flags('where k == 3')).toEqual({ lower: false, upper: false });
  });
});

describe('keySpanOf is sound', () => {
  const literals = ['0', '1', '2.5', '-3', '10.0', '"a"', '"b"', '2020-01-01T00:00:00Z', '1s', 'true', '10.0.0.1'];
  const values = ['null', '-5', '0', '1', '2', '2.5', '3(int32)', '255(uint8)', '"a"', '"ab"', '"b"', '2019-01-01T00:00:00Z', '2021-01-01T00:00:00Z', '500ms', '2s', 'true', 'false', '10.0.0.1', '10.0.0.2', '[1]', '{}'];
  const ops = ['<', '<=', '>', '>=', '=='];
  // A deterministic pseudo-random walk over filters of one to three comparisons.
  let seed = 7;
  const pick = <T,>(xs: readonly T[]): T => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return xs[seed % xs.length]!;
  };
  const atom = () => (pick([0, 1]) === 0 ? `k ${pick(ops)} ${pick(literals)}` : `${pick(literals)} ${pick(ops)} k`);
  for (let n = 0; n < 60; n++) {
    const filter = pick([1, 2, 3]) === 1 ? atom() : `${atom()} ${pick(['and', 'or'])} ${atom()}${pick([0, 1]) === 0 ? '' : ` and ${atom()}`}`;
    test(`where ${filter}`, () => {
      const c = compileFilterText(`where ${filter}`);
      const span = keySpanOf(c.plan, ['k'], c.literals);
      for (const v of values) {
        const rec = c.value(`{k:${v}}`);
        if (!c.pred(rec) || span === null) continue;
        const key = c.value(v);
        if (span.lower !== undefined) expect(compareValues(key, span.lower), `${v} >= lower`).toBeGreaterThanOrEqual(0);
        if (span.upper !== undefined) expect(compareValues(key, span.upper), `${v} <= upper`).toBeLessThanOrEqual(0);
      }
    });
  }
});
