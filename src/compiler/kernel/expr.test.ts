// Expressions from text through the semantic pass and the kernel's closures.
import { describe, expect, test } from 'vitest';
import { createEvalContext } from '../../runtime/index.js';
import { TypeContext } from '../../zed/index.js';
import { CompileError } from '../errors.js';
import { analyzeExpr } from '../semantic/index.js';
import { compileBoolText, compileExprText } from '../testing.js';

/** Evaluates `expr` over each ZSON input and formats the results. */
function run(expr: string, ...inputs: string[]): string[] {
  return compileExprText(expr).run(...inputs);
}

describe('compileExpr identifiers and field access', () => {
  test('this, fields, nested fields and missing fields', () => {
    expect(run('this', '{a:1}')).toEqual(['{a:1}']);
    expect(run('a', '{a:1}', '{b:1}', '1')).toEqual(['1', 'error("missing")', 'error("missing")']);
    expect(run('a.b', '{a:{b:"x"}}', '{a:{c:1}}', '{a:null({b:int64})}')).toEqual(['"x"', 'error("missing")', 'null(int64)']);
    expect(run('this.a', '{a:2}')).toEqual(['2']);
  });
  test('dot through named records, maps and type values', () => {
    expect(run('a.f', '{a:{f:1(int8)}(=foo)}')).toEqual(['1(int8)']);
    expect(run('{x:{y:1}}.x.y', 'null')).toEqual(['1']);
    expect(run('|{"a":1}|.a', 'null')).toEqual(['1']);
    expect(run('foo.bar', '<{foo:{bar:int64}}>')).toEqual(['<int64>']);
  });
  test('field position cache survives changing record shapes', () => {
    expect(run('x', '{x:1,y:2}', '{y:3,x:4}', '{x:"s"}', '{x:1,y:2}')).toEqual(['1', '4', '"s"', '1']);
  });
});

describe('compileExpr literals', () => {
  test('primitive literals of every kind', () => {
    expect(run('[1, 1.5, "s", true, null, 10.0.0.1, 10.0.0.0/8, 0x0102, 1h, 2020-01-01T00:00:00Z]', 'null')).toEqual([
      '[1,1.5,"s",true,null,10.0.0.1,10.0.0.0/8,0x0102,1h,2020-01-01T00:00:00Z]',
    ]);
  });
  test('a time past nano.MaxTs is a compile error with Zed text', () => {
    expect(() => run('9999-12-17T16:37:21.023179Z', 'null')).toThrow(
      'time overflow: 9999-12-17T16:37:21.023179Z (max: 2262-04-11T23:47:16Z)',
    );
  });
  test('type values, named in place and referring back', () => {
    expect(run('<{x:int64}>', 'null')).toEqual(['<{x:int64}>']);
    expect(run('[<port=uint16>, <port>]', 'null')).toEqual(['[<port=uint16>,<port=uint16>]']);
  });
  test('an undeclared type name is looked up in the data at run time', () => {
    const c = compileExprText('<foo>');
    expect(c.plan).toEqual({ kind: 'TypeName', name: 'foo' });
    expect(c.run('1')).toEqual(['error("missing")']);
    expect(c.run('{x:1}(=foo)')).toEqual(['<foo={x:int64}>']);
  });
  test('f-strings cast parts to string', () => {
    expect(run('f"hello {this}"', '"world"', '127.0.0.1')).toEqual(['"hello world"', '"hello 127.0.0.1"']);
    expect(run('f"{a}-{b}"', '{a:1,b:[1,2]}')).toEqual(['"1-[1,2]"']);
    expect(run('f"x{a}"', '{}')).toEqual(['error("missing")']);
  });
});

