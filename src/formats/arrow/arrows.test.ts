// The Arrow IPC stream format: every Zed type through ArrowsEncoder and back
// through ArrowsDecoder, input fed whole, by bytes and in random chunks, and
// Zed's errors for values Arrow cannot hold.
import { Field, Int64, RecordBatch, Schema, Struct, Table, makeData, tableToIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { TypeContext, Value, type RecordType } from '../../zed/index.js';
import { formatValue, parseZsonValue } from '../../zson/index.js';
import { ArrowsDecoder, ArrowsEncoder } from './index.js';

/** A record of every Arrow type Zed maps, in Zed's terms (each field once more as null below). */
const everyType = `{
  nul: null,
  b: false,
  u8: 200 (uint8),
  i8: -100 (int8),
  u16: 60000 (uint16),
  i16: -30000 (int16),
  u32: 4000000000 (uint32),
  i32: -2000000000 (int32),
  u64: 18446744073709551615 (uint64),
  i64: -9223372036854775808,
  f16: 2.5 (float16),
  f32: -1.25 (float32),
  f64: 1e+300,
  s: "héllo",
  by: 0xdeadbeef,
  fsb: 0x010203 (=arrow_fixed_size_binary_3),
  d32: 1999-12-31T00:00:00Z (=arrow_date32),
  d64: 1969-12-30T00:00:00Z (=arrow_date64),
  ts_s: 2001-02-03T04:05:06Z (=arrow_timestamp_s),
  ts_ms: 2001-02-03T04:05:06.789Z (=arrow_timestamp_ms),
  ts_us: 2001-02-03T04:05:06.789012Z (=arrow_timestamp_us),
  ts_ns: 2001-02-03T04:05:06.789012345Z,
  t32_s: 1970-01-01T23:59:59Z (=arrow_time32_s),
  t32_ms: 1970-01-01T00:00:01.5Z (=arrow_time32_ms),
  t64_us: 1970-01-01T12:00:00.000001Z (=arrow_time64_us),
  t64_ns: 1970-01-01T12:00:00.000000001Z (=arrow_time64_ns),
  mi: 7 (arrow_month_interval=int32),
  dti: {days:-3(int32),milliseconds:4000000000(uint32)} (=arrow_day_time_interval),
  d128: {high:-1,low:18446744073709551615(uint64)} (=arrow_decimal128),
  d256: [5(uint64),6(uint64),7(uint64),8(uint64)] (=arrow_decimal256),
  arr: [1,2,3],
  set: |["a","b"]|,
  rec: {x:{y:"deep"},z:[{w:1}]},
  un: "two" ((int64,string)),
  m: |{"b":2,"a":1}|,
  fsl: [9,8] (=arrow_fixed_size_list_2),
  dur_s: 3s (=arrow_duration_s),
  dur_ms: 3ms (=arrow_duration_ms),
  dur_us: 3us (=arrow_duration_us),
  dur: 1h2m3.000000004s,
  ls: "large" (=arrow_large_string),
  lb: 0xff (=arrow_large_binary),
  ll: [true,false] (=arrow_large_list),
  mdn: {month:-1(int32),day:2(int32),nanoseconds:-3} (=arrow_month_day_nano_interval),
  ip: 10.1.2.3,
  net: 10.0.0.0/8,
  typ: <{a:int64}>,
  en: %b (enum(a,b)),
  err: error("boom")
}`;

/** What reading gives back: sets become arrays, maps are sorted, ip/net/type/enum/error become strings. */
const everyTypeBack = everyType
  .replace('|["a","b"]|', '["a","b"]')
  .replace('|{"b":2,"a":1}|', '|{"a":1,"b":2}|')
  .replace('10.1.2.3', '"10.1.2.3"')
  .replace('10.0.0.0/8', '"10.0.0.0/8"')
  .replace('<{a:int64}>', '"{a:int64}"')
  .replace('%b (enum(a,b))', '"b"')
  .replace('error("boom")', '"error(\\"boom\\")"');

function encode(vals: readonly Value[], batchRows?: number): Uint8Array {
  const enc = new ArrowsEncoder(batchRows);
  const parts = [enc.write(vals), enc.end()];
  const out = new Uint8Array(parts[0]!.length + parts[1]!.length);
  out.set(parts[0]!);
  out.set(parts[1]!, parts[0]!.length);
  return out;
}

function decode(bytes: Uint8Array, chunking: 'whole' | 'bytes' | 'random', ctx = new TypeContext()): string[] {
  const dec = new ArrowsDecoder(ctx);
  const out: Value[] = [];
  if (chunking === 'whole') out.push(...dec.push(bytes));
  else {
    let seed = 7;
    for (let i = 0; i < bytes.length; ) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const n = chunking === 'bytes' ? 1 : 1 + (seed % 700);
      out.push(...dec.push(bytes.subarray(i, i + n)));
      i += n;
    }
  }
  out.push(...dec.end());
  return out.map((v) => formatValue(v));
}

