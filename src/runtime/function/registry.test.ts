import { describe, expect, test } from 'vitest';
import { FunctionCallError, checkArgCount, functionNames, lookupFunction, resolveFunction } from './registry.js';

// Every function with a page in docs/language/functions at v1.18.0.
const DOCUMENTED = [
  'abs', 'base64', 'bucket', 'cast', 'ceil', 'cidr_match', 'coalesce', 'compare', 'crop', 'error', 'every', 'fields', 'fill',
  'flatten', 'floor', 'grep', 'grok', 'has', 'has_error', 'hex', 'is', 'is_error', 'join', 'kind', 'ksuid', 'len',
  'levenshtein', 'log', 'lower', 'map', 'missing', 'nameof', 'nest_dotted', 'network_of', 'now', 'order', 'parse_uri',
  'parse_zson', 'pow', 'quiet', 'regexp', 'regexp_replace', 'replace', 'round', 'rune_len', 'shape', 'split', 'sqrt',
  'strftime', 'trim', 'typename', 'typeof', 'typeunder', 'under', 'unflatten', 'upper',
];

describe('registry', () => {
  test('registry has every documented function, plus fit, max and min', () => {
    expect(functionNames()).toEqual([...DOCUMENTED, 'fit', 'max', 'min'].sort());
  });

  test('lookupFunction treats primitive type names as casts', () => {
    expect(lookupFunction('int64')?.maxArgs).toBe(1);
    expect(lookupFunction('nope')).toBeUndefined();
  });

  test('checkArgCount and resolveFunction give Zed’s errors', () => {
    expect(() => resolveFunction('len', 2)).toThrow('too many arguments');
    expect(() => resolveFunction('pow', 1)).toThrow('too few arguments');
    expect(() => resolveFunction('nope', 1)).toThrow('no such function');
    expect(() => checkArgCount(lookupFunction('coalesce')!, 9)).not.toThrow();
    expect(() => checkArgCount(lookupFunction('now')!, 1)).toThrow(FunctionCallError);
    try {
      resolveFunction('upper', 0);
    } catch (e) {
      expect(e).toBeInstanceOf(FunctionCallError);
      expect((e as FunctionCallError).functionName).toBe('upper');
      expect((e as FunctionCallError).kind).toBe('invalid');
    }
  });

  test('registry marks implicit arguments and bool results', () => {
    expect(lookupFunction('every')!.implicitThis).toEqual({ path: ['ts'], position: 'first' });
    expect(lookupFunction('grep')!.implicitThis).toEqual({ path: [], position: 'last', whenArgs: 1 });
    expect(lookupFunction('shape')!.implicitThis?.whenArgs).toBe(1);
    expect(lookupFunction('map')!.functionArgs).toEqual([1]);
    const bools = functionNames().filter((n) => lookupFunction(n)!.boolResult === true);
    expect(bools.sort()).toEqual(['cidr_match', 'grep', 'has', 'has_error', 'is', 'is_error', 'missing']);
  });
});
