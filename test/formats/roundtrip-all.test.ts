// Every Zed type through every format in the table: a pool on the local
// stores (files and a libSQL database in a temp folder) holds one record per
// type; each is queried back encoded in each format that has a reader and a
// writer, decoded, and compared. Zed's own formats give the value back; where
// a format cannot hold a type, the result Zed documents for it is listed
// below, or the error. A format added to the table later is expected to give
// every value back until its deviations are listed here.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalLake, type LocalLake } from '../../adapters/local/index.js';
import {
  allFormats,
  compile,
  encodeBatches,
  formatByName,
  lakeSources,
  readValues,
  TypeContext,
  ZedError,
  type Batch,
  type FormatEntry,
} from '../../src/index.js';
import { concatBytes, encodeAll, useLocalEngines, zsonLines, zsonValues } from '../support/formats.js';

/** One value of every type: [case name, ZSON]. */
const CASES: readonly (readonly [string, string])[] = [
  ['uint8', '255(uint8)'],
  ['uint16', '65535(uint16)'],
  ['uint32', '4294967295(uint32)'],
  ['uint64', '18446744073709551615(uint64)'],
  ['int8', '-128(int8)'],
  ['int16', '-32768(int16)'],
  ['int32', '-2147483648(int32)'],
  ['int64', '-9223372036854775808'],
  ['duration', '1h2m3.000000004s'],
  ['time', '2024-01-02T03:04:05.123456789Z'],
  ['float16', '1.5(float16)'],
  ['float32', '3.4028235e+38(float32)'],
  ['float64', '0.1'],
  ['bool', 'true'],
  ['bytes', '0x00ff10'],
  ['string', '"zoé, \\"q\\"\\t🚀"'],
  ['ip', '10.0.0.1'],
  ['ip6', 'fe80::eef4:bbff:fe51:89ec'],
  ['net', '10.0.0.0/8'],
  ['type', '<{a:int64,b:[string]}>'],
  ['null', 'null'],
  ['record', '{a:1,b:"x"}'],
  ['nested record', '{a:{b:{c:1}}}'],
  ['empty record', '{}'],
  ['array', '[1,2,3]'],
  ['array of strings', '["a","b"]'],
  ['empty array', '[]([int64])'],
  ['set', '|[1,2]|'],
  ['map', '|{"a":1,"b":2}|'],
  ['union', '1((int64,string))'],
  ['enum', '%HEADS(enum(HEADS,TAILS))'],
  ['error', 'error("boom")'],
  ['named', '80(port=uint16)'],
  ['named record', '{x:1}(=point)'],
  ['null int64', 'null(int64)'],
  ['null record', 'null({a:int64})'],
  ['null array', 'null([string])'],
];

type Expectation = string | RegExp;

/**
 * JSON (zio/jsonio): numbers come back as int64 when they fit, else float64;
 * values without a JSON form are written as strings; names, set-ness and
 * union tags are lost; maps become objects; an error is {"error": ...}.
 */
const JSON_RESULTS: Record<string, Expectation> = {
  uint8: '{k:0,v:255}',
  uint16: '{k:1,v:65535}',
  uint32: '{k:2,v:4294967295}',
  uint64: '{k:3,v:1.8446744073709552e+19}',
  int8: '{k:4,v:-128}',
  int16: '{k:5,v:-32768}',
  int32: '{k:6,v:-2147483648}',
  duration: '{k:8,v:"1h2m3.000000004s"}',
  time: '{k:9,v:"2024-01-02T03:04:05.123456789Z"}',
  float16: '{k:10,v:1.5}',
  float32: '{k:11,v:3.4028234663852886e+38}',
  bytes: '{k:14,v:"0x00ff10"}',
  ip: '{k:16,v:"10.0.0.1"}',
  ip6: '{k:17,v:"fe80::eef4:bbff:fe51:89ec"}',
  net: '{k:18,v:"10.0.0.0/8"}',
  type: '{k:19,v:"<{a:int64,b:[string]}>"}',
  'empty array': '{k:26,v:[]([null])}',
  set: '{k:27,v:[1,2]}',
  map: '{k:28,v:{a:1,b:2}}',
  union: '{k:29,v:1}',
  enum: '{k:30,v:"HEADS"}',
  error: '{k:31,v:{error:"boom"}}',
  named: '{k:32,v:80}',
  'named record': '{k:33,v:{x:1}}',
  'null int64': '{k:34,v:null}',
  'null record': '{k:35,v:null}',
  'null array': '{k:36,v:null}',
};

/**
 * CSV and TSV (zio/csvio): records are flattened into dotted names, values
 * are written as text (ZSON for complex ones, unions and names stripped) and
 * read back as float64, bool, string or null (reader.go convertString).
 */
