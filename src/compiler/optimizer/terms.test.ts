// textFilterOf: the raw-text terms a filter requires of a JSON line.
import { describe, expect, test } from 'vitest';
import { compileFilterText } from '../testing.js';
import { textFilterOf } from './terms.js';

function terms(query: string): unknown {
  const c = compileFilterText(query);
  return textFilterOf(c.plan, c.literals);
}

const t = (text: string, number = false) => ({ text, number });

describe('textFilterOf', () => {
  test('search words and string equality need their text', () => {
    expect(terms('RSTOS0')).toEqual([[t('RSTOS0')]]);
    expect(terms('where x == "foo"')).toEqual([[t('foo')]]);
    expect(terms('grep("foo", s)')).toEqual([[t('foo')]]);
    expect(terms('where x == true')).toEqual([[t('true')]]);
    expect(terms('search 10.0.0.1')).toEqual([[t('10.0.0.1')]]);
  });
  test('integers need their digits or a number spelled otherwise', () => {
    expect(terms('where id.resp_p == 443')).toEqual([[t('443', true)]]);
    expect(terms('where 443.0 == x')).toEqual([[t('443', true)]]);
    expect(terms('where x == -7')).toEqual([[t('7', true)]]);
    expect(terms('search 10')).toEqual([[t('10', true)]]);
  });
  test('and needs every side; or needs one of each side', () => {
    expect(terms('where x == "a" and y == "b"')).toEqual([[t('a')], [t('b')]]);
    expect(terms('where x == "a" or y == 1')).toEqual([[t('a'), t('1', true)]]);
    expect(terms('foo bar')).toEqual([[t('foo')], [t('bar')]]);
  });
  test('nothing is required where it could not be sound', () => {
    for (const q of [
      'where x == 1.5',
      'where x == 2000000000000',
      'search foo.bar',
      'search café',
      'where x == ""',
      'where lower(s) == "foo"',
      'where x == "a" or z > 1',
      'where !(x == "a")',
      'where x != "a"',
      'where x > 1',
      'search 10.0.0.0/8',
      '/re/',
      'foo*',
    ]) {
      expect(terms(q), q).toBeNull();
    }
  });
});
