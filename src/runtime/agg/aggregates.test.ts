import { describe, expect, it } from 'vitest';
import { TypeContext, type Value, type Type } from '../../zed/index.js';
import { formatType, formatValue, parseZsonValue } from '../../zson/index.js';
import { lookupAggregate } from './registry.js';

function run(name: string, inputs: string[]): Value & { zctx: TypeContext } {
  const zctx = new TypeContext();
  const a = lookupAggregate(name)!.make();
  for (const s of inputs) a.consume(parseZsonValue(s, zctx));
  return Object.assign(a.result(zctx), { zctx });
}

function agg(name: string, inputs: string[]): string {
  return formatValue(run(name, inputs));
}

function typeOf(name: string, inputs: string[]): string {
  return formatType(run(name, inputs).type as Type);
}

function stream(name: string, inputs: string[]): string[] {
  const zctx = new TypeContext();
  const a = lookupAggregate(name)!.make();
  return inputs.map((s) => {
    a.consume(parseZsonValue(s, zctx));
    return formatValue(a.result(zctx));
  });
}

describe('count', () => {
  it('counts every value, nulls and errors included, as uint64', () => {
    expect(agg('count', ['1', '2', '3'])).toBe('3(uint64)');
    expect(stream('count', ['1', '"foo"', '10.0.0.1'])).toEqual(['1(uint64)', '2(uint64)', '3(uint64)']);
    expect(agg('count', ['null', 'null(int64)', 'error("x")'])).toBe('3(uint64)');
    expect(agg('count', ['[1,2,3]'])).toBe('1(uint64)');
  });

  it('is 0 with no input', () => {
    expect(agg('count', [])).toBe('0(uint64)');
  });
});

describe('any', () => {
  it('keeps the first value', () => {
    expect(agg('any', ['1', '2', '3', '4'])).toBe('1');
    expect(stream('any', ['1', '2'])).toEqual(['1', '1']);
    expect(agg('any', ['"foo"', '1', '2'])).toBe('"foo"');
    expect(agg('any', ['0(int32)', '5(int32)'])).toBe('0(int32)');
  });

  it('replaces a null with the first non-null', () => {
    expect(agg('any', ['null(uint64)', 'null(float64)'])).toBe('null(uint64)');
    expect(agg('any', ['null(uint64)', '7', '8'])).toBe('7');
  });

  it('is null with no input', () => {
    expect(agg('any', [])).toBe('null');
  });

  it('copies the value it keeps', () => {
    const zctx = new TypeContext();
    const a = lookupAggregate('any')!.make();
    const v = parseZsonValue('"abc"', zctx);
    a.consume(v);
    v.bytes!.fill(0x78);
    expect(formatValue(a.result(zctx))).toBe('"abc"');
  });
});

describe('and and or', () => {
  it('follow the docs examples', () => {
    expect(agg('and', ['true', 'false', 'true'])).toBe('false');
    expect(stream('and', ['true', 'false', 'true'])).toEqual(['true', 'false', 'false']);
    expect(stream('and', ['true', '"foo"', '0', 'false', 'true'])).toEqual(['true', 'true', 'true', 'false', 'false']);
    expect(agg('or', ['false', 'true', 'false'])).toBe('true');
    expect(stream('or', ['false', '"foo"', '1', 'true', 'false'])).toEqual(['false', 'false', 'false', 'true', 'true']);
  });

  it('give null(bool) without bool input and ignore nulls', () => {
    expect(agg('and', [])).toBe('null(bool)');
    expect(agg('or', ['null(bool)', '1'])).toBe('null(bool)');
    expect(agg('and', ['null(bool)', 'true'])).toBe('true');
  });

  it('accept named bools but not unions', () => {
    expect(agg('or', ['true(=flag)'])).toBe('true');
    expect(agg('or', ['true((bool,string))'])).toBe('null(bool)');
  });
});

describe('collect', () => {
  it('collects in order', () => {
    expect(agg('collect', ['1', '2', '3', '4'])).toBe('[1,2,3,4]');
    expect(stream('collect', ['1', '2'])).toEqual(['[1]', '[1,2]']);
    expect(agg('collect', ['1(int32)', '-1(int32)', '2(int32)', '1(int32)'])).toBe('[1(int32),-1(int32),2(int32),1(int32)]');
  });

  it('makes an array of a union for mixed types', () => {
    expect(agg('collect', ['1', '2', '3', '4', '"foo"'])).toBe('[1,2,3,4,"foo"]');
    expect(typeOf('collect', ['1', '"foo"'])).toBe('[(int64,string)]');
    expect(agg('collect', ['{a:1}', '{b:1.5}', '{a:2}'])).toBe('[{a:1},{b:1.5},{a:2}]');
  });

  it('unwraps unions and names', () => {
    expect(agg('collect', ['1((int64,string))', '"foo"((time,string))', '0.5'])).toBe('[1,"foo",0.5]');
    expect(typeOf('collect', ['1((int64,string))', '"foo"((time,string))', '0.5'])).toBe('[(int64,float64,string)]');
    expect(typeOf('collect', ['"a"(=s)', '"b"'])).toBe('[string]');
  });

  it('skips nulls and is null with no input', () => {
    expect(agg('collect', ['null(int64)', '1'])).toBe('[1]');
    expect(agg('collect', [])).toBe('null');
  });
});

