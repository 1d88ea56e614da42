import { describe, expect, test } from 'vitest';
import { containsFold, makeStringSearch } from './grep.js';
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
});
