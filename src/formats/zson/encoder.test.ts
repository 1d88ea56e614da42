import { describe, expect, it } from 'vitest';
import { Builder, TypeContext, TypeInt32, Value, newInt, newInt64, newString, type Type } from '../../zed/index.js';
import type { Chunk } from '../codec.js';
import { ZsonEncoder } from './encoder.js';

const ctx = new TypeContext();
function rec(...fields: [string, Value][]): Value {
  const b = new Builder();
  for (const [, v] of fields) b.append(v.bytes);
  return new Value(ctx.lookupRecord(fields.map(([name, v]) => ({ name, type: v.type as Type }))), b.bytes());
}
const named = (name: string, v: Value) => new Value(ctx.lookupNamed(name, v.type), v.bytes);
const text = (c: Chunk) => (typeof c === 'string' ? c : new TextDecoder().decode(c));

describe('ZsonEncoder', () => {
  it('writes one value per line by default', () => {
    const enc = new ZsonEncoder();
    const out = text(enc.write([newInt64(1), rec(['a', newString('é')]), new Value(TypeInt32, null)]));
    expect(out).toBe('1\n{a:"é"}\nnull(int32)\n');
    expect(text(enc.end())).toBe('');
  });

  it('writes nothing for an empty batch', () => {
    expect(text(new ZsonEncoder().write([]))).toBe('');
  });

  it('pretty-prints with the given indent', () => {
    const v = rec(['a', newInt64(1)], ['b', rec(['c', newInt(TypeInt32, 2)])]);
    expect(text(new ZsonEncoder({ pretty: 4 }).write([v]))).toBe('{\n    a: 1,\n    b: {\n        c: 2 (int32)\n    }\n}\n');
    expect(text(new ZsonEncoder({ pretty: 2 }).write([newInt64(7)]))).toBe('7\n');
  });

  it('defines a named type again in every value and every batch', () => {
    const enc = new ZsonEncoder();
    const v = named('foo', rec(['x', newInt(TypeInt32, 1)]));
    expect(text(enc.write([v, v]))).toBe('{x:1(int32)}(=foo)\n{x:1(int32)}(=foo)\n');
    expect(text(enc.write([v]))).toBe('{x:1(int32)}(=foo)\n');
  });

  it('remembers persisted names across batches', () => {
    const enc = new ZsonEncoder({ persist: /^foo$/ });
    const v = named('foo', rec(['x', newInt(TypeInt32, 1)]));
    expect(text(enc.write([v]))).toBe('{x:1(int32)}(=foo)\n');
    expect(text(enc.write([v]))).toBe('{x:1}(foo)\n');
  });

  it('grows its buffer for large batches and long strings', () => {
    const long = 'x'.repeat(200_000) + '"';
    const values = [newString(long), ...Array.from({ length: 5000 }, (_, i) => rec(['i', newInt64(i)]))];
    const out = text(new ZsonEncoder().write(values));
    const lines = out.split('\n');
    expect(lines[0]).toBe('"' + 'x'.repeat(200_000) + '\\""');
    expect(lines[5000]).toBe('{i:4999}');
    expect(lines).toHaveLength(5002);
  });
});