describe('union', () => {
  it('makes a set in canonical order', () => {
    expect(agg('union', ['1', '2', '3', '3'])).toBe('|[1,2,3]|');
    expect(stream('union', ['1', '2', '3', '3'])).toEqual(['|[1]|', '|[1,2]|', '|[1,2,3]|', '|[1,2,3]|']);
    expect(agg('union', ['300', '2', '1'])).toBe('|[1,2,300]|');
  });

  it('makes a set of a union for mixed types', () => {
    expect(agg('union', ['1', '2', '3', '"foo"'])).toBe('|[1,2,3,"foo"]|');
    expect(typeOf('union', ['1', '2', '3', '"foo"'])).toBe('|[(int64,string)]|');
    expect(agg('union', ['1', '"1"', '1'])).toBe('|[1,"1"]|');
  });

  it('keeps union-typed values as they are', () => {
    expect(agg('union', ['1((int64,string))', '1((int64,string))'])).toBe('|[1]|(|[(int64,string)]|)');
  });

  it('distinguishes types and dedupes containers', () => {
    expect(agg('union', ['{x:1,s:"a"}', '{x:2,s:"b"}', '{x:1,s:"a"}'])).toBe('|[{x:1,s:"a"},{x:2,s:"b"}]|');
    expect(agg('union', ['[]([string])', 'null([string])'])).toBe('|[[]([string])]|');
    expect(typeOf('union', ['1(int32)', '1'])).toBe('|[(int32,int64)]|');
  });

  it('is null with no input', () => {
    expect(agg('union', [])).toBe('null');
  });
});

describe('collect_map', () => {
  it('merges maps, the last value of a key winning', () => {
    expect(stream('collect_map', ['|{"APPL":145.03}|', '|{"GOOG":87.07}|', '|{"APPL":150.13}|'])).toEqual([
      '|{"APPL":145.03}|',
      '|{"APPL":145.03,"GOOG":87.07}|',
      '|{"APPL":150.13,"GOOG":87.07}|',
    ]);
  });

  it('orders entries by key bytes as Zed normalizes maps', () => {
    const inputs = ['|{"APPL":150.94}|', '|{"GOOG":91.22}|', '|{"APPL":160.94}|', '|{"SBUX":87.30}|', '|{"NKE":94.12}|', '|{"TMUS":152.22}|'];
    expect(agg('collect_map', inputs)).toBe('|{"NKE":94.12,"APPL":160.94,"GOOG":91.22,"SBUX":87.3,"TMUS":152.22}|');
  });

  it('makes union keys for mixed key types, keeping names and unwrapping unions', () => {
    const inputs = [
      '|{"foo"(=my_string):"bar"((int64,string))}|',
      '|{1(my_union=(int32,int64)):1}|',
      '|{127.0.0.1:127.0.0.1}|',
      '|{2.:2.}|',
      '|{["bar","baz"]:["bar","baz"]}|',
    ];
    const v = run('collect_map', inputs);
    expect(formatType(v.type)).toBe('|{(int64,float64,my_string=string,ip,[string]):(int64,float64,string,ip,[string])}|');
    // runtime/sam/expr/agg/ztests/collect-map-union.yaml
    expect(formatValue(v)).toBe('|{1:1,"foo"(=my_string):"bar",127.0.0.1:127.0.0.1,2.:2.,["bar","baz"]:["bar","baz"]}|');
  });

  it('ignores non-maps and nulls and is null with no input', () => {
    expect(agg('collect_map', ['1', 'null(|{string:int64}|)'])).toBe('null');
  });
});

describe('fuse', () => {
  it('fuses record types', () => {
    expect(agg('fuse', ['{a:1,b:2}', '{a:2,b:"foo"}'])).toBe('<{a:int64,b:(int64,string)}>');
    expect(agg('fuse', ['{a:"hello",b:"world"}', '{a:"goodnight",b:123(int32)}'])).toBe('<{a:string,b:(int32,string)}>');
  });

  it('merges nested records and appends new fields', () => {
    const inputs = ['{a:"hello",r:{x:1(int32),y:2(int32)}}', '{r:{y:4(int32),z:5(int32)},s:"world",r2:{x:6(int32)}}'];
    expect(agg('fuse', inputs)).toBe('<{a:string,r:{x:int32,y:int32,z:int32},s:string,r2:{x:int32}}>');
  });

  it('lets null give way and merges arrays with sets', () => {
    expect(agg('fuse', ['null', '1'])).toBe('<int64>');
    expect(agg('fuse', ['[1]', '|["a"]|'])).toBe('<[(int64,string)]>');
    expect(agg('fuse', ['|[1]|', '|["a"]|'])).toBe('<|[(int64,string)]|>');
    expect(agg('fuse', ['1', '1'])).toBe('<int64>');
  });

  it('is null(type) with no input', () => {
    expect(agg('fuse', [])).toBe('null(type)');
  });
});
