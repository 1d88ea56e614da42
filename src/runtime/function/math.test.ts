import { describe, expect, test } from 'vitest';
import { harness } from '../../../test/support/function-testing.js';

const h = harness();
const each = (name: string, inputs: string[]) => inputs.map((v) => h.call(name, v));

describe('math functions', () => {
  test('abs keeps the type (abs.md)', () => {
    expect(each('abs', ['1', '-1', '0', '-1.0', '-1(int8)', '1(uint8)', '"foo"'])).toEqual([
      '1', '1', '0', '1.', '1(int8)', '1(uint8)', 'error({message:"abs: not a number",on:"foo"})',
    ]);
    expect(h.call('abs', '-1s')).toBe('1s');
    expect(h.call('abs', '-3(=n)')).toBe('3(=n)');
  });

  test('ceil, floor and round (ceil.md, floor.md, round.md)', () => {
    const xs = ['1.5', '-1.5', '1(uint8)', '1.5(float32)'];
    expect(each('ceil', xs)).toEqual(['2.', '-1.', '1(uint8)', '2.(float32)']);
    expect(each('floor', xs)).toEqual(['1.', '-2.', '1(uint8)', '1.(float32)']);
    expect(each('round', ['3.14', '-1.5', '0', '1', '2.5'])).toEqual(['3.', '-2.', '0', '1', '3.']);
    expect(h.call('floor', '"x"')).toBe('error({message:"floor: not a number",on:"x"})');
    expect(h.call('round', 'null')).toBe('error({message:"round: not a number",on:null})');
  });

  test('log, pow and sqrt return float64 (log.md, pow.md, sqrt.md, float16.yaml)', () => {
    expect(each('log', ['4', '4.0', '2.718', '-1'])).toEqual([
      '1.3862943611198906', '1.3862943611198906', '0.999896315728952', 'error({message:"log: illegal argument",on:-1})',
    ]);
    expect(h.call('log', '"x"')).toBe('error({message:"log: not a number",on:"x"})');
    expect(h.call('pow', '2', '5')).toBe('32.');
    expect(h.call('pow', '1.(float16)', '1.(float16)')).toBe('1.');
    expect(h.call('pow', '1', 'NaN')).toBe('1.');
    expect(h.call('pow', '[1]', '1')).toBe('error({message:"pow: not a number",on:[1]})');
    expect(each('sqrt', ['4', '2.', '1e10', '-1', '"9"'])).toEqual(['2.', '1.4142135623730951', '100000.', 'NaN', '3.']);
  });

  test('min and max reduce in the class of the first argument', () => {
    expect(h.call('min', '3', '1', '2')).toBe('1');
    expect(h.call('max', '1.', '3')).toBe('3.');
    expect(h.call('max', '1(uint8)', '7')).toBe('7(uint64)');
    expect(h.call('min', '5', '"2"')).toBe('2');
    expect(h.call('min', '5', '"x"')).toBe('error({message:"min: not a number",on:"x"})');
    expect(h.call('max', '"a"')).toBe('error({message:"max: not a number",on:"a"})');
  });
});
