import { describe, expect, it } from 'vitest';
import { ParseError } from '../errors/index.js';
import { TypeContext, newString } from '../zed/index.js';
import { parseZsonValue } from './parse.js';
import { Lexer, isSpace, isWordChar } from './lexer.js';

const value = (text: string) => parseZsonValue(text, new TypeContext());

describe('ZSON lexer', () => {
  it('Lexer skips whitespace, line comments and block comments', () => {
    const lx = new Lexer();
    lx.setText(' \t\r\n// line\n/* block\n * more */ \u00a0\u2003\ufeff x');
    lx.skipSpace();
    expect(lx.atEnd()).toBe(false);
    expect(lx.errorAt('here')).toMatchObject({ line: 4, column: 16 });
  });

  it('Lexer treats an unterminated block comment as running to the end', () => {
    const lx = new Lexer();
    lx.setText('/* open');
    lx.skipSpace();
    expect(lx.atEnd()).toBe(true);
  });

  it('Lexer counts lines and columns from the position it is given', () => {
    const lx = new Lexer();
    lx.setText('ab\ncd', 0, 5, 10, 7);
    expect(lx.errorAt('x', 1)).toMatchObject({ line: 10, column: 8 });
    expect(lx.errorAt('x', 4)).toMatchObject({ line: 11, column: 2 });
    const e = lx.errorAt('bad thing', 4);
    expect(e).toBeInstanceOf(ParseError);
    expect(e.message).toBe('bad thing at line 11, column 2');
  });

  it('classifies Unicode spaces and word characters as Zed does', () => {
    for (const c of ' \t\n\v\f\r\u0085\u00a0\u2000\u200a\u2028\u2029\u3000') expect(isSpace(c.charCodeAt(0)), c).toBe(true);
    for (const c of 'a0.:/-+_') expect(isWordChar(c.charCodeAt(0)), c).toBe(true);
    for (const c of ' ,{}[]()<>"`|%=') expect(isWordChar(c.charCodeAt(0)), c).toBe(false);
  });

  it('reads comments anywhere space may appear', () => {
    const v = value('/* a */ { // b\n a /* c */ : /* d */ 1 /* e */ , b: "x" // f\n } // g');
    expect(v.type.kind).toBe('record');
  });

  it('does not read comment starts inside strings', () => {
    expect(value('"// no /* comment"')).toEqual(newString('// no /* comment'));
    expect(value('`/* raw */`')).toEqual(newString('/* raw */'));
  });

  it('ends an unquoted literal at a comment', () => {
    expect(value('10.0.0.0/8// c').type.kind).toBe('primitive');
    expect(value('1/* c */').asInt()).toBe(1n);
  });

  it('reads identifiers with Unicode letters, _ and $', () => {
    const v = value('{café:1,_x:2,$y:3,日本:4,𝒜:5}');
    const names = v.type.kind === 'record' ? v.type.fields.map((f) => f.name) : [];
    expect(names).toEqual(['café', '_x', '$y', '日本', '𝒜']);
  });

  it('keeps backtick text raw apart from folding indentation', () => {
    expect(value('`a\\nb`')).toEqual(newString('a\\nb'));
    expect(value('`\n\ta\n\t\tb`')).toEqual(newString('a\nb'));
    expect(value('``')).toEqual(newString(''));
    expect(value('=>`\n\ta`')).toEqual(newString('\n\ta'));
  });

  it('accepts the escaped single quote Zed accepts', () => {
    expect(value('"it\\\'s"')).toEqual(newString("it's"));
  });
});
