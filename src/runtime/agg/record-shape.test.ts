import { describe, expect, it } from 'vitest';
import { Builder, TypeContext, TypeInt64, TypeString, Value, encodeInt } from '../../zed/index.js';
import { formatValue } from '../../zson/index.js';
import { encodeUtf8 } from '../../util/utf8.js';
import { RecordShape } from './record-shape.js';

function build(paths: string[][], leaves: [typeof TypeInt64 | typeof TypeString, Uint8Array | null][]): string {
  const zctx = new TypeContext();
  const shape = new RecordShape(zctx, paths);
  const b = new Builder();
  leaves.forEach(([, body], i) => shape.append(b, i, body));
  return formatValue(new Value(shape.type(leaves.map(([t]) => t)), b.bytes()));
}

describe('RecordShape', () => {
  it('builds flat records', () => {
    expect(build([['k'], ['count']], [[TypeString, encodeUtf8('a')], [TypeInt64, encodeInt(2)]])).toBe('{k:"a",count:2}');
  });

  it('nests dotted paths into one record', () => {
    const leaves: [typeof TypeString, Uint8Array][] = [
      [TypeString, encodeUtf8('cat')],
      [TypeString, encodeUtf8('x')],
      [TypeString, encodeUtf8('y')],
    ];
    expect(build([['result', 'animal'], ['result', 'count'], ['z']], leaves)).toBe('{result:{animal:"cat",count:"x"},z:"y"}');
    expect(build([['a'], ['b', 'c', 'd'], ['b', 'e']], leaves)).toBe('{a:"cat",b:{c:{d:"x"},e:"y"}}');
  });

  it('keeps nulls', () => {
    expect(build([['a'], ['b', 'c']], [[TypeString, null], [TypeInt64, null]])).toBe('{a:null(string),b:{c:null(int64)}}');
  });

  it('rejects duplicate and overlapping fields with Zed messages', () => {
    const zctx = new TypeContext();
    expect(() => new RecordShape(zctx, [['count'], ['count']])).toThrow('duplicate field: "count"');
    expect(() => new RecordShape(zctx, [['a'], ['a', 'b']])).toThrow('duplicate field: "a.b"');
    expect(() => new RecordShape(zctx, [['a', 'b'], ['c'], ['a', 'd']])).toThrow('fields in record a must be adjacent');
    expect(() => new RecordShape(zctx, [[]])).toThrow('empty field path');
  });

  it('memoizes record types per vector of leaf types', () => {
    const zctx = new TypeContext();
    const shape = new RecordShape(zctx, [['a'], ['b']]);
    const t1 = shape.type([TypeInt64, TypeString]);
    expect(shape.type([TypeInt64, TypeString])).toBe(t1);
    expect(shape.type([TypeString, TypeString])).not.toBe(t1);
  });
});
