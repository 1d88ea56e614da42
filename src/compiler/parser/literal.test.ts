import { describe, expect, test } from 'vitest';
import { stripLoc } from '../ast/index.js';
import { parseExpr, parseQuery } from './index.js';

const e = (text: string) => stripLoc(parseExpr(text));
const prim = (type: string, text: string) => ({ kind: 'Primitive', type, text });

describe('primitive literals', () => {
  test.each([
    ['42', 'int64', '42'],
    ['-7', 'int64', '-7'],
    ['1.', 'float64', '1.'],
    ['1.5', 'float64', '1.5'],
    ['.5', 'float64', '.5'],
    ['-2.5e-3', 'float64', '-2.5e-3'],
    ['1.5E3', 'float64', '1.5E3'],
    ['NaN', 'float64', 'NaN'],
    ['Inf', 'float64', 'Inf'],
    ['+Inf', 'float64', '+Inf'],
    ['-Inf', 'float64', '-Inf'],
    ['1h', 'duration', '1h'],
    ['1h30m', 'duration', '1h30m'],
    ['-1.5s', 'duration', '-1.5s'],
    ['100ms', 'duration', '100ms'],
    ['2y3w1d', 'duration', '2y3w1d'],
    ['2021-01-02T03:04:05Z', 'time', '2021-01-02T03:04:05Z'],
    ['2021-01-02T03:04:05.123-08:00', 'time', '2021-01-02T03:04:05.123-08:00'],
    ['10.0.0.1', 'ip', '10.0.0.1'],
    ['::1', 'ip', '::1'],
    ['fe80::1:2', 'ip', 'fe80::1:2'],
    ['2001:db8:85a3:0:0:8a2e:370:7334', 'ip', '2001:db8:85a3:0:0:8a2e:370:7334'],
    ['::ffff:1.2.3.4', 'ip', '::ffff:1.2.3.4'],
    ['10.0.0.0/8', 'net', '10.0.0.0/8'],
    ['2600:1901:101::/126', 'net', '2600:1901:101::/126'],
    ['0x', 'bytes', '0x'],
    ['0x0e00Ff', 'bytes', '0x0e00Ff'],
    ['true', 'bool', 'true'],
    ['false', 'bool', 'false'],
    ['null', 'null', ''],
  ])('%s is a %s literal', (text, type, value) => {
    expect(e(text)).toEqual(prim(type, value));
  });

  test('strings decode escapes, in either quote style', () => {
    expect(e('"a\\tb\\"c\\\\"')).toEqual(prim('string', 'a\tb"c\\'));
    expect(e("'it\\'s'")).toEqual(prim('string', "it's"));
    expect(e('"\\u00e9\\u{1F600}"')).toEqual(prim('string', 'é😀'));
    expect(e('"\\u{D800}"')).toEqual(prim('string', '\ufffd'));
    expect(e('""')).toEqual(prim('string', ''));
    expect(e('"é"')).toEqual(prim('string', 'é'));
  });

  test('control characters must be escaped in strings', () => {
    expect(() => parseQuery('yield "a\tb"')).toThrow(/line 1, column 9:/);
  });

  test('words that look like literals but continue are identifiers', () => {
    expect(e('true_x')).toEqual({ kind: 'ID', name: 'true_x' });
    expect(e('nullable')).toEqual({ kind: 'ID', name: 'nullable' });
    expect(e('beef')).toEqual({ kind: 'ID', name: 'beef' });
  });

  test('an unterminated prefix literal is not backed out of (Zed quirk)', () => {
    // `NaN`, `Inf` and `1d` match as literals with no boundary check, as in Zed.
    expect(() => parseQuery('yield NaNa')).toThrow(/line 1, column 11:/);
    expect(() => parseQuery('yield Infinity')).toThrow(/line 1, column 15:/);
    expect(() => parseQuery('yield 1dx')).toThrow(/line 1, column 9:/);
  });

  test('a bare h:h pair is not an IPv6 address', () => {
    expect(() => parseQuery('yield 1:2')).toThrow(/line 1, column 10:/);
  });
});

describe('type values', () => {
  const tv = (value: unknown) => ({ kind: 'TypeValue', value });
  const prim = (name: string) => ({ kind: 'TypePrimitive', name });

  test('primitive types', () => {
    for (const name of ['uint8', 'int16', 'float32', 'bool', 'string', 'ip', 'net', 'type', 'null']) {
      expect(e(`<${name}>`)).toEqual(tv(prim(name)));
    }
  });

  test('records, arrays, sets and maps', () => {
    expect(e('<{a:int64,"b c":[string]}>')).toEqual(
      tv({
        kind: 'TypeRecord',
        fields: [
          { kind: 'TypeField', name: 'a', type: prim('int64') },
          { kind: 'TypeField', name: 'b c', type: { kind: 'TypeArray', type: prim('string') } },
        ],
      }),
    );
    expect(e('<{}>')).toEqual(tv({ kind: 'TypeRecord', fields: [] }));
    expect(e('<|[ip]|>')).toEqual(tv({ kind: 'TypeSet', type: prim('ip') }));
    expect(e('<|{string: int64}|>')).toEqual(
      tv({ kind: 'TypeMap', keyType: prim('string'), valType: prim('int64') }),
    );
  });

  test('unions, error types, names and definitions', () => {
    expect(e('<(int64,string)>')).toEqual(
      tv({ kind: 'TypeUnion', types: [prim('int64'), prim('string')] }),
    );
    expect(e('<error(string)>')).toEqual(tv({ kind: 'TypeError', type: prim('string') }));
    expect(e('<port>')).toEqual(tv({ kind: 'TypeName', name: 'port' }));
    expect(e('<"my type">')).toEqual(tv({ kind: 'TypeName', name: 'my type' }));
    expect(e('<port=uint16>')).toEqual(tv({ kind: 'TypeDef', name: 'port', type: prim('uint16') }));
    expect(e('<ipx>')).toEqual(tv({ kind: 'TypeName', name: 'ipx' }));
  });

  test('no space is allowed just inside the angle brackets', () => {
    expect(() => parseQuery('yield < int64>')).toThrow(/line 1, column 14:/);
  });
});
