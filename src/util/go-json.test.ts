import { describe, expect, it } from 'vitest';
import { goJson, goJsonQuote } from './go-json.js';

const controls = '\x00\x01\b\t\n\f\r\x1f';

describe('goJsonQuote', () => {
  it('escapes as encoding/json does', () => {
    expect(goJsonQuote('plain text')).toBe('"plain text"');
    expect(goJsonQuote('<a href="x">&</a>')).toBe('"\\u003ca href=\\"x\\"\\u003e\\u0026\\u003c/a\\u003e"');
    expect(goJsonQuote(controls)).toBe('"\\u0000\\u0001\\u0008\\t\\n\\u000c\\r\\u001f"');
    expect(goJsonQuote('back\\slash')).toBe('"back\\\\slash"');
    expect(goJsonQuote('\u2028\u2029')).toBe('"\\u2028\\u2029"');
    expect(goJsonQuote('é😀\x7f')).toBe('"é😀\x7f"');
  });

  it('writes a lone surrogate as \\ufffd', () => {
    expect(goJsonQuote('a\ud800b')).toBe('"a\\ufffdb"');
    expect(goJsonQuote('\udc00')).toBe('"\\ufffd"');
  });
});

describe('goJson', () => {
  it('agrees with goJsonQuote on every string', () => {
    for (const s of ['x', controls, '<>&', '\u2028', 'a\ud800', '\\b', '\\\\f', 'q"\\u0041']) {
      expect(goJson(s), JSON.stringify(s)).toBe(goJsonQuote(s));
    }
  });

  it('writes values and keys of nested data', () => {
    expect(goJson({ 'k<': ['&', 1, true, null], n: { m: '\f' } })).toBe('{"k\\u003c":["\\u0026",1,true,null],"n":{"m":"\\u000c"}}');
  });

  it('lays out as json.MarshalIndent when given an indent', () => {
    expect(goJson({ a: [1], b: {} }, '\t')).toBe('{\n\t"a": [\n\t\t1\n\t],\n\t"b": {}\n}');
    expect(goJson({ a: '<' }, 4)).toBe('{\n    "a": "\\u003c"\n}');
  });
});
