import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';
import { arith, negate, type ArithOp } from './arith.js';

function run(op: ArithOp, a: string, b: string): string {
  const h = harness();
  return h.z(arith(h.ectx, op, h.v(a), h.v(b)));
}

// Zed's runtime/sam/expr/ztests/math-coerce.yaml: 5(t1) - 4(t2) for every pair.
const PROMOTION: readonly string[] = [
  "uint8 uint8: 1(uint8)",
  "uint8 uint16: 1(uint16)",
  "uint8 uint32: 1(uint32)",
  "uint8 uint64: 1(uint64)",
  "uint8 int8: 1(int8)",
  "uint8 int16: 1(int16)",
  "uint8 int32: 1(int32)",
  "uint8 int64: 1",
  "uint8 float16: 1.(float16)",
  "uint8 float32: 1.(float32)",
  "uint8 float64: 1.",
  "uint16 uint8: 1(uint16)",
  "uint16 uint16: 1(uint16)",
  "uint16 uint32: 1(uint32)",
  "uint16 uint64: 1(uint64)",
  "uint16 int8: 1(int16)",
  "uint16 int16: 1(int16)",
  "uint16 int32: 1(int32)",
  "uint16 int64: 1",
  "uint16 float16: 1.(float16)",
  "uint16 float32: 1.(float32)",
  "uint16 float64: 1.",
  "uint32 uint8: 1(uint32)",
  "uint32 uint16: 1(uint32)",
  "uint32 uint32: 1(uint32)",
  "uint32 uint64: 1(uint64)",
  "uint32 int8: 1(int32)",
  "uint32 int16: 1(int32)",
  "uint32 int32: 1(int32)",
  "uint32 int64: 1",
  "uint32 float16: 1.(float32)",
  "uint32 float32: 1.(float32)",
  "uint32 float64: 1.",
  "uint64 uint8: 1(uint64)",
  "uint64 uint16: 1(uint64)",
  "uint64 uint32: 1(uint64)",
  "uint64 uint64: 1(uint64)",
  "uint64 int8: 1",
  "uint64 int16: 1",
  "uint64 int32: 1",
  "uint64 int64: 1",
  "uint64 float16: 1.",
  "uint64 float32: 1.",
  "uint64 float64: 1.",
  "int8 uint8: 1(int8)",
  "int8 uint16: 1(int16)",
  "int8 uint32: 1(int32)",
  "int8 uint64: 1",
  "int8 int8: 1(int8)",
  "int8 int16: 1(int16)",
  "int8 int32: 1(int32)",
  "int8 int64: 1",
  "int8 float16: 1.(float16)",
  "int8 float32: 1.(float32)",
  "int8 float64: 1.",
  "int16 uint8: 1(int16)",
  "int16 uint16: 1(int16)",
  "int16 uint32: 1(int32)",
  "int16 uint64: 1",
  "int16 int8: 1(int16)",
  "int16 int16: 1(int16)",
  "int16 int32: 1(int32)",
  "int16 int64: 1",
  "int16 float16: 1.(float16)",
  "int16 float32: 1.(float32)",
  "int16 float64: 1.",
  "int32 uint8: 1(int32)",
  "int32 uint16: 1(int32)",
  "int32 uint32: 1(int32)",
  "int32 uint64: 1",
  "int32 int8: 1(int32)",
  "int32 int16: 1(int32)",
  "int32 int32: 1(int32)",
  "int32 int64: 1",
  "int32 float16: 1.(float32)",
  "int32 float32: 1.(float32)",
  "int32 float64: 1.",
  "int64 uint8: 1",
  "int64 uint16: 1",
  "int64 uint32: 1",
  "int64 uint64: 1",
  "int64 int8: 1",
  "int64 int16: 1",
  "int64 int32: 1",
  "int64 int64: 1",
  "int64 float16: 1.",
  "int64 float32: 1.",
  "int64 float64: 1.",
  "float16 uint8: 1.(float16)",
  "float16 uint16: 1.(float16)",
  "float16 uint32: 1.(float32)",
  "float16 uint64: 1.",
  "float16 int8: 1.(float16)",
  "float16 int16: 1.(float16)",
  "float16 int32: 1.(float32)",
  "float16 int64: 1.",
  "float16 float16: 1.(float16)",
  "float16 float32: 1.(float32)",
  "float16 float64: 1.",
  "float32 uint8: 1.(float32)",
  "float32 uint16: 1.(float32)",
  "float32 uint32: 1.(float32)",
  "float32 uint64: 1.",
  "float32 int8: 1.(float32)",
  "float32 int16: 1.(float32)",
  "float32 int32: 1.(float32)",
  "float32 int64: 1.",
  "float32 float16: 1.(float32)",
  "float32 float32: 1.(float32)",
  "float32 float64: 1.",
  "float64 uint8: 1.",
  "float64 uint16: 1.",
  "float64 uint32: 1.",
  "float64 uint64: 1.",
  "float64 int8: 1.",
  "float64 int16: 1.",
  "float64 int32: 1.",
  "float64 int64: 1.",
  "float64 float16: 1.",
  "float64 float32: 1.",
  "float64 float64: 1.",
];