describe('compileExpr operators', () => {
  test('arithmetic keeps Zed promotion and error rules', () => {
    expect(run('a+b', '{a:1,b:2}', '{a:1(int32),b:2(int32)}', '{a:"x",b:"y"}')).toEqual(['3', '3(int32)', '"xy"']);
    expect(run("{x:'a'+(1+'b')}", '{}')).toEqual(['{x:error("incompatible types")}']);
    expect(run('a/b', '{a:1,b:0}')).toEqual(['error("divide by zero")']);
    expect(run('a+1', '{}')).toEqual(['error("missing")']);
  });
  test('unary minus and not', () => {
    expect(run('-this', '1(int8)', '-128(int8)')).toEqual([
      '-1(int8)',
      'error({message:"unary \'-\' underflow",on:-128(int8)})(error({message:string,on:int8}))',
    ]);
    expect(run('[!this, not this]', 'false', 'true')).toEqual(['[true,true]', '[false,false]']);
  });
  test('comparisons, with and without constant operands', () => {
    expect(run('[a==b, a!=b, a<b, a<=b, a>b, a>=b]', '{a:1,b:null(int64)}')).toEqual([
      '[false,true,false,false,false,false]',
    ]);
    expect(run('a==1', '{a:1}', '{a:1.}', '{a:"1"}', '{}')).toEqual(['true', 'true', 'false', 'error("missing")']);
    expect(run('a < -1', '{a:-2}', '{a:0}')).toEqual(['true', 'false']);
    expect(run('s==null', '{s:null(string)}', '{s:""}')).toEqual(['true', 'false']);
    expect(run('typeof(this)==<int64>', '1', '"a"')).toEqual(['true', 'false']);
  });
  test('logical operators short-circuit and treat missing as Zed does', () => {
    expect(run('a and b', '{a:true,b:false}', '{a:false}', '{a:true,b:true}')).toEqual(['false', 'false', 'true']);
    expect(run('a or b', '{b:true}', '{a:true}', '{b:false}')).toEqual(['true', 'true', 'false']);
  });
  test('in with constant and variable left operands', () => {
    expect(run('2 in a', '{a:[1(uint32),2(uint32)]}', '{a:[1(uint32)]}')).toEqual(['true', 'false']);
    expect(run('x in m', '{x:"a",m:|{"a":1}|}', '{x:1,m:|{"a":1}|}', '{m:|{"a":1}|}')).toEqual([
      'true',
      'true',
      'error("missing")',
    ]);
    expect(run('a in |[1,2,3]|', '{a:2}', '{a:4}')).toEqual(['true', 'false']);
  });
  test('regexp match with ~', () => {
    expect(run('s ~ /^a.c$/', '{s:"abc"}', '{s:"xabc"}', '{s:1}')).toEqual(['true', 'false', 'false']);
    // Go syntax and semantics, on the string's bytes; a null string matches as "" (Go's nil slice).
    expect(run('s ~ /^\\pL+é$/', '{s:"café"}', '{s:"cafe"}')).toEqual(['true', 'false']);
    expect(run('s ~ /a*/', '{s:null(string)}', '{s:1}')).toEqual(['true', 'false']);
    expect(run('s ~ /^(a|a)*$/', `{s:"${'a'.repeat(50_000)}b"}`)).toEqual(['false']);
    const loc = { start: 0, end: 1 };
    const bad = { kind: 'BinaryExpr', op: '~', lhs: { kind: 'ID', name: 's', loc }, rhs: { kind: 'Primitive', type: 'string', text: 'a', loc }, loc } as const;
    const ectx = createEvalContext(new TypeContext());
    expect(() => analyzeExpr(bad, { ectx })).toThrow('right-hand side of ~ expression must be a regular expression');
  });
  test('conditional needs a bool predicate', () => {
    expect(run('a ? 1 : 2', '{a:true}', '{a:false}', '{a:null(bool)}')).toEqual(['1', '2', '2']);
    expect(run('a ? 1 : 2', '{a:1}')).toEqual(['error({message:"?-operator: bool predicate required",on:1})']);
    expect(run('a ? 1 : 2', '{}')).toEqual([
      'error({message:"?-operator: bool predicate required",on:error("missing")})',
    ]);
  });
});

