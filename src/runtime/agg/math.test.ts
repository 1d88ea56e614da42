import { describe, expect, it } from 'vitest';
import { TypeContext } from '../../zed/index.js';
import { formatType, formatValue, parseZsonValue } from '../../zson/index.js';
import { lookupAggregate } from './registry.js';

function agg(name: string, inputs: string[]): string {
  const zctx = new TypeContext();
  const a = lookupAggregate(name)!.make();
  for (const s of inputs) a.consume(parseZsonValue(s, zctx));
  return formatValue(a.result(zctx));
}

function stream(name: string, inputs: string[]): string[] {
  const zctx = new TypeContext();
  const a = lookupAggregate(name)!.make();
  return inputs.map((s) => {
    a.consume(parseZsonValue(s, zctx));
    return formatValue(a.result(zctx));
  });
}

describe('sum', () => {
  it('sums a sequence as int64', () => {
    expect(agg('sum', ['1', '2', '3', '4'])).toBe('10');
    expect(stream('sum', ['1', '2', '3', '4'])).toEqual(['1', '3', '6', '10']);
  });

  it('ignores values that are not numbers', () => {
    expect(agg('sum', ['1', '2', '3', '4', '"foo"'])).toBe('10');
    expect(agg('sum', ['true', '1', 'error("x")', '10.0.0.1', '2'])).toBe('3');
  });

  it('widens small ints to int64 and small uints to uint64', () => {
    expect(agg('sum', ['1(int32)', '2(int8)'])).toBe('3');
    expect(agg('sum', ['1(uint8)', '2(uint32)'])).toBe('3(uint64)');
  });

  it('promotes to float64 when a float arrives', () => {
    expect(agg('sum', ['2', '2.5'])).toBe('4.5');
    expect(agg('sum', ['2.5', '2'])).toBe('4.5');
    expect(agg('sum', ['1.5(float32)'])).toBe('1.5');
  });

  it('promotes uint64 and int64 to int64', () => {
    expect(agg('sum', ['5(uint64)', '-2'])).toBe('3');
    expect(agg('sum', ['-2', '5(uint64)'])).toBe('3');
  });

  it('skips uint64 values above 2^63-1 once the sum is signed', () => {
    expect(agg('sum', ['1', '18446744073709551615(uint64)'])).toBe('1');
  });

  it('wraps int64 overflow as Go does', () => {
    expect(agg('sum', ['9223372036854775807', '1'])).toBe('-9223372036854775808');
    expect(agg('sum', ['1152921504606846976', '1152921504606846976'])).toBe('2305843009213693952');
    expect(agg('sum', ['18446744073709551615(uint64)', '1(uint64)'])).toBe('0(uint64)');
  });

  it('sums durations, and ints into durations', () => {
    expect(agg('sum', ['1s', '2s'])).toBe('3s');
    expect(agg('sum', ['1s', '5'])).toBe('1.000000005s');
    expect(agg('sum', ['5', '1s'])).toBe('1.000000005s');
  });

  it('gives null(type) with only nulls and plain null with no numbers', () => {
    expect(agg('sum', [])).toBe('null');
    expect(agg('sum', ['"a"'])).toBe('null');
    expect(agg('sum', ['null(int64)'])).toBe('null(int64)');
    expect(agg('sum', ['null'])).toBe('null');
    // runtime/sam/op/groupby/ztests/null.yaml
    expect(agg('sum', ['null(uint64)', 'null(float64)', 'null(int64)', 'null(duration)', 'null(time)'])).toBe(
      'null(float64)',
    );
  });

  it('reads named and union values as Zed does', () => {
    expect(agg('sum', ['1(=myint)', '2'])).toBe('3');
    // A union value is skipped while the sum has no type yet (math.go uses
    // the type ID of the first value) but is unwrapped afterwards.
    expect(agg('sum', ['1((int64,string))', '2'])).toBe('2');
    expect(agg('sum', ['2', '1((int64,string))'])).toBe('3');
  });
});

describe('min and max', () => {
  it('follow the docs examples', () => {
    expect(agg('min', ['1', '2', '3', '4'])).toBe('1');
    expect(agg('max', ['1', '2', '3', '4'])).toBe('4');
    expect(stream('min', ['1', '2', '3', '4'])).toEqual(['1', '1', '1', '1']);
    expect(stream('max', ['1', '2', '3', '4'])).toEqual(['1', '2', '3', '4']);
    expect(agg('max', ['1', '2', '3', '4', '"foo"'])).toBe('4');
  });

  it('coerce mixed ints and floats to float64', () => {
    expect(agg('max', ['2', '2.5'])).toBe('2.5');
    expect(agg('min', ['2', '2.5'])).toBe('2.');
  });

  it('report int32 inputs as int64 and keep uint64', () => {
    expect(agg('min', ['0(int32)', '5(int32)', '10(int32)'])).toBe('0');
    expect(agg('max', ['3(uint64)', '1(uint64)'])).toBe('3(uint64)');
    expect(agg('min', ['3(uint64)', '1(uint64)'])).toBe('1(uint64)');
  });

  it('handle negative and 64-bit extremes', () => {
    expect(agg('min', ['-9223372036854775808', '5'])).toBe('-9223372036854775808');
    expect(agg('max', ['9223372036854775807', '-5'])).toBe('9223372036854775807');
    expect(agg('max', ['18446744073709551615(uint64)', '1(uint64)'])).toBe('18446744073709551615(uint64)');
  });

  it('compare times and give a time', () => {
    expect(agg('max', ['2024-01-01T00:00:00Z', '2023-01-01T00:00:00Z'])).toBe('2024-01-01T00:00:00Z');
  });

  it('start float max at -MaxFloat64, as anymath.Max does', () => {
    expect(agg('max', ['-Inf'])).toBe('-1.7976931348623157e+308');
  });

  it('give null with no input', () => {
    expect(agg('max', [])).toBe('null');
    expect(agg('min', ['null(float64)'])).toBe('null(float64)');
  });
});

describe('avg', () => {
  it('averages as float64', () => {
    expect(agg('avg', ['1', '2', '3', '4'])).toBe('2.5');
    expect(stream('avg', ['1', '2', '3', '4'])).toEqual(['1.', '1.5', '2.', '2.5']);
    expect(agg('avg', ['0(int32)', '5(int32)', '10(int32)'])).toBe('5.');
  });

  it('ignores values that do not convert to float, and nulls', () => {
    expect(agg('avg', ['1', '2', '3', '4', '"foo"'])).toBe('2.5');
    expect(agg('avg', ['1', 'null(int64)', 'true', '3'])).toBe('2.');
  });

  it('converts numeric strings as coerce.ToFloat does', () => {
    expect(agg('avg', ['"1.5"', '"2.5"', '"0x1p1"'])).toBe('2.');
  });

  it('gives null(float64) with no input', () => {
    expect(agg('avg', [])).toBe('null(float64)');
  });

  it('has a {sum,count} partial', () => {
    const zctx = new TypeContext();
    const a = lookupAggregate('avg')!.make();
    a.consume(parseZsonValue('3', zctx));
    const p = a.resultAsPartial(zctx);
    expect(formatValue(p)).toBe('{sum:3.,count:1(uint64)}');
    expect(formatType(p.type)).toBe('{sum:float64,count:uint64}');
  });
});