describe('arith', () => {
  test('arith promotes mixed numeric types as Zed does (5(t1) - 4(t2))', () => {
    for (const line of PROMOTION) {
      const [pair, want] = line.split(': ') as [string, string];
      const [t1, t2] = pair.split(' ') as [string, string];
      expect(`${pair}: ${run('-', `5(${t1})`, `4(${t2})`)}`).toBe(`${pair}: ${want}`);
    }
  });

  test('arith computes the documented examples', () => {
    expect(run('*', '2', '3')).toBe('6');
    expect(run('%', '11', '5')).toBe('1');
    expect(run('/', '1', '0')).toBe('error("divide by zero")');
    expect(run('+', '"foo"', '"bar"')).toBe('"foobar"');
  });

  test('arith modulo follows operator-mod.yaml', () => {
    expect(run('%', '5', '2')).toBe('1');
    expect(run('%', '5', '-2')).toBe('1');
    expect(run('%', '5', '2(uint64)')).toBe('1');
    expect(run('%', '5(uint64)', '2(uint64)')).toBe('1(uint64)');
    expect(run('%', '5.', '2(uint64)')).toBe(`error("type float64 incompatible with '%' operator")`);
    expect(run('%', '5', '0')).toBe('error("divide by zero")');
  });

  test('arith drops named types and keeps widths (port-math.yaml)', () => {
    expect(run('+', '100(port=uint16)', '1')).toBe('101');
    const h = harness();
    const sum = arith(h.ectx, '+', arith(h.ectx, '+', h.v('1(int32)'), h.v('100(port=uint16)')), h.v('200(port=uint16)'));
    expect(h.z(sum)).toBe('301(int32)');
  });

  test('arith wraps int64 and uint64 overflow like Go', () => {
    expect(run('+', '9223372036854775807', '1')).toBe('-9223372036854775808');
    expect(run('*', '4611686018427387904', '4')).toBe('0');
    expect(run('-', '0(uint64)', '1(uint64)')).toBe('18446744073709551615(uint64)');
    expect(run('/', '-9223372036854775808', '-1')).toBe('-9223372036854775808');
    expect(run('+', '127(int8)', '1(int8)')).toBe('128(int8)');
  });

  test('arith mixes signed and unsigned and reports uint64 overflow', () => {
    expect(run('+', '-1', '1(uint8)')).toBe('0');
    expect(run('+', '1', '18446744073709551615(uint64)')).toBe('error("integer overflow: uint64 value too large for int64")');
  });

  test('arith on times and durations', () => {
    expect(run('-', '2022-02-12T17:48:36.761595Z', '2022-02-12T15:48:36.761595Z')).toBe('2h');
    expect(run('+', '2021-02-01T12:00:01Z', '1s')).toBe('2021-02-01T12:00:02Z');
    expect(run('+', '1h', '30m')).toBe('1h30m');
    expect(run('*', '2s', '3')).toBe('6s');
  });

  test('arith treats a null operand as zero and null + null as an error', () => {
    expect(run('+', '1', 'null')).toBe('1');
    expect(run('+', 'null(int64)', '2')).toBe('2');
    expect(run('+', '"a"', 'null')).toBe('"a"');
    expect(run('+', 'null', 'null')).toBe(`error("type null incompatible with '+' operator")`);
  });

  test('arith passes errors through, left first', () => {
    expect(run('+', 'error("missing")', '1')).toBe('error("missing")');
    expect(run('+', '1', 'error("x")')).toBe('error("x")');
    expect(run('+', 'error("a")', 'error("b")')).toBe('error("a")');
  });

  test('arith rejects incompatible types (math-incompatible.yaml, nested-error.yaml)', () => {
    expect(run('+', '[1,2]', '[3,4]')).toBe(`error("type [int64] incompatible with '+' operator")`);
    expect(run('-', '|[1,2]|', '|[3,4]|')).toBe(`error("type |[int64]| incompatible with '-' operator")`);
    expect(run('*', '{foo:"bar"}', '{foo:"baz"}')).toBe(`error("type {foo:string} incompatible with '*' operator")`);
    expect(run('/', '|{"foo":"bar"}|', '|{"foo":"baz"}|')).toBe(`error("type |{string:string}| incompatible with '/' operator")`);
    expect(run('+', '1', '"b"')).toBe('error("incompatible types")');
    expect(run('-', '"a"', '"b"')).toBe(`error("type string incompatible with '-' operator")`);
  });

  test('arith untags unions and reads enums as their index', () => {
    expect(run('+', '1((int64,string))', '1')).toBe('2');
    expect(run('+', '%b(enum(a,b))', '1(uint64)')).toBe('2(uint64)');
  });

  test('arith keeps float widths and divides floats by zero as an error', () => {
    expect(run('/', '1.', '4.')).toBe('0.25');
    expect(run('*', '1.5(float32)', '2(float32)')).toBe('3.(float32)');
    expect(run('/', '1.', '0.')).toBe('error("divide by zero")');
  });
});