const CSV_RESULTS: Record<string, Expectation> = {
  uint8: '{k:0.,v:255.}',
  uint16: '{k:1.,v:65535.}',
  uint32: '{k:2.,v:4294967295.}',
  uint64: '{k:3.,v:1.8446744073709552e+19}',
  int8: '{k:4.,v:-128.}',
  int16: '{k:5.,v:-32768.}',
  int32: '{k:6.,v:-2147483648.}',
  int64: '{k:7.,v:-9223372036854775808.}',
  duration: '{k:8.,v:"1h2m3.000000004s"}',
  time: '{k:9.,v:"2024-01-02T03:04:05.123456789Z"}',
  float16: '{k:10.,v:1.5}',
  float32: '{k:11.,v:3.4028235e+38}',
  float64: '{k:12.,v:0.1}',
  bool: '{k:13.,v:true}',
  bytes: '{k:14.,v:"0x00ff10"}',
  string: '{k:15.,v:"zoé, \\"q\\"\\t🚀"}',
  ip: '{k:16.,v:"10.0.0.1"}',
  ip6: '{k:17.,v:"fe80::eef4:bbff:fe51:89ec"}',
  net: '{k:18.,v:"10.0.0.0/8"}',
  type: '{k:19.,v:"<{a:int64,b:[string]}>"}',
  null: '{k:20.,v:null}',
  record: '{k:21.,"v.a":1.,"v.b":"x"}',
  'nested record': '{k:22.,"v.a.b.c":1.}',
  'empty record': '{k:23.}',
  array: '{k:24.,v:"[1,2,3]"}',
  'array of strings': '{k:25.,v:"[\\"a\\",\\"b\\"]"}',
  'empty array': '{k:26.,v:"[]"}',
  set: '{k:27.,v:"|[1,2]|"}',
  map: '{k:28.,v:"|{\\"a\\":1,\\"b\\":2}|"}',
  union: '{k:29.,v:1.}',
  enum: '{k:30.,v:"%HEADS(enum(HEADS,TAILS))"}',
  error: '{k:31.,v:"error(\\"boom\\")"}',
  named: '{k:32.,v:80.}',
  'named record': '{k:33.,"v.x":1.}',
  'null int64': '{k:34.,v:null}',
  'null record': '{k:35.,"v.a":null}',
  'null array': '{k:36.,v:null}',
};

/**
 * Zeek (zio/zeekio/types.go): small integers are "int", uint64 is "count",
 * floats are "double", names other than port and zenum are dropped, records
 * are flattened into dotted columns (so a null record reads back as a record
 * of nulls); bytes, type, null, map, union, enum and error values have no
 * Zeek type and are refused.
 */
const ZEEK_REFUSED = /type cannot be represented in zeek format/;
const ZEEK_RESULTS: Record<string, Expectation> = {
  uint8: '{k:0,v:255}',
  uint16: '{k:1,v:65535}',
  uint32: '{k:2,v:4294967295}',
  int8: '{k:4,v:-128}',
  int16: '{k:5,v:-32768}',
  int32: '{k:6,v:-2147483648}',
  float16: '{k:10,v:1.5}',
  float32: '{k:11,v:3.4028235e+38}',
  bytes: ZEEK_REFUSED,
  type: ZEEK_REFUSED,
  null: ZEEK_REFUSED,
  'empty record': '{k:23}',
  map: ZEEK_REFUSED,
  union: ZEEK_REFUSED,
  enum: ZEEK_REFUSED,
  error: ZEEK_REFUSED,
  'named record': '{k:33,v:{x:1}}',
  'null record': '{k:35,v:{a:null(int64)}}',
};

/**
 * Arrow IPC (zio/arrowio): ip, net and type values become strings, as do
 * enums (their symbol) and errors (their ZSON); sets become lists, names are
 * dropped, and an empty record has no Arrow struct.
 */
const ARROW_RESULTS: Record<string, Expectation> = {
  ip: '{k:16,v:"10.0.0.1"}',
  ip6: '{k:17,v:"fe80::eef4:bbff:fe51:89ec"}',
  net: '{k:18,v:"10.0.0.0/8"}',
  type: '{k:19,v:"{a:int64,b:[string]}"}',
  'empty record': /arrowio: unsupported type: empty record/,
  set: '{k:27,v:[1,2]}',
  enum: '{k:30,v:"HEADS"}',
  error: '{k:31,v:"error(\\"boom\\")"}',
  named: '{k:32,v:80(uint16)}',
  'named record': '{k:33,v:{x:1}}',
};

/** Parquet (zio/parquetio): Arrow's mapping, less what Parquet has no type for. */
const PARQUET_RESULTS: Record<string, Expectation> = {
  ...ARROW_RESULTS,
  duration: /parquetio: unsupported type: not implemented: support for DURATION/,
  float16: /parquetio: unsupported type: not implemented: support for FLOAT16/,
  'empty record': /parquetio: unsupported type: empty record/,
  union: /parquetio: unsupported type: not implemented: support for DENSE_UNION/,
};

