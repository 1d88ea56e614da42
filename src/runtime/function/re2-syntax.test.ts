import { describe, expect, test } from 'vitest';
import { patternShape, withoutGroupNames } from './re2-syntax.js';

describe('patternShape', () => {
  test('patternShape names capturing groups in order and skips other groups', () => {
    expect(patternShape('(a)(?:b)(?P<x>c)(?i)(?s:d)(e)').names).toEqual(['', '', 'x', '']);
    expect(patternShape('(?P<n>a)|(?P<n>b)')).toEqual({ names: ['', 'n', 'n'], angleGroup: -1, duplicateNames: true });
  });

  test('patternShape sees no groups inside classes, escapes or \\Q...\\E', () => {
    expect(patternShape('[(]\\(\\Q(\\E[^]()][[:alpha:](]\\p{Greek}(x)').names).toEqual(['', '']);
    expect(patternShape('\\pL(a)').names).toEqual(['', '']);
    // \p( names a class "(" (an error for re2js to report), not a group.
    expect(patternShape('\\p(a)').names).toEqual(['']);
  });

  test('patternShape finds the first (?< group opening', () => {
    expect(patternShape('ab(?<n>x)').angleGroup).toBe(2);
    expect(patternShape('[(?<n>]x(?<=y)').angleGroup).toBe(8);
    expect(patternShape('\\Q(?<\\E').angleGroup).toBe(-1);
    expect(patternShape('(?P<n>x)').angleGroup).toBe(-1);
  });
});

describe('withoutGroupNames', () => {
  test('withoutGroupNames keeps the groups and their order but drops valid names', () => {
    expect(withoutGroupNames('(?P<n>a)(b)(?P<n>c)[(?P<z>)]')).toBe('(a)(b)(c)[(?P<z>)]');
    expect(withoutGroupNames('(?P<a-b>x)(?P<n>y)')).toBe('(?P<a-b>x)(y)');
  });
});
