// Parquet through parquet-wasm: Zed types to Parquet and back, row groups
// written one at a time and joined, Zed's errors for what Parquet cannot
// hold, and bad input. The engine's module comes from node_modules, as the
// local adapter loads it (parquet-wasm.ts), which is why this test lives here.
import { beforeAll, describe, expect, it } from 'vitest';
import { TypeContext, Value, type RecordType } from '../../src/zed/index.js';
import { formatValue, parseZsonValue } from '../../src/zson/index.js';
import { ParquetDecoder, ParquetEncoder, type ParquetEncoderOptions } from '../../src/formats/parquet/index.js';
import { readStruct } from '../../src/formats/parquet/thrift-compact.js';
import { useLocalParquetWasm } from './parquet-wasm.js';

beforeAll(() => useLocalParquetWasm());

/** Every Zed type Parquet holds as Zed writes it (no float16, duration, intervals or unions). */
const everyType = `{
  u8: 255 (uint8),
  u16: 65535 (uint16),
  u32: 4294967295 (uint32),
  u64: 18446744073709551615 (uint64),
  i8: -128 (int8),
  i16: -32768 (int16),
  i32: -2147483648 (int32),
  i64: 9223372036854775807,
  t: 2023-06-07T08:09:10.123456789Z,
  f32: 0.5 (float32),
  f64: -2.75,
  bo: true,
  by: 0x00ff,
  s: "grüße",
  ip: 192.168.1.1,
  net: 192.168.0.0/16,
  ty: <[string]>,
  er: error({code:1}),
  en: %y (enum(x,y)),
  rec: {a:{b:1},c:"d"},
  arr: [1.5,2.5],
  set: |[3,1]|,
  m: |{1:"one",0:"zero"}|,
  nul: null,
  d32: 2020-02-29T00:00:00Z (=arrow_date32),
  ts_ms: 2020-02-29T01:02:03.004Z (=arrow_timestamp_ms),
  t64: 1970-01-01T01:02:03.000004Z (=arrow_time64_us),
  dec: {high:0,low:12345(uint64)} (=arrow_decimal128),
  fsb: 0xabcd (=arrow_fixed_size_binary_2),
  ls: "big" (=arrow_large_string),
  fsl: [1,2,3] (=arrow_fixed_size_list_3)
}`;

/** As it reads back: ip, net, type, error and enum are strings; sets are arrays; maps sorted. */
const everyTypeBack = everyType
  .replace('192.168.1.1', '"192.168.1.1"')
  .replace('192.168.0.0/16', '"192.168.0.0/16"')
  .replace('<[string]>', '"[string]"')
  .replace('error({code:1})', '"error({code:1})"')
  .replace('%y (enum(x,y))', '"y"')
  .replace('|[3,1]|', '[1,3]')
  .replace('|{1:"one",0:"zero"}|', '|{0:"zero",1:"one"}|');

