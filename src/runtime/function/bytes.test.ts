import { describe, expect, test } from 'vitest';
import { decodeBase64, encodeBase64 } from './bytes.js';
import { harness } from '../../../test/support/function-testing.js';

const h = harness();
const each = (name: string, inputs: string[]) => inputs.map((v) => h.call(name, v));

describe('bytes functions', () => {
  test('base64 encodes bytes and decodes strings (base64.yaml)', () => {
    expect(each('base64', ['"aGVsbG8gd29ybGQ="', '0x68656c6c6f20776f726c64', 'null(string)', '"foo"', 'null(bytes)'])).toEqual([
      '0x68656c6c6f20776f726c64',
      '"aGVsbG8gd29ybGQ="',
      'null(bytes)',
      'error({message:"base64: string argument is not base64",on:"foo"})',
      'error("base64: illegal null argument")',
    ]);
    expect(h.call('base64', '0x010203')).toBe('"AQID"');
    expect(h.call('base64', '1')).toBe('error({message:"base64: argument must a bytes or string type",on:1})');
  });

  test('hex encodes and decodes (hex.yaml)', () => {
    expect(each('hex', ['"68656c6c6f20776f726c64"((string,int64))', '0x68656c6c6f20776f726c64((bytes,int64))', 'null(string)', '"foo"', 'null(bytes)'])).toEqual([
      '0x68656c6c6f20776f726c64',
      '"68656c6c6f20776f726c64"',
      'null(bytes)',
      'error({message:"hex: string argument is not hexidecimal",on:"foo"})',
      'error("hex: illegal null argument")',
    ]);
    expect(h.call('hex', '0x0102ff')).toBe('"0102ff"');
    expect(h.call('hex', '""')).toBe('0x');
  });

  test('decodeBase64 is strict about padding and alphabet', () => {
    expect(decodeBase64('AQ==')).toEqual(Uint8Array.of(1));
    expect(decodeBase64('AQ=')).toBeNull();
    expect(decodeBase64('AR==')).toBeNull();
    expect(decodeBase64('A=Q=')).toBeNull();
    expect(decodeBase64('AQID\r\n')).toEqual(Uint8Array.of(1, 2, 3));
    expect(encodeBase64(Uint8Array.of(1, 2))).toBe('AQI=');
  });
});
