// The compact-protocol codec writes back exactly what it read, for every
// wire type, and reads what it writes.
import { describe, expect, it } from 'vitest';
import { readStruct, shiftI64, TType, writeStruct, type TStruct } from './thrift-compact.js';

const sample: TStruct = {
  kind: 'struct',
  fields: [
    { id: 1, type: TType.i32, value: -7 },
    { id: 2, type: TType.boolTrue, value: true },
    { id: 3, type: TType.boolFalse, value: false },
    { id: 4, type: TType.i64, value: -(2n ** 63n) },
    { id: 5, type: TType.binary, value: new TextEncoder().encode('parquet-rs') },
    { id: 6, type: TType.double, value: -0.125 },
    { id: 7, type: TType.i8, value: -3 },
    { id: 8, type: TType.i16, value: 300 },
    // A list long enough for the extended size form, of structs.
    {
      id: 9,
      type: TType.list,
      value: { kind: 'list', elemType: TType.struct, items: Array.from({ length: 20 }, (_, i) => ({ kind: 'struct', fields: [{ id: 1, type: TType.i64, value: BigInt(i) * 1000n }] })) },
    },
    { id: 10, type: TType.list, value: { kind: 'list', elemType: TType.boolTrue, items: [true, false, true] } },
    { id: 11, type: TType.map, value: { kind: 'map', keyType: TType.binary, valueType: TType.i32, entries: [[new Uint8Array([65]), 1]] } },
    // A jump in field id past 15 takes the long header form.
    { id: 40, type: TType.struct, value: { kind: 'struct', fields: [] } },
    { id: 41, type: TType.set, value: { kind: 'list', elemType: TType.i32, items: [] } },
  ],
};

describe('thrift compact protocol', () => {
  it('round-trips every wire type', () => {
    const bytes = writeStruct(sample);
    const { struct, length } = readStruct(bytes);
    expect(length).toBe(bytes.length);
    expect(struct).toEqual(sample);
    expect(writeStruct(struct)).toEqual(bytes);
  });

  it('shifts i64 fields and leaves others alone', () => {
    const s = readStruct(writeStruct(sample)).struct;
    shiftI64(s, 4, 10n);
    shiftI64(s, 1, 10n);
    expect(s.fields[0]!.value).toBe(-7);
    expect(s.fields[3]!.value).toBe(-(2n ** 63n) + 10n);
  });

  it('throws a FormatError on truncated input', () => {
    const bytes = writeStruct(sample);
    expect(() => readStruct(bytes.subarray(0, bytes.length - 5))).toThrow(/^thrift: /);
  });
});