describe('compileExpr index and slice', () => {
  test('arrays and sets are 0-based, negative from the end, out of range missing', () => {
    expect(run('val[idx]', '{val:[1,2,3,"foo"],idx:-1}', '{val:[1,2,3,"bar"],idx:1(uint8)}', '{val:[1,2,3],idx:-5}')).toEqual([
      '"foo"',
      '2',
      'error("missing")',
    ]);
    expect(run('a[3]', '{a:[1,2,3]}')).toEqual(['error("missing")']);
    expect(run('a[s]', '{a:[1],s:"x"}')).toEqual(['error({message:"index is not an integer",on:"x"})']);
    expect(run('this[1]', '|[4,5,6]|(=bar)')).toEqual(['5']);
    expect(run('this[0]', '[0((int64,string)),"hi"((int64,string))]')).toEqual(['0']);
  });
  test('records by string, maps by key (union keys too)', () => {
    expect(run('this["x"]', '{x:123}(=bap)', '{y:1}')).toEqual(['123', 'error("missing")']);
    expect(run('this[1]', '{x:1}')).toEqual(['error({message:"record index is not a string",on:1})']);
    expect(run('[m[1], m["foo"], m[2]]', '{m:|{1:"a","foo":"bar"}|}')).toEqual(['["a","bar",error("missing")]']);
    expect(run('a["one"]', '{a:|{"one":1((int64,string))}|}')).toEqual(['1']);
    expect(run('x[0]', '{x:1}')).toEqual(['error("missing")']);
  });
  test('slices of arrays, strings and bytes', () => {
    expect(run('[a[1:-1], a[1:], a[:1], a[-2:-1], a[:-100]]', '{a:[1,2,3,4]}')).toEqual(['[[2,3],[2,3,4],[1],[3],[]([int64])]']);
    expect(run('a[1:3]', '{a:"0\u2071\u20723"}', '{a:0x00112233}')).toEqual(['"\u2071\u2072"', '0x1122']);
    expect(run('a[1:]', '{a:null(string)}', '{a:null}')).toEqual([
      'null(string)',
      'error({message:"sliced value is not array, set, bytes, or string",on:null})',
    ]);
    expect(run('a["x":]', '{a:"abc"}')).toEqual(['error("slice index is not a number")']);
  });
});

describe('compileExpr record, array, set and map literals', () => {
  test('records with fields, bare identifiers and spreads', () => {
    expect(run('{x:a+b,a}', '{a:2,b:1}', '{a:"hello"}', '{a:1,b:1}')).toEqual([
      '{x:3,a:2}',
      '{x:error("missing"),a:"hello"}',
      '{x:2,a:1}',
    ]);
    expect(run('{...{...r,a:1},b:2}', '{r:{c:0}}')).toEqual(['{c:0,a:1,b:2}']);
    expect(run('{...r,c:2,...s}', '{r:{c:0,d:1},s:{c:5}}', '{r:1}')).toEqual(['{c:5,d:1}', '{c:2}']);
    expect(run('{}', '{}')).toEqual(['{}']);
    expect(run('{...x}', '{}')).toEqual(['{}']);
  });
  test('a duplicate field is a compile error', () => {
    expect(() => run('{x:1,x:2}', '{}')).toThrow(CompileError);
    expect(() => run('{x:1,x:2}', '{}')).toThrow('record expression: duplicate field: "x"');
  });
  test('arrays, sets and maps: empty, mixed types, spreads', () => {
    expect(run('[[],|[]|,|{}|]', '{}')).toEqual(['[[]([null]),|[]|(|[null]|),|{}|(|{null:null}|)]']);
    expect(run('typeof([1,"a",null])', '{}')).toEqual(['<[(int64,string)]>']);
    expect(run('[v]', '{v:"foo"((int64,string))}')).toEqual(['["foo"]([(int64,string)])']);
    expect(run('[...a,...b]', '{a:|[2,3]|,b:[0,1]}', '{a:[1,2],b:"hi"}')).toEqual(['[2,3,0,1]', '[1,2]']);
    expect(run('|[3,1,2,1]|', '{}')).toEqual(['|[1,2,3]|']);
    expect(run('|{k:v}|', '{k:1,v:"foo"((int64,string))}')).toEqual(['|{1:"foo"}|(|{int64:(int64,string)}|)']);
    expect(run('|{"b":1,"a":2}|', '{}')).toEqual(['|{"a":2,"b":1}|']);
  });
});

describe('compileBool', () => {
  test('is true only for bool true', () => {
    const { pred, value } = compileBoolText('x');
    expect(['{x:true}', '{x:false}', '{x:1}', '{}', '{x:null(bool)}'].map((s) => pred(value(s)))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('compileExpr this-rooted string indexes', () => {
  test('this["x"] is a field path, so a non-record gives missing', () => {
    expect(run('this["x"]', '[1,2,3](=foo)', '{x:123}(=bap)', '|{1:"foo"}|')).toEqual([
      'error("missing")',
      '123',
      'error("missing")',
    ]);
    expect(run('a["b"].c', '{a:{b:{c:1}}}')).toEqual(['1']);
  });
  test('a computed index reports non-integer indexes', () => {
    expect(run('val[idx]', '{val:[1,2],idx:"hi"}', '{val:{a:1},idx:1.}', '{val:{a:"baz"},idx:"a"}')).toEqual([
      'error({message:"index is not an integer",on:"hi"})',
      'error({message:"record index is not a string",on:1.})',
      '"baz"',
    ]);
  });
});