function encode(vals: readonly Value[], opts?: ParquetEncoderOptions): Uint8Array {
  const enc = new ParquetEncoder(opts);
  const parts: Uint8Array[] = [];
  for (const v of vals) parts.push(enc.write([v]));
  parts.push(enc.end());
  return concat(parts);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function decode(bytes: Uint8Array, chunk = bytes.length || 1): string[] {
  const dec = new ParquetDecoder(new TypeContext());
  const out: Value[] = [];
  for (let i = 0; i < bytes.length; i += chunk) out.push(...dec.push(bytes.subarray(i, i + chunk)));
  out.push(...dec.end());
  return out.map((v) => formatValue(v));
}

const zson = (text: string, ctx = new TypeContext()) => parseZsonValue(text, ctx);

describe('Parquet round trip', () => {
  it('carries every Zed type Parquet holds', () => {
    const want = formatValue(zson(everyTypeBack));
    const bytes = encode([zson(everyType)]);
    expect(decode(bytes)).toEqual([want]);
    expect(decode(bytes, 1)).toEqual([want]);
    expect(decode(bytes, 97)).toEqual([want]);
  });

  it('carries a row of nulls, typed as the columns are', () => {
    const ctx = new TypeContext();
    const v = zson(everyType, ctx);
    const n = (v.type as RecordType).fields.length;
    const back = decode(encode([v, new Value(v.type, new Uint8Array(n))]));
    expect(back[1]).toMatch(/^\{u8:null\(uint8\),u16:null\(uint16\),u32:null\(uint32\),u64:null\(uint64\),i8:null\(int8\),/);
    expect(back[1]).toContain('t:null(time),');
    expect(back[1]).toContain('ip:null(string),');
    expect(back[1]).toContain('rec:null({a:{b:int64},c:string})');
  });

  it('writes one row group per N rows and reads them back in order', () => {
    const ctx = new TypeContext();
    const vals = Array.from({ length: 1000 }, (_, i) => zson(`{i:${i},s:"${'ab'.repeat(i % 7)}",a:[${i},${-i}]}`, ctx));
    const bytes = encode(vals, { rowGroupRows: 128 });
    expect(rowGroupsOf(bytes)).toEqual({ rowGroups: 8, rows: 1000n });
    expect(decode(bytes, 4096)).toEqual(vals.map((v) => formatValue(v)));
  });

  it('writes nothing for no records', () => {
    expect(encode([])).toHaveLength(0);
  });
});

/** Row-group count and row count from a file's footer. */
function rowGroupsOf(file: Uint8Array): { rowGroups: number; rows: bigint } {
  const len = new DataView(file.buffer, file.byteOffset + file.length - 8).getUint32(0, true);
  const meta = readStruct(file.subarray(file.length - 8 - len, file.length - 8)).struct;
  const rg = meta.fields.find((f) => f.id === 4)!.value as { items: unknown[] };
  return { rowGroups: rg.items.length, rows: meta.fields.find((f) => f.id === 3)!.value as bigint };
}

describe('ParquetEncoder errors (as zio/parquetio)', () => {
  const fails = (...texts: string[]) => {
    const ctx = new TypeContext();
    return () => encode(texts.map((t) => zson(t, ctx)));
  };
  it('gives Zed\'s messages for records it cannot write', () => {
    expect(fails('{a:1}', '{b:2}')).toThrow("parquetio: encountered multiple types (consider 'fuse'): {a:int64} and {b:int64}");
    expect(fails('1')).toThrow('parquetio: not a record: 1');
    expect(fails('{}')).toThrow('parquetio: unsupported type: empty record');
    expect(fails('{a:1s}')).toThrow('parquetio: unsupported type: not implemented: support for DURATION');
    expect(fails('{a:1.(float16)}')).toThrow('parquetio: unsupported type: not implemented: support for FLOAT16');
    expect(fails('{a:1((int64,string))}')).toThrow('parquetio: unsupported type: not implemented: support for DENSE_UNION');
    expect(fails('{a:{b:[1 (arrow_month_interval=int32)]}}')).toThrow('not implemented: support for INTERVAL_MONTHS');
  });

  it('ends the file before a record of another type, so what came before stays readable', () => {
    const ctx = new TypeContext();
    const enc = new ParquetEncoder();
    const out = enc.write([zson('{a:1}', ctx), zson('{a:2}', ctx), zson('{b:3}', ctx)]);
    expect(decode(out)).toEqual(['{a:1}', '{a:2}']);
    expect(() => enc.end()).toThrow('multiple types');
  });
});

describe('ParquetDecoder on bad input', () => {
  it('names the format for input that is not Parquet', () => {
    expect(() => decode(new TextEncoder().encode('{a:1}\n'))).toThrow('parquet: not a Parquet file (only 6 bytes)');
    expect(() => decode(new TextEncoder().encode('x'.repeat(100)))).toThrow('parquet: not a Parquet file (no PAR1 magic at both ends)');
  });

  it('reports a truncated file', () => {
    const bytes = encode([zson('{a:1}')]);
    expect(() => decode(bytes.subarray(0, bytes.length - 3))).toThrow(/^parquet: /);
  });

  it('refuses input beyond its size bound', () => {
    const dec = new ParquetDecoder(new TypeContext(), 10);
    expect(() => dec.push(new Uint8Array(11))).toThrow('parquet: input exceeds 10 bytes');
  });
});