describe('negate', () => {
  const cases: [string, string][] = [
    ['1(int8)', '-1(int8)'],
    ['-1(int8)', '1(int8)'],
    ['1(uint8)', '-1(int8)'],
    ['-128(int8)', 'error({message:"unary \'-\' underflow",on:-128(int8)})(error({message:string,on:int8}))'],
    ['1(uint16)', '-1(int16)'],
    ['-2147483648(int32)', 'error({message:"unary \'-\' underflow",on:-2147483648(int32)})(error({message:string,on:int32}))'],
    ['1', '-1'],
    ['1(uint64)', '-1'],
    ['-9223372036854775808', 'error({message:"unary \'-\' underflow",on:-9223372036854775808})'],
    ['200(uint8)', 'error({message:"unary \'-\' overflow",on:200(uint8)})(error({message:string,on:uint8}))'],
    ['1.(float16)', '-1.(float16)'],
    ['1.(float32)', '-1.(float32)'],
    ['1.', '-1.'],
    ['"foo"', 'error({message:"type incompatible with unary \'-\' operator",on:"foo"})'],
    ['[1,2,3]', 'error({message:"type incompatible with unary \'-\' operator",on:[1,2,3]})'],
    ['null', 'error({message:"type incompatible with unary \'-\' operator",on:null})'],
    ['null(int8)', 'null(int8)'],
    ['null(float64)', 'null(float64)'],
  ];
  test('negate follows unary-minus.yaml', () => {
    const h = harness();
    for (const [input, want] of cases) expect(h.z(negate(h.ectx, h.v(input)))).toBe(want);
  });
});