/** Where a format does not give the value back (by format, then case). */
const DEVIATIONS: Partial<Record<string, Record<string, Expectation>>> = {
  json: JSON_RESULTS,
  ndjson: JSON_RESULTS,
  csv: CSV_RESULTS,
  tsv: CSV_RESULTS,
  zeek: ZEEK_RESULTS,
  arrows: ARROW_RESULTS,
  parquet: PARQUET_RESULTS,
  // VNG has no enum encoding (vng/encoder.go NewEncoder).
  vng: { enum: /unsupported type in VNG file: enum/ },
};

const te = new TextEncoder();
let local: LocalLake;
let dir: string;

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });
}

/** Runs `text` over the lake; returns its output in `format`. */
async function query(text: string, format: string): Promise<Uint8Array> {
  const zctx = new TypeContext();
  const q = compile(text, { zctx, sources: lakeSources(local.lake, zctx) });
  const enc = formatByName(format)!.encoder!({ pretty: 0 });
  const parts: Uint8Array[] = [];
  async function* none(): AsyncGenerator<Batch> {}
  for await (const c of encodeBatches(q.pipeline.run(none(), zctx), enc)) parts.push(typeof c === 'string' ? te.encode(c) : c);
  return concatBytes(parts);
}

function decode(f: FormatEntry, bytes: Uint8Array): string[] {
  const dec = f.decoder!(new TypeContext(), {});
  return zsonLines([...dec.push(bytes), ...dec.end()]);
}

/** The case read back through `f`: its ZSON, or the error's message. */
async function trip(f: FormatEntry, k: number): Promise<{ zson: string } | { error: unknown }> {
  try {
    return { zson: decode(f, await query(`from every | k==${k}`, f.name)).join('\n') };
  } catch (error) {
    return { error };
  }
}

const formats = allFormats().filter((f) => f.decoder !== undefined && f.encoder !== undefined);

beforeAll(async () => {
  useLocalEngines();
  dir = mkdtempSync(join(tmpdir(), 'zlake-roundtrip-'));
  local = await openLocalLake(dir);
  await local.lake.createPool('every', { layout: { order: 'asc', keys: [['k']] } });
  const text = CASES.map(([, z], k) => `{k:${k},v:${z}}`).join('\n');
  await local.lake.load('every', 'main', readValues(streamOf(te.encode(text)), new TypeContext(), { format: 'zson' }));
});

afterAll(() => {
  local?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('every type through every format', () => {
  it('the pool holds one value of every type', async () => {
    const back = decode(formatByName('zson')!, await query('from every', 'zson'));
    expect(back).toEqual(CASES.map(([, z], k) => `{k:${k},v:${z}}`));
  });

  it('the table has formats that read and write, and every deviation names a case', () => {
    expect(formats.map((f) => f.name)).toEqual(expect.arrayContaining(['zson', 'zng', 'zjson', 'json', 'csv', 'tsv', 'zeek']));
    const names = new Set(CASES.map(([n]) => n));
    for (const table of Object.values(DEVIATIONS)) for (const n of Object.keys(table!)) expect(names).toContain(n);
  });

  for (const f of formats) {
    it(`${f.name}: each value comes back, or as Zed documents, or with a clear error`, async () => {
      const problems: string[] = [];
      for (let k = 0; k < CASES.length; k++) {
        const [name, zson] = CASES[k]!;
        const want = DEVIATIONS[f.name]?.[name] ?? `{k:${k},v:${zson}}`;
        const got = await trip(f, k);
        if ('error' in got) {
          const msg = got.error instanceof Error ? got.error.message : String(got.error);
          if (!(want instanceof RegExp) || !want.test(msg) || !(got.error instanceof ZedError)) {
            problems.push(`${name}: ${got.error instanceof ZedError ? '' : 'not a ZedError: '}${msg}`);
          }
        } else if (want instanceof RegExp) {
          problems.push(`${name}: wanted an error ${want}, got ${got.zson}`);
        } else if (got.zson !== want) {
          problems.push(`${name}: wanted ${want}, got ${got.zson}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  for (const f of formats) {
    it(`${f.name}: data written in it loads into a pool, named or detected`, async () => {
      const values = zsonValues('{k:1,s:"a",f:1.5}\n{k:2,s:"zoé",f:-2.}\n');
      const bytes = encodeAll(f.name, values);
      const pool = `load-${f.name}`;
      await local.lake.createPool(pool, { layout: { order: 'asc', keys: [['k']] } });
      await local.lake.load(pool, 'main', readValues(streamOf(bytes), new TypeContext(), { format: f.name }));
      const want = decode(f, bytes);
      expect(decode(formatByName('zson')!, await query(`from ${JSON.stringify(pool)}`, 'zson'))).toEqual(want);
      if (f.detect !== undefined && f.detect.kind !== 'never') {
        // Detected, as a file would be (Parquet and VNG need one).
        await local.lake.load(pool, 'main', readValues(streamOf(bytes), new TypeContext(), { seekable: true }));
        expect(decode(formatByName('zson')!, await query(`from ${JSON.stringify(pool)} | count()`, 'zson'))).toEqual(['4(uint64)']);
      }
    });
  }
});