function zson(text: string, ctx = new TypeContext()): Value {
  return parseZsonValue(text, ctx);
}

describe('Arrow IPC stream round trip', () => {
  it('carries every Zed type Arrow can hold, with Zed\'s names for Arrow-only types', () => {
    const ctx = new TypeContext();
    const v = zson(everyType, ctx);
    const want = formatValue(zson(everyTypeBack));
    for (const chunking of ['whole', 'bytes', 'random'] as const) {
      expect(decode(encode([v]), chunking)).toEqual([want]);
    }
  });

  it('carries nulls in every column', () => {
    const ctx = new TypeContext();
    const v = zson(everyType, ctx);
    const fields = (v.type as RecordType).fields;
    // Every field null: one zero tag per field.
    const nullRow = new Value(v.type, new Uint8Array(fields.length));
    const back = decode(encode([v, nullRow]), 'random');
    expect(back).toHaveLength(2);
    expect(back[1]).toMatch(/^\{nul:null,b:null\(bool\),u8:null\(uint8\),/);
    expect(back[1]).toContain('un:null((int64,string))');
  });

  it('splits records into batches and reads them all back in order', () => {
    const ctx = new TypeContext();
    const vals = Array.from({ length: 2500 }, (_, i) => zson(`{i:${i},s:"${'x'.repeat(i % 13)}"}`, ctx));
    const bytes = encode(vals, 1000);
    const back = decode(bytes, 'random');
    expect(back).toEqual(vals.map((v) => formatValue(v)));
  });

  it('writes nothing for no records', () => {
    expect(encode([])).toHaveLength(0);
  });
});

describe('ArrowsEncoder errors (as zio/arrowio)', () => {
  const fails = (text: string) => {
    const ctx = new TypeContext();
    const vals = text.split('\n').map((t) => zson(t, ctx));
    return () => encode(vals);
  };
  it('rejects a second record type', () => {
    expect(fails('{a:1}\n{b:2}')).toThrow("arrowio: encountered multiple types (consider 'fuse'): {a:int64} and {b:int64}");
  });
  it('rejects a non-record', () => {
    expect(fails('1')).toThrow('arrowio: not a record: 1');
  });
  it('rejects an empty record', () => {
    expect(fails('{}')).toThrow('arrowio: unsupported type: empty record');
  });
  it('writes what came before a record of another type, then fails', () => {
    const ctx = new TypeContext();
    const enc = new ArrowsEncoder();
    const out = enc.write([zson('{a:1}', ctx), zson('{b:2}', ctx)]);
    expect(decode(out, 'whole')).toEqual(['{a:1}']);
    expect(() => enc.end()).toThrow('multiple types');
  });
});

describe('ArrowsDecoder on other writers\' streams and bad input', () => {
  it('makes repeated top-level field names unique, as Zed does', () => {
    const fields = ['a', 'a', 'b', 'a'].map((n) => new Field(n, new Int64(), true));
    const cols = [1n, 2n, 3n, 4n].map((x) => makeData({ type: new Int64(), length: 1, nullCount: 0, data: BigInt64Array.of(x) }));
    const batch = new RecordBatch(new Schema(fields), makeData({ type: new Struct(fields), length: 1, nullCount: 0, children: cols }));
    const bytes = tableToIPC(new Table([batch]), 'stream');
    expect(decode(bytes, 'whole')).toEqual(['{a:1,a1:2,b:3,a2:4}']);
  });

  it('names the format and the offset of a truncated stream', () => {
    const bytes = encode([zson('{a:1}')]);
    for (const cut of [3, 9, bytes.length - 9]) {
      expect(() => decode(bytes.subarray(0, cut), 'bytes')).toThrow(/^arrows: truncated stream: incomplete message at offset \d+$/);
    }
  });

  it('stops at the end-of-stream marker, as Go\'s reader does', () => {
    const bytes = encode([zson('{a:1}')]);
    const more = new Uint8Array(bytes.length + 5);
    more.set(bytes);
    more.set([1, 2, 3, 4, 5], bytes.length);
    expect(decode(more, 'random')).toEqual(['{a:1}']);
  });

  it('rejects empty input, an Arrow file, and a stream that starts with a batch', () => {
    expect(() => decode(new Uint8Array(0), 'whole')).toThrow('arrows: empty stream: no schema message');
    const file = new TextEncoder().encode('ARROW1\0\0rest of a file');
    expect(() => decode(file, 'bytes')).toThrow('arrows: input is an Arrow IPC file, not a stream');
    const bytes = encode([zson('{a:1}')]);
    // Drop the schema message: continuation, length, then that many bytes.
    const schemaLen = 8 + new DataView(bytes.buffer, bytes.byteOffset + 4, 4).getInt32(0, true);
    expect(() => decode(bytes.subarray(schemaLen), 'whole')).toThrow(/^arrows: stream does not begin with a schema message/);
  });
});
